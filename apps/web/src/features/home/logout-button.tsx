import { confirmDialog } from '../../lib/dialog/confirm-dialog.ts'
import { useEndSession } from './use-end-session.ts'

/** 退出登录 / 切换账号 in the home title bar: after a confirmation the session ends and the login screen opens. */
export function LogoutButton() {
  const endSession = useEndSession()

  const leave = async () => {
    const confirmed = await confirmDialog({ content: '退出当前账号？退出后可使用其他账号登录', confirmText: '退出登录', cancelText: '取消' })
    if (confirmed) await endSession()
  }

  return (
    <button type="button" className="logout-button" onClick={() => void leave()}>
      退出登录
    </button>
  )
}
