import type { SealItem } from '@seal/shared/api/seals'
import { failedSealStatuses } from '@seal/shared/codes/seal-status'
import { apiLink } from '../../lib/request/request.ts'
// Its sizes (.seal-picture, -large, -failed) travel with it to the screens of other features.
import './my-seals.css'

/**
 * A seal's picture that cannot be saved by right-click, long press or drag (spec 000 §2), greyed when the
 * seal is no longer usable.
 */
export function SealPicture({ seal, large = false }: { seal: SealItem; large?: boolean }) {
  const failed = (failedSealStatuses as readonly string[]).includes(seal.status)
  const className = ['seal-picture', large ? 'seal-picture-large' : '', failed ? 'seal-picture-failed' : ''].filter(Boolean).join(' ')
  if (!seal.sealPic) return <div className={`${className} seal-picture-empty`} aria-hidden />
  return (
    <img
      className={className}
      src={apiLink(seal.sealPic)}
      alt={`${seal.sealName}印章图片`}
      draggable={false}
      onContextMenu={(event) => event.preventDefault()}
      onDragStart={(event) => event.preventDefault()}
    />
  )
}
