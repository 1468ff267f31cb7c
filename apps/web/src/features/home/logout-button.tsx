import { useNavigate } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { confirmDialog } from '../../lib/dialog/confirm-dialog.ts'
import { clearToken } from '../../lib/session/session.ts'
import { logout } from './api/logout.ts'

/**
 * 退出登录 / 切换账号 in the home title bar: after a confirmation the session ends on the server, the
 * token and everything cached for this person are forgotten, and the login screen opens.
 */
export function LogoutButton() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  const leave = async () => {
    const confirmed = await confirmDialog({ content: '退出当前账号？退出后可使用其他账号登录', confirmText: '退出登录', cancelText: '取消' })
    if (!confirmed) return
    // A session the server already forgot is logged out all the same.
    await logout().catch(() => undefined)
    clearToken()
    sessionStorage.clear()
    queryClient.clear()
    navigate('/login', { replace: true })
  }

  return (
    <button type="button" className="logout-button" onClick={() => void leave()}>
      退出登录
    </button>
  )
}
