import { useNavigate } from 'react-router-dom'
import { NoticeBar } from 'antd-mobile'
import { acceptancePath, sealAuthMessages, type AuthorizationItem } from '@seal/shared/api/seal-auth'
import { authUseType } from '@seal/shared/codes/authorization'

/**
 * Home's door for a seal user (issue #19 §4): an authorisation waiting for them says which seal and opens its
 * acceptance; several are counted and open 待办中心, which lists them.
 */
export function WaitingNotice({ waiting }: { waiting: AuthorizationItem[] }) {
  const navigate = useNavigate()
  const [first] = waiting
  if (!first) return null
  const one = waiting.length === 1
  const text = one ? sealAuthMessages.waitingOne(first.businessName, first.sealName, first.authUseType === authUseType.MANAGE) : sealAuthMessages.waitingMany(waiting.length)
  return (
    <div className="home-waiting" role="status" aria-label="待接受的授权">
      <NoticeBar
        color="info"
        wrap
        content={text}
        extra={
          <button type="button" className="home-waiting-link" onClick={() => navigate(one ? acceptancePath(first.authId) : '/agency-center')}>
            {one ? '去接受' : '去处理'}
          </button>
        }
      />
    </div>
  )
}
