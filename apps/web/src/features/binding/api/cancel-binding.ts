import { post } from '../../../lib/request/request.ts'

/**
 * POST /paas-composite-seal/sealBind/cancel (002 §7): ends a binding in effect with the caller's password
 * (the seal password for the holder, the use password for a manager). Refusals come back to the caller.
 */
export function cancelBinding(body: { id: string; password: string }) {
  return post<null>('/paas-composite-seal/sealBind/cancel', { identityType: '111', ...body }, { base: 'bind', silent: true })
}
