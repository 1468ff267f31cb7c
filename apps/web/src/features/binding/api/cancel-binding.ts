import { post } from '../../../lib/request/request.ts'

/**
 * POST /paas-composite-seal/sealBind/cancel (002 §7): ends a binding in effect with the caller's proof
 * (cancelProofUseType): the seal password for the holder, the use password for a manager, or the
 * `signatureId` of a handwriting just checked for a manager whose use method is handwriting only.
 * Refusals come back to the caller.
 */
export function cancelBinding(body: { id: string; password?: string | undefined; signatureId?: string | undefined }) {
  return post<null>('/paas-composite-seal/sealBind/cancel', { identityType: '111', ...body }, { base: 'bind', silent: true })
}
