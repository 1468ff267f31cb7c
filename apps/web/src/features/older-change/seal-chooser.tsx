import { DotLoading, ErrorBlock, List } from 'antd-mobile'
import type { SealItem } from '@seal/shared/api/seals'
import { sealStatus } from '@seal/shared/codes/seal-status'
import { beijingDottedDate } from '@seal/shared/text/beijing-time'
import { useHeldSeals } from './api/held-seals.ts'

/**
 * The unit seals the caller holds that a change (in effect) or a renewal (the renewal rule, /seal/canRenewal's
 * `canRenewal`) may start from; choosing one opens the first step for it. None: 暂无可变更的印章 / 暂无可续期的印章.
 */
export function SealChooser({ purpose, emptyTitle, onChoose }: { purpose: 'change' | 'renewal'; emptyTitle: string; onChoose: (seal: SealItem) => void }) {
  const held = useHeldSeals()
  if (held.isPending) {
    return (
      <div className="older-loading" role="status">
        <DotLoading color="primary" />
        <span>加载中</span>
      </div>
    )
  }
  const usable = (held.data ?? []).filter((seal) => seal.socialCreditCode && (purpose === 'renewal' ? seal.canRenewal : seal.status === sealStatus.IN_EFFECT))
  if (usable.length === 0) return <ErrorBlock status="empty" title={emptyTitle} description="" />
  return (
    <List header={purpose === 'renewal' ? '请选择需要续期的印章' : '请选择需要变更的印章'} aria-label="选择印章">
      {usable.map((seal: SealItem) => (
        <List.Item key={seal.id} description={`${seal.businessName} · 有效期至 ${beijingDottedDate(seal.certEndTime)}`} extra={seal.blnWillExpires ? '即将到期' : undefined} onClick={() => onChoose(seal)}>
          <span className="older-seal-name">{seal.sealName}</span>
        </List.Item>
      ))}
    </List>
  )
}
