import { createHash, randomBytes } from 'node:crypto'
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { unitApplicationForm, type fourElementsAnswer, type fourElementsBody, type WizardStepKey } from '@seal/shared/api/unit-apply'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { applicantKind, businessType } from '@seal/shared/codes/business-type'
import { identityType } from '@seal/shared/codes/identity-type'
import { unitType } from '@seal/shared/codes/unit-type'
import { messageTemplates } from '@seal/shared/messages'
import { step1Problem, unitApplyMessages } from '@seal/shared/rules/unit-apply'
import type { Caller } from '../plugins/caller.ts'
import { realNameMessages } from '../identity/real-name/verify.ts'
import { resolveConfig } from '../config/service.ts'
import type { Database } from '../db/client.ts'
import { businessError, invalidInput, notFound } from '../errors.ts'
import {
  EnterpriseVerificationTimeout,
  EnterpriseVerificationUnavailable,
  enterpriseMessages,
  enterpriseResultStatus,
  type EnterpriseCheckResult,
  type EnterpriseProvider,
} from '../identity/enterprise-provider.ts'
import { faceStatus } from '../identity/face.ts'
import { enterpriseVerifications, faceVerifications } from '../identity/tables.ts'
import { changeOriginalOf, changeStepProblem, renameStepProblem } from './checks.ts'
import { unitApplications, type StoredForm, type UnitApplication } from './tables.ts'

type FourElementsBody = z.infer<typeof fourElementsBody>
type FourElementsAnswer = z.infer<typeof fourElementsAnswer>

/** A face check counts for the unit verification this long after it was completed. */
export const FACE_CHECK_VALID_MS = 30 * 60_000
/**
 * Each check reaches a paid vendor and says whether an ID number is a unit's legal representative: an
 * application may ask at most this many times a day (the attempts are counted before the vendor is asked).
 */
export const MAX_VERIFICATIONS_PER_DAY = 20

/** Messages of the unit verification the spec does not quote (ours). */
export const verificationMessages = {
  formDiffers: '核验信息与已暂存的申请不一致，请先暂存后再核验',
  formChanged: '申请信息在核验期间已修改，请重新核验',
  legalIdCardOnly: '法定代表人仅支持中国大陆居民身份证',
  faceRequired: '请先完成法定代表人人脸识别',
  faceNotPassed: '人脸核验未通过，请先完成人脸识别',
  faceExpired: '人脸识别已过期，请重新进行人脸识别',
  tooManyAttempts: '今日单位核验次数已达上限，请明天再试',
  timeout: unitApplyMessages.verificationTimeout,
} as const

/**
 * POST /apply/fourElementsOfEnterpriseVerification (spec 001 §4 "Step 1 continue", §7, §8): verifies the
 * unit of the caller's draft with the configured check (certificationType '1' four elements, '2' business
 * licence), after the draft's step 1 passes the wizard's own rules and the applicant is who they say.
 * Every call is recorded (enterprise_verifications); the outcome lands on the application:
 * - passed: companyVerifyPass true and the wizard moves on (seal setup '2'; a cancellation by the legal
 *   representative of an ordinary enterprise straight to its result '2-2', other cancellations '2-1');
 * - 40075 (the vendor cannot decide): the applicant first sees the dialog; with `continueToManualReview`
 *   the application goes on unverified (companyVerifyPass false) towards the upload of the signed form;
 * - other failures: companyVerifyPass false with the reason, and the wizard stays on step 1;
 * - no answer in time: 单位核验超时，请稍后重试, and the application is left as it was.
 */
export async function verifyUnit(options: {
  db: Database
  enterprise: EnterpriseProvider
  caller: Caller
  body: FourElementsBody
}): Promise<FourElementsAnswer> {
  const { db, caller, body } = options
  const application = await ownDraft(db, caller, body.applyId)
  const form = storedForm(application)
  assertSameAsDraft(body, form)
  // A change that changes nothing is told so before anyone is asked about the unit (001 §5).
  const original = application.businessType === businessType.CHANGE ? { changeOriginal: await changeOriginalOf(db, application.sealId) } : { changeOriginal: null }
  const asApplied = { ...form, businessType: application.businessType, applyType: application.applyType, sealId: application.sealId }
  const problem = step1Problem(form) ?? changeStepProblem(asApplied, original) ?? (await renameStepProblem(db, asApplied, original))
  if (problem) throw invalidInput(problem)
  const faceSerialNo = await assertApplicant({ db, caller, application, faceSerialNo: body.faceSerialNo })

  const config = await resolveConfig(db, { channel: caller.channel, socialCreditCode: form.socialCreditCode.toUpperCase(), identityNo: caller.person.identityNo })
  // String(): a stored '2' may come back from a jsonb column as the number 2.
  const method = String(config.certificationType) === '2' ? 'licence' : 'fourElements'
  const query = {
    socialCreditCode: form.socialCreditCode.trim().toUpperCase(),
    unitName: form.unitName.trim(),
    legalPersonName: form.legalPersonName.trim(),
    legalPersonIdentityNo: form.legalPersonIdentityNo.trim().toUpperCase(),
  }
  const ranId = await openAttempt({ db, caller, application, method, provider: options.enterprise.kind, query })

  let result: EnterpriseCheckResult
  try {
    result =
      method === 'licence'
        ? await options.enterprise.licence({ socialCreditCode: query.socialCreditCode, unitName: query.unitName, legalPersonName: query.legalPersonName })
        : await options.enterprise.fourElements(query)
  } catch (error) {
    // Not a verdict on the unit: the attempt is recorded and the application stays as it was.
    const timedOut = error instanceof EnterpriseVerificationTimeout
    const message = timedOut ? verificationMessages.timeout : enterpriseMessages.unavailable
    await closeAttempt(db, ranId, { resultStatus: timedOut ? 'timeout' : 'unavailable', responseInfo: message, passed: false })
    if (!timedOut && !(error instanceof EnterpriseVerificationUnavailable)) throw error
    throw businessError(message)
  }

  const undecided = result.resultStatus === enterpriseResultStatus.UNDECIDED
  const movesOn = result.passed || (undecided && body.continueToManualReview === true)
  const nextStep: WizardStepKey = !movesOn ? '1' : result.passed ? passedStep(form) : manualReviewStep(form)
  const reason = result.passed ? null : (result.reason ?? result.responseInfo)
  const storedReason = reason === null || reason === result.responseInfo ? reason : `${result.responseInfo}：${reason}`

  const updated = await db.transaction(async (tx) => {
    await tx
      .update(enterpriseVerifications)
      .set({ resultStatus: result.resultStatus, responseInfo: result.responseInfo.slice(0, 500), passed: result.passed })
      .where(eq(enterpriseVerifications.ranId, ranId))
    const [row] = await tx
      .update(unitApplications)
      .set({
        companyVerifyPass: result.passed,
        companyVerifyReason: storedReason?.slice(0, 500) ?? null,
        serialNo: ranId,
        ...(faceSerialNo ? { faceSerialNo } : {}),
        ...(movesOn ? { step: nextStep, form: sql`jsonb_set(${unitApplications.form}, '{step}', to_jsonb(${nextStep}::text))` } : {}),
        updatedAt: new Date(),
      })
      .where(and(stillDraft(application.id), sameElements(form)))
      .returning({ id: unitApplications.id })
    return row
  })
  // The draft was submitted, deleted or edited while the vendor answered: this result is not about it.
  if (!updated) throw businessError(verificationMessages.formChanged)

  return {
    resultStatus: result.resultStatus,
    responseInfo: result.responseInfo,
    data: { ranId, passed: result.passed, nextStep, reason },
  }
}

/** The caller's own application, still a draft; anyone else's is "not found" so ids cannot be probed. */
async function ownDraft(db: Database, caller: Caller, applyId: string): Promise<UnitApplication> {
  const [application] = await db
    .select()
    .from(unitApplications)
    .where(and(eq(unitApplications.id, applyId), eq(unitApplications.applicantPersonId, caller.person.id), isNull(unitApplications.deletedAt)))
    .limit(1)
  if (!application) throw notFound(unitApplyMessages.applicationNotFound)
  if (application.applyStatus !== applyStatus.TEMPORARY_SAVE) throw businessError(unitApplyMessages.notEditable)
  return application
}

/** The stored form with the contract's defaults, whatever an older save left out. */
function storedForm(application: UnitApplication): StoredForm {
  const parsed = unitApplicationForm.safeParse({ ...application.form, businessType: application.businessType, applyType: application.applyType })
  if (!parsed.success) throw invalidInput(unitApplyMessages.stepsMissing)
  return parsed.data
}

/** The client saves the draft before it verifies: what it sends must be what is saved. */
function assertSameAsDraft(body: FourElementsBody, form: StoredForm): void {
  const upper = (value: string | undefined) => (value ?? '').trim().toUpperCase()
  const same =
    upper(body.socialCode) === upper(form.socialCreditCode) &&
    body.name.trim() === form.unitName.trim() &&
    body.legal.trim() === form.legalPersonName.trim() &&
    upper(body.legalIdentity) === upper(form.legalPersonIdentityNo) &&
    (body.unitTypeCode === undefined || body.unitTypeCode === form.unitTypeCode) &&
    (body.unitAdminNum === undefined || body.unitAdminNum === (form.addr.at(-1) ?? ''))
  if (!same) throw businessError(verificationMessages.formDiffers)
}

/**
 * The applicant is who the application says: the legal representative applying is the caller, with a
 * recent successful face check of their own (its serial returned to be kept); an operator is the caller.
 */
async function assertApplicant(options: {
  db: Database
  caller: Caller
  application: UnitApplication
  faceSerialNo: string | undefined
}): Promise<string | null> {
  const { db, caller, application } = options
  const form = storedForm(application)
  if (application.applyType === applicantKind.OPERATOR_APPLY) {
    if (form.operatorIdCardNo.trim().toUpperCase() !== caller.person.identityNo.toUpperCase()) throw businessError(messageTemplates.identityMismatch('经办人'))
    if (form.legalPersonIdentityType !== identityType.RESIDENT_ID_CARD) throw businessError(verificationMessages.legalIdCardOnly)
    return null
  }
  if (form.legalPersonIdentityType !== identityType.RESIDENT_ID_CARD) throw businessError(verificationMessages.legalIdCardOnly)
  // Applying as the legal representative is acting for the unit: a verified person only.
  if (!caller.person.verified) throw businessError(realNameMessages.notVerified)
  if (
    form.legalPersonIdentityNo.trim().toUpperCase() !== caller.person.identityNo.toUpperCase() ||
    form.legalPersonName.trim() !== caller.person.name
  )
    throw businessError(messageTemplates.identityMismatch('法人'))

  const serialNo = options.faceSerialNo || application.faceSerialNo
  if (!serialNo) throw businessError(verificationMessages.faceRequired)
  // The caller's own face check (by account, as GET /face/result answers it) of this very person.
  const [face] = await db
    .select()
    .from(faceVerifications)
    .where(
      and(
        eq(faceVerifications.id, serialNo),
        eq(faceVerifications.requestedBy, caller.accountId),
        eq(faceVerifications.identityNo, caller.person.identityNo),
      ),
    )
    .limit(1)
  if (!face || face.status !== faceStatus.SUCCESS) throw businessError(verificationMessages.faceNotPassed)
  if (!face.completedAt || Date.now() - face.completedAt.getTime() > FACE_CHECK_VALID_MS) throw businessError(verificationMessages.faceExpired)
  return face.id
}

/**
 * Records the attempt before the vendor is asked, counting the day's attempts under a lock on the
 * application, so concurrent calls cannot pass the limit together. Answers the attempt's serial (ranId).
 */
async function openAttempt(options: {
  db: Database
  caller: Caller
  application: UnitApplication
  method: 'fourElements' | 'licence'
  provider: string
  query: { socialCreditCode: string; unitName: string; legalPersonName: string; legalPersonIdentityNo: string }
}): Promise<string> {
  const { caller, application, query } = options
  const ranId = `EV${Date.now().toString(36).toUpperCase()}${randomBytes(8).toString('hex').toUpperCase()}`
  await options.db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: unitApplications.id }).from(unitApplications).where(stillDraft(application.id)).for('update')
    if (!locked) throw businessError(unitApplyMessages.notEditable)
    const [today] = await tx
      .select({ n: count() })
      .from(enterpriseVerifications)
      .where(and(eq(enterpriseVerifications.applicationId, application.id), gt(enterpriseVerifications.createdAt, new Date(Date.now() - 24 * 3600_000))))
    if ((today?.n ?? 0) >= MAX_VERIFICATIONS_PER_DAY) throw businessError(verificationMessages.tooManyAttempts)
    await tx.insert(enterpriseVerifications).values({
      ranId,
      requestedBy: caller.accountId,
      applicationId: application.id,
      method: options.method,
      provider: options.provider,
      socialCreditCode: query.socialCreditCode,
      unitName: query.unitName,
      legalPersonName: query.legalPersonName,
      legalIdentitySha256: createHash('sha256').update(query.legalPersonIdentityNo).digest('hex'),
      resultStatus: 'pending',
      responseInfo: '',
      passed: false,
    })
  })
  return ranId
}

async function closeAttempt(db: Database, ranId: string, result: { resultStatus: string; responseInfo: string; passed: boolean }) {
  await db.update(enterpriseVerifications).set(result).where(eq(enterpriseVerifications.ranId, ranId))
}

const stillDraft = (id: string) =>
  and(eq(unitApplications.id, id), eq(unitApplications.applyStatus, applyStatus.TEMPORARY_SAVE), isNull(unitApplications.deletedAt))

/** The four elements as they were verified, so a draft edited meanwhile does not take the result. */
const sameElements = (form: StoredForm) =>
  and(
    sql`coalesce(${unitApplications.form}->>'socialCreditCode', '') = ${form.socialCreditCode}`,
    sql`coalesce(${unitApplications.form}->>'unitName', '') = ${form.unitName}`,
    sql`coalesce(${unitApplications.form}->>'legalPersonName', '') = ${form.legalPersonName}`,
    sql`coalesce(${unitApplications.form}->>'legalPersonIdentityNo', '') = ${form.legalPersonIdentityNo}`,
    sql`coalesce(${unitApplications.form}->>'operatorIdCardNo', '') = ${form.operatorIdCardNo}`,
  )

/**
 * After a passed verification (001 §4): seal setup; a cancellation needs no application form when the
 * legal representative of an ordinary enterprise applies (its result step), otherwise the upload step.
 */
function passedStep(form: StoredForm): WizardStepKey {
  if (form.businessType !== businessType.CANCEL) return '2'
  return form.applyType === applicantKind.LEGAL_APPLY && form.unitTypeCode === unitType.ORDINARY_ENTERPRISE ? '2-2' : '2-1'
}

/**
 * Continuing to manual review after 40075 (001 §4 "Verification failure … goes to the upload-materials
 * step"): a cancellation uploads the signed form next ('2-1'); the other types still set up their seals
 * first ('2'), and their step 2 leads to the upload of the signed form ('3-1') since the unit is unverified.
 */
function manualReviewStep(form: StoredForm): WizardStepKey {
  return form.businessType === businessType.CANCEL ? '2-1' : '2'
}
