import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { getSessionValue, sessionKeys, setSessionValue, setToken } from '../../lib/session/session.ts'
import { loginByHostAssertion } from './api/login-host.ts'

export type HostLogin = { pending: boolean; error?: string }

/**
 * The login assertion a host launched with (launch-params.ts), exchanged once for a session: pending until
 * the server answers, then either logged in or the server's reason (expired, used, not signed by the host).
 */
export function useHostLogin(): HostLogin {
  const queryClient = useQueryClient()
  const [state, setState] = useState<HostLogin>(() => ({ pending: Boolean(getSessionValue(sessionKeys.hostAssertion)) }))
  useEffect(() => {
    const assertion = getSessionValue(sessionKeys.hostAssertion)
    if (!assertion) return
    // Single-use either way: taken out before the call, so a second render does not send it again.
    setSessionValue(sessionKeys.hostAssertion, null)
    loginByHostAssertion({ assertion }).then(
      (result) => {
        setToken(result.token)
        queryClient.clear()
        setState({ pending: false })
      },
      (error: unknown) => setState({ pending: false, error: error instanceof Error ? error.message : String(error) }),
    )
  }, [queryClient])
  return state
}
