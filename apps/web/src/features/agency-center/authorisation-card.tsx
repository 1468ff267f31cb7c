import type { BacklogItem } from '@seal/shared/api/backlog'
import { authUseType } from '@seal/shared/codes/authorization'
import { backlogStatusLabel } from '@seal/shared/codes/backlog'
import { beijingDottedDate } from '@seal/shared/text/beijing-time'

type Authorisation = NonNullable<BacklogItem['authorization']>

/**
 * A 待办中心 item that is an authorisation waiting for me (ours, issue #19 §4): the unit, the seal, who
 * granted it and the period, so the seal user knows what they are asked to accept before opening it.
 */
export function AuthorisationCard({ item, authorization, onOpen }: { item: BacklogItem; authorization: Authorisation; onOpen: () => void }) {
  const what = authorization.authUseType === authUseType.MANAGE ? '管理' : '使用'
  return (
    <article className="agency-card" aria-label={item.sealUseCompany}>
      <button type="button" className="agency-card-open" onClick={onOpen}>
        <header>
          <strong>{item.sealUseCompany}</strong>
          <span className={`agency-status agency-status-${item.status}`}>{backlogStatusLabel(item.status)}</span>
        </header>
        <dl>
          <div>
            <dt>事项</dt>
            <dd>{`接受印章授权（${what}）`}</dd>
          </div>
          <div>
            <dt>印章</dt>
            <dd>{authorization.sealName}</dd>
          </div>
          <div>
            <dt>授权人</dt>
            <dd>{authorization.grantorName}</dd>
          </div>
          <div>
            <dt>授权期限</dt>
            <dd>{`${beijingDottedDate(authorization.startTime)} 至 ${beijingDottedDate(authorization.endTime)}`}</dd>
          </div>
        </dl>
      </button>
    </article>
  )
}
