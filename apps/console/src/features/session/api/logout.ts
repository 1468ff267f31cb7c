import { api } from '../../../lib/request.ts'
import { clearToken } from '../../../lib/session.ts'
import { queryClient } from '../../../app/query-client.ts'

/** DELETE /admin/session: ends the session on the server, then forgets it here whatever the answer. */
export async function logout() {
  try {
    await api<null>('DELETE', '/admin/session')
  } catch {
    // The session may already be gone; the browser forgets it all the same.
  }
  clearToken()
  queryClient.clear()
}
