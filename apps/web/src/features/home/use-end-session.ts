import { useNavigate } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { clearToken } from '../../lib/session/session.ts'
import { logout } from './api/logout.ts'

/**
 * Ends this session and opens the login screen at `loginPath`: the session ends on the server, the token
 * and everything cached for this person are forgotten. A session the server already forgot ends all the same.
 */
export function useEndSession() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return async (loginPath = '/login') => {
    await logout().catch(() => undefined)
    clearToken()
    sessionStorage.clear()
    queryClient.clear()
    navigate(loginPath, { replace: true })
  }
}
