import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { multipleSealsBody } from '@seal/shared/api/older-apply'
import { unitApplicationForm, type ApplySealItem } from '@seal/shared/api/unit-apply'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { sealOptionBusinessType } from '@seal/shared/codes/business-type'
import { sealTypeCode, sealTypeLabel } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { olderApplyMessages, olderSealSetupProblem } from '@seal/shared/rules/older-apply'
import { stripWhitespace } from '@seal/shared/rules/seal-password'
import type { Caller } from '../plugins/caller.ts'
import { sessions, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { realNameMessages } from '../identity/real-name/verify.ts'
import type { SmsProvider } from '../identity/sms-provider.ts'
import { enterpriseVerifications } from '../identity/tables.ts'
import { seals } from '../seals/tables.ts'
import type { Trust } from '../trust/context.ts'
import { ownApplication } from '../unit-apply/access.ts'
import { applyServerMessages } from '../unit-apply/messages.ts'
import { storeApplication, submitApplication } from '../unit-apply/service.ts'
import type { StoredForm, UnitApplication } from '../unit-apply/tables.ts'
import { OLDER_DOOR } from './draft.ts'

type MultipleSeals = z.infer<typeof multipleSealsBody>

/**
 * POST /apply/multiple/seals (001 §7): the older wizard's submission. The unit verification of step 2 (its
 * `ranId`, asked by this caller in this session) names the application it verified; the seals, their pictures
 * and the seal password complete it, and it is submitted through the new wizard's service: the whole chain of
 * checks again, one move out of 暂存, review after it.
 *
 * Whose it is (DESIGN.md "Identity is verified, never declared"): the verified legal representative's own.
 * With a passed verification his submission counts as his signature (legalSignedBy), as the new wizard's signed
 * application does, and automatic review may approve it; with a failed one it goes to a person's review with
 * the signed application form (manual review, never a dead end). The PIN is hashed (argon2id) the moment it
 * arrives, as the new wizard's step 2 hashes it.
 */
export async function submitMultipleSeals(options: { trust: Trust; caller: Caller; body: MultipleSeals; log: FastifyBaseLogger; sms?: SmsProvider }) {
  const { trust, caller, body } = options
  const db = trust.db
  if (!caller.person.verified) throw businessError(realNameMessages.notVerified)
  const application = await verifiedDraft(db, caller, body.ranId)
  const problem = bodyProblem(body, application.form) ?? (await physicalCodeProblem(db, application.form.socialCreditCode, body.cloudApplyParams))
  if (problem) throw businessError(problem)
  const pin = stripWhitespace(body.cloudApplyParams[0]!.pin)

  const form = unitApplicationForm.parse({
    ...application.form,
    id: application.id,
    businessType: application.businessType,
    applyType: application.applyType,
    sealInfo: body.cloudApplyParams.map(sealItemOf),
    applicationFiles: body.applicationFiles,
    truthful: body.truthful,
    legalPassword: pin,
    legalPasswordConfirm: pin,
  })
  await storeApplication({ db, caller, body: form })
  const submitted = await submitApplication({ trust, caller, id: application.id, log: options.log, sms: options.sms, signedBySubmitter: true })
  return { logId: submitted.id, applyStatus: submitted.applyStatus }
}

/**
 * The caller's older draft that the verification `ranId` verified: asked by this account after this session
 * began, the application's latest verification, still 暂存. Anything else is told to verify again.
 */
async function verifiedDraft(db: Database, caller: Caller, ranId: string): Promise<UnitApplication> {
  const [verification] = await db
    .select({ applicationId: enterpriseVerifications.applicationId, createdAt: enterpriseVerifications.createdAt })
    .from(enterpriseVerifications)
    .where(and(eq(enterpriseVerifications.ranId, ranId), eq(enterpriseVerifications.requestedBy, caller.accountId)))
    .limit(1)
  if (!verification?.applicationId) throw businessError(olderApplyMessages.verificationRequired)
  const [session] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, caller.sessionId)).limit(1)
  if (!session || verification.createdAt < session.createdAt) throw businessError(olderApplyMessages.verificationStale)
  const application = await ownApplication(db, caller, verification.applicationId)
  if (application.form.door !== OLDER_DOOR) throw businessError(olderApplyMessages.notOlderDraft)
  if (application.applyStatus !== applyStatus.TEMPORARY_SAVE) throw businessError(applyServerMessages.alreadySubmitted)
  // A later verification (or one that did not answer) replaced this one: only the latest verdict stands.
  if (application.serialNo !== ranId) throw businessError(olderApplyMessages.verificationStale)
  return application
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase()

/**
 * The body against what was verified: the same unit, legal representative and pictures as the stored
 * draft; new applications only, one PIN; then the older wizard's step-4 rule (shared with the screen).
 */
function bodyProblem(body: MultipleSeals, form: StoredForm): string | null {
  const region = form.addr.at(-1) ?? ''
  const drafted =
    same(body.personFront, form.legalPersonIdFrontFileId) &&
    same(body.personBack, form.legalPersonIdBackFileId) &&
    same(body.license, form.businessLicense) &&
    same(body.tel, form.legalTel) &&
    (!body.unitTypeCode || same(body.unitTypeCode, form.unitTypeCode)) &&
    body.cloudApplyParams.every(
      (seal) =>
        same(seal.unitName, form.unitName) &&
        same(seal.socialCreditCode, form.socialCreditCode) &&
        same(seal.personIdentity, form.legalPersonIdentityNo) &&
        same(seal.personName, form.legalPersonName) &&
        (!seal.unitAdminNum || same(seal.unitAdminNum, region)) &&
        (!seal.unitTypeCode || same(seal.unitTypeCode, form.unitTypeCode)),
    )
  if (!drafted) return olderApplyMessages.draftDiffers
  if (body.cloudApplyParams.some((seal) => seal.applyType !== sealOptionBusinessType.APPLY)) return olderApplyMessages.applyOnly
  const pins = new Set(body.cloudApplyParams.map((seal) => stripWhitespace(seal.pin)))
  if (pins.size > 1) return olderApplyMessages.onePin
  const pin = [...pins][0] ?? ''
  return olderSealSetupProblem(body.cloudApplyParams, pin, pin)
}

/**
 * A physical seal code (step 4-1) is one the unit's own records bear for that seal type, as POST /seal/queryMake
 * found it: a seal is not made under a code of another unit's or another type's (未查询到印章).
 */
async function physicalCodeProblem(db: Database, socialCreditCode: string, items: MultipleSeals['cloudApplyParams']): Promise<string | null> {
  for (const item of items.filter((seal) => seal.sealCode.trim())) {
    const [found] = await db
      .select({ id: seals.id })
      .from(seals)
      .innerJoin(units, eq(units.id, seals.unitId))
      .where(and(eq(units.socialCreditCode, socialCreditCode.trim().toUpperCase()), eq(seals.sealCode, item.sealCode.trim()), eq(seals.sealTypeCode, item.sealTypeCode)))
      .limit(1)
    if (!found) return messages.sealNotFound
  }
  return null
}

let itemSerial = 0

/** One cloudApplyParam as the application's seal item (the review names the seal; other-type seals keep theirs). */
function sealItemOf(seal: MultipleSeals['cloudApplyParams'][number]): ApplySealItem {
  const typeName = sealTypeLabel(seal.sealTypeCode)
  return {
    _id: `older-${Date.now().toString(36)}-${++itemSerial}`,
    sealId: '',
    sealCode: seal.sealCode.trim(),
    sealName: seal.sealTypeCode === sealTypeCode.OTHER ? seal.sealName.trim() : typeName,
    sealTypeCode: seal.sealTypeCode,
    sealTypeName: typeName,
    sealPic: seal.manualReview ? '' : seal.sealPic,
    originalFileId: seal.originalFileId,
    // A photo goes to a reviewer after the extractor failed twice (001 §9: threshold 1).
    errorCount: seal.manualReview ? 2 : 0,
    manualReview: seal.manualReview,
  }
}
