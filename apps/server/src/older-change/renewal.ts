import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import { olderChangeMessages, type multipleSealOperateBody, type OlderSubmissionAnswer } from '@seal/shared/api/older-change'
import { applyTypeNumber, businessType } from '@seal/shared/codes/business-type'
import type { Caller } from '../plugins/caller.ts'
import { businessError } from '../errors.ts'
import type { SmsProvider } from '../identity/sms-provider.ts'
import { renewalProblem } from '../seals/renewal.ts'
import type { Trust } from '../trust/context.ts'
import { submitApplication } from '../unit-apply/service.ts'
import { assertPayloadMatches, assertSignedBy, keepAuthorisations, markOlderDoor, olderDraft } from './door.ts'

/**
 * POST /paas-composite-seal/seal/apply/update/multipleSealOperate (001 §7, the renewal submission of
 * /seal-renewal/step-2): the signed renewal of the seals of cloudApplyParams (applyType 4) goes to review,
 * as the new wizard's RENEWAL application, which review renews (unit-apply/review/renewal.ts). Only seals the
 * renewal rule allows (/seal/canRenewal: in effect, a unit that is no administrative or public institution);
 * the authorisations of each seal are kept (authIds, all of them) or ended (none). An operator's renewal is
 * not this door's (the older pages serve the legal representative).
 */
export async function multipleSealOperate(options: {
  trust: Trust
  caller: Caller
  body: z.infer<typeof multipleSealOperateBody>
  log: FastifyBaseLogger
  sms?: SmsProvider
}): Promise<OlderSubmissionAnswer> {
  const { trust, caller, body } = options
  const db = trust.db
  if (body.isOperatorApply) throw businessError(olderChangeMessages.operatorNotHere)
  let row = await olderDraft(db, caller, { ranId: body.ranId, type: businessType.RENEWAL })
  assertPayloadMatches(row, body, String(applyTypeNumber.RENEWAL))
  const problem = await renewalProblem(db, {
    socialCreditCode: row.socialCreditCode,
    unitTypeCode: row.form.unitTypeCode,
    sealIds: [row.sealId, ...row.form.sealInfo.map((item) => item.sealId)],
  })
  if (problem) throw businessError(problem)
  assertSignedBy(caller, row)
  row = await keepAuthorisations(
    db,
    caller,
    row,
    body.cloudApplyParams.flatMap((param) => param.authIds ?? []),
    trust.now(),
  )
  assertSignedBy(caller, row)
  await markOlderDoor(db, row.id)
  const submitted = await submitApplication({ trust, caller, id: row.id, log: options.log, ...(options.sms ? { sms: options.sms } : {}) })
  return { applyId: submitted.id, applyStatus: submitted.applyStatus }
}
