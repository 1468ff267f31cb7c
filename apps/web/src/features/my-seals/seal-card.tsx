import { useNavigate } from 'react-router-dom'
import { Button, Tag } from 'antd-mobile'
import type { SealItem } from '@seal/shared/api/seals'
import { sealStatus, sealStatusLabels, type SealStatus } from '@seal/shared/codes/seal-status'
import { sealTypeLabels, type SealTypeCode } from '@seal/shared/codes/seal-type'
import { activationRoute, formatDate, type SealTab } from './seal-list-logic.ts'
import { SealPicture } from './seal-picture.tsx'

/**
 * One seal in the list: picture, name, type, validity, status; 去激活 when waiting for activation (6, 7: step 1
 * of activation for this seal), 修改密码 when in effect, 查看详情 always.
 */
export function SealCard({ seal, tab }: { seal: SealItem; tab: SealTab }) {
  const navigate = useNavigate()
  const activation = activationRoute(seal)
  const statusLabel = sealStatusLabels[seal.status as SealStatus] ?? '不可用'
  return (
    <article className="seal-card" aria-label={seal.sealName}>
      <SealPicture seal={seal} />
      <div className="seal-card-body">
        <h3>{seal.sealName}</h3>
        <p>{sealTypeLabels[seal.sealTypeCode as SealTypeCode] ?? seal.sealTypeCode}</p>
        <p>
          有效期：{formatDate(seal.certStartTime)} 至 {formatDate(seal.certEndTime)}
        </p>
        <div className="seal-card-tags">
          <Tag color={seal.status === sealStatus.IN_EFFECT ? 'success' : 'default'} fill="outline">
            {statusLabel}
          </Tag>
          {seal.blnWillExpires && (
            <Tag color="warning" fill="outline">
              即将到期
            </Tag>
          )}
        </div>
        <div className="seal-card-actions">
          {activation && (
            <Button size="small" color="primary" onClick={() => navigate(`${activation}?sealId=${encodeURIComponent(seal.id)}`)}>
              去激活
            </Button>
          )}
          {seal.status === sealStatus.IN_EFFECT && (
            <Button size="small" onClick={() => navigate(`/seal-edit-password/step-1?sealId=${seal.id}`)}>
              修改密码
            </Button>
          )}
          <Button size="small" color="primary" fill="outline" onClick={() => navigate(`/seal-preview/${tab}/${seal.id}`)}>
            查看详情
          </Button>
        </div>
      </div>
    </article>
  )
}
