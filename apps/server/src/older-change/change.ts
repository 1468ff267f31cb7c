import { and, asc, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { checkChangeLegalBody, CheckChangeLegalAnswer, getUpdateAuthFileBody, GetUpdateAuthFileAnswer, OlderSubmissionAnswer, updateOrApplyBody } from '@seal/shared/api/older-change'
import { olderChangeMessages } from '@seal/shared/api/older-change'
import { applicantKind, applyTypeNumber, businessType, changeType } from '@seal/shared/codes/business-type'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { messages, messageTemplates } from '@seal/shared/messages'
import { changeTypeOf, needsNewPicture, renamesUnit, type StepForm } from '@seal/shared/rules/unit-apply'
import type { Caller } from '../plugins/caller.ts'
import { businessError } from '../errors.ts'
import type { FileStore } from '../files/store.ts'
import type { SmsProvider } from '../identity/sms-provider.ts'
import { seals } from '../seals/tables.ts'
import type { Trust } from '../trust/context.ts'
import { changeOriginalOf } from '../unit-apply/checks.ts'
import { submitApplication } from '../unit-apply/service.ts'
import { documentsToSign } from '../unit-apply/signing.ts'
import type { UnitApplication } from '../unit-apply/tables.ts'
import type { Database } from '../db/client.ts'
import { assertHolder, assertPayloadMatches, assertSignedBy, keepAuthorisations, markOlderDoor, olderDraft } from './door.ts'

/**
 * 印章变更 through the older pages (/seal-change, 001 §2 "Step-based application", §4 "Change type code",
 * §7): the change check, the authorisation file to sign, and the submission of the signed change. The
 * change itself is the new wizard's CHANGE application, reviewed and reissued by unit-apply/review/change.ts.
 */

const upper = (value: string | undefined) => (value ?? '').trim().toUpperCase()

/**
 * The change of `row` as the shared rule types it against the unit on record now (not as it was when the
 * draft was saved: another change may have been approved since).
 */
async function changeTypeNow(db: Database, row: UnitApplication) {
  const original = await changeOriginalOf(db, row.sealId)
  return original ? changeTypeOf({ ...row.form, businessType: row.businessType, applyType: row.applyType }, original) : changeType.NOTHING_CHANGED
}

/**
 * POST /apply/checkChangeLegal: the unit as typed against the unit on record for the seal (changeOriginalOf,
 * the one place a change's starting point is read). Only the seal's holder asks (the verified legal
 * representative on record or the unit's enterprise login, naming himself); anyone else, and a seal that
 * is no unit's seal in effect, hears 暂无可变更的印章, as for a seal that does not exist.
 */
export async function checkChangeLegal(db: Database, caller: Caller, body: z.infer<typeof checkChangeLegalBody>): Promise<CheckChangeLegalAnswer> {
  const found = await assertHolder(db, caller, body.sealId, body.socialCreditCode, messages.noChangeableSeals)
  const original = await changeOriginalOf(db, body.sealId)
  if (!original) throw businessError(messages.noChangeableSeals)
  if (upper(body.personIdentity) !== upper(caller.person.identityNo) || body.personName.trim() !== caller.person.name) throw businessError(messageTemplates.identityMismatch('法人'))

  const form: StepForm = {
    businessType: businessType.CHANGE,
    applyType: applicantKind.LEGAL_APPLY,
    unitName: body.unitName?.trim() || original.orgUnitName,
    addr: ['', '', body.unitAdminNum ?? ''],
    legalPersonName: body.personName,
    legalPersonIdentityNo: body.personIdentity,
    sealInfo: body.sealTypeCodes.map((sealTypeCode, i) => ({ _id: String(i), sealTypeCode, sealId: '', sealCode: '', sealName: '', sealTypeName: '', sealPic: '', originalFileId: '', errorCount: 0, manualReview: false })),
  }
  const type = changeTypeOf(form, original)
  const inEffect = await db
    .select({ sealId: seals.id, sealTypeCode: seals.sealTypeCode, sealName: seals.sealName, sealCode: seals.sealCode })
    .from(seals)
    .where(and(eq(seals.unitId, found.unit!.id), eq(seals.status, sealStatusWide.VALID)))
    .orderBy(asc(seals.sealTypeCode), asc(seals.createdAt))
  const required = renamesUnit(form, original.orgUnitName) ? inEffect.map((seal) => seal.sealId) : (original.sealsNamingFormerUnit ?? [])
  return {
    isChange: type !== changeType.NOTHING_CHANGED,
    changeType: type,
    sealTypeList: inEffect.map((seal) => ({
      ...seal,
      sealTypeName: sealTypeLabel(seal.sealTypeCode),
      needsPicture: type !== changeType.NOTHING_CHANGED && needsNewPicture(form, seal.sealTypeCode, type),
    })),
    requiredSealIds: required,
  }
}

/**
 * POST /apply/getUpdateAuthFile: the change's draft (by its verification) keeps the authorisations named
 * (all, or none), and the documents the legal representative signs come back, the application form first
 * as the authorisation file with where his signature goes. What it names must be the draft's.
 */
export async function getUpdateAuthFile(options: { db: Database; store: FileStore; caller: Caller; body: z.infer<typeof getUpdateAuthFileBody>; now: Date }): Promise<GetUpdateAuthFileAnswer> {
  const { db, caller, body } = options
  const row = await olderDraft(db, caller, { ranId: body.ranId, type: businessType.CHANGE })
  const form = row.form
  const same =
    body.businessName.trim() === form.unitName &&
    upper(body.socialCreditCode) === row.socialCreditCode &&
    body.personName.trim() === form.legalPersonName.trim() &&
    upper(body.personIdentity) === upper(form.legalPersonIdentityNo)
  if (!same) throw businessError(olderChangeMessages.payloadDiffers)
  if ((await changeTypeNow(db, row)) === changeType.NOTHING_CHANGED) throw businessError(messages.nothingChanged)
  await keepAuthorisations(db, caller, row, body.authIds, options.now)
  const documents = await documentsToSign({ db, store: options.store, caller, id: row.id })
  const authFile = documents.find((document) => document.key === 'applyFormId') ?? documents[0]!
  return {
    authFileId: authFile.fileId,
    signLocation: authFile.signLocation,
    files: [authFile, ...documents.filter((document) => document !== authFile)].map(({ key, title, fileId }) => ({ key, title, fileId })),
  }
}

/**
 * POST /apply/multiple/updateOrApply: the signed change goes to review. The payload must say what the
 * verified draft says (the draft is the record), the change must change something (type 0: 检查到信息未发生
 * 更新，不可进行变更，请返回确认信息), the authorisations kept are all or none, and the legal representative
 * signed it himself; then the draft is marked as the older door's and submitted as the new wizard submits
 * (every step checked again, one conditional move, review).
 */
export async function updateOrApply(options: {
  trust: Trust
  caller: Caller
  body: z.infer<typeof updateOrApplyBody>
  log: FastifyBaseLogger
  sms?: SmsProvider
}): Promise<OlderSubmissionAnswer> {
  const { trust, caller, body } = options
  const db = trust.db
  let row = await olderDraft(db, caller, { ranId: body.ranId, type: businessType.CHANGE })
  if ((await changeTypeNow(db, row)) === changeType.NOTHING_CHANGED) throw businessError(messages.nothingChanged)
  assertPayloadMatches(row, body, String(applyTypeNumber.CHANGE))
  if (body.unitTypeCode && body.unitTypeCode !== row.form.unitTypeCode) throw businessError(olderChangeMessages.payloadDiffers)
  assertSignedBy(caller, row, body.authFileId)
  row = await keepAuthorisations(db, caller, row, body.authIds, trust.now())
  // Still signed after keeping them (they are not in the documents).
  assertSignedBy(caller, row, body.authFileId)
  await markOlderDoor(db, row.id)
  const submitted = await submitApplication({ trust, caller, id: row.id, log: options.log, ...(options.sms ? { sms: options.sms } : {}) })
  return { applyId: submitted.id, applyStatus: submitted.applyStatus }
}
