import { Button, NoticeBar } from 'antd-mobile'
import { ownMessages } from '@seal/shared/messages'
import { usePendingSignatures } from './api/pending-signatures.ts'
import { useEndSession } from './use-end-session.ts'

/**
 * On the enterprise login's home: an operator's application waits for the legal representative, whose
 * 待办中心 opens only after 个人登录 with the same phone (002 §2). Says so, with the door to that login,
 * which opens the 待办中心 once logged in.
 */
export function PendingSignNotice() {
  const pending = usePendingSignatures(true)
  const endSession = useEndSession()
  if (!pending.data) return null
  return (
    <section className="home-pending-sign" aria-label="待签署的申请">
      <NoticeBar content={ownMessages.pendingSignOnPersonalLogin} color="alert" wrap />
      <Button size="small" color="primary" fill="outline" onClick={() => void endSession(`/login?${new URLSearchParams({ redirect: '/agency-center' })}`)}>
        切换个人登录
      </Button>
    </section>
  )
}
