import type { SealBindAnswer, SealBindBody } from '@seal/shared/api/binding'
import { post } from '../../../lib/request/request.ts'

/**
 * POST /paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo, or /rebind when `recordId` is given
 * (002 §7): the seal confirmed by password or handwriting and bound to the platform `id`. A refusal (wrong
 * password, counted; already bound) comes back as the server's message; the caller shows it.
 */
export function bindSeal(body: SealBindBody) {
  const path = body.recordId ? '/paas-composite-seal/sealBind/rebind' : '/paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo'
  return post<SealBindAnswer>(path, { identityType: '111', ...body }, { base: 'bind', silent: true })
}
