import { and, eq, inArray, isNull, ne, or, sql, type AnyColumn } from 'drizzle-orm'
import { pixelLimits, pngDimensions, withinPixels } from '@seal/shared/image-limits'
import { reviewMessages, type ReviewDecision } from '@seal/shared/api/unit-apply-admin'
import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { applicantKind, businessType, businessTypeLabels, type BusinessType } from '@seal/shared/codes/business-type'
import { sealStatusHeld, sealStatusWide } from '@seal/shared/codes/seal-status'
import { sealTypeCode, sealTypeLabel } from '@seal/shared/codes/seal-type'
import { recordAudit } from '../audit/record.ts'
import { resolveConfig } from '../config/service.ts'
import { forgetCallers } from '../auth/sessions.ts'
import { accounts, persons, sessions, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { AppError, businessError, notFound } from '../errors.ts'
import { storeFileBytes, type PreparedFile } from '../files/service.ts'
import { files } from '../files/tables.ts'
import { sendSmsNotice } from '../identity/sms-notice.ts'
import type { SmsProvider } from '../identity/sms-provider.ts'
import { seals } from '../seals/tables.ts'
import type { Trust } from '../trust/context.ts'
import { makeSeal, reissueSealCredential, revokeSeal, type SealOwner } from '../seals/make-seal.ts'
import { storePinHash } from '../trust/pin.ts'
import { crlReason } from '../trust/x509.ts'
import { unitApplications, type SealItemOutcome, type StoredForm, type UnitApplication } from './tables.ts'
import { carryAuthorisations, grantManagerOfApplication } from '../seal-auth/service.ts'
import { sealNameFor } from './seal-names.ts'
import { renameSealsProblem, renamesUnit } from '@seal/shared/rules/unit-apply'

/**
 * Review and making of enterprise applications (issue #10 item 5). A reviewer (or automatic review)
 * decides per seal item; approval makes the seals through the trust core.
 *
 * Crash and concurrency safety, in three writes:
 * 1. one conditional UPDATE moves the application PENDING_REVIEW → SEALING and records every decision
 *    there (rejections as failSealItems, a reviewer's cut-out as the item's sealPic): of two reviewers, or
 *    automatic review and a reviewer, only one moves it, and after a crash the decisions are on record;
 * 2. each seal is made with its outcome appended to the application in the seal's own transaction, on
 *    condition that the item has no outcome yet: a seal exists exactly when its outcome says so, and two
 *    processes finishing the same application cannot make an item twice;
 * 3. one conditional UPDATE moves SEALING → APPLY_SUCCESS / APPLY_FAIL once every item has its outcome;
 *    whoever moves it sends the SMS notice.
 * Start-up (repair.ts) finishes what a crash left in SEALING, since every decision is already durable.
 */

/** Validity of a unit seal's certificate (the spec does not say; as personal seals; decisions.md). */
export const UNIT_SEAL_VALID_YEARS = 3

/**
 * When a unit seal's certificate made or renewed at `start` ends: UNIT_SEAL_VALID_YEARS, or the days the
 * operator set for the unit (configuration `unitSealValidDays`, scope unit:<credit code> or global).
 */
export async function unitSealValidUntil(db: Database, socialCreditCode: string, start: Date): Promise<Date> {
  const { unitSealValidDays } = await resolveConfig(db, { socialCreditCode })
  const end = new Date(start)
  if (unitSealValidDays > 0) end.setTime(start.getTime() + Math.floor(unitSealValidDays) * 86_400_000)
  else end.setFullYear(end.getFullYear() + UNIT_SEAL_VALID_YEARS)
  return end
}
/** reviewedBy of automatic review. */
export const AUTO_REVIEWER = '自动审核'
const AUTO_REVIEW_NOTE = '单位核验通过，系统自动审核'

/** Business types whose approval is implemented (every type of the new wizard). */
const approvable: readonly BusinessType[] = [businessType.APPLY, businessType.CANCEL, businessType.RENEWAL, businessType.CHANGE, businessType.RETRIEVE]

export type ReviewSettings = {
  mode: 'auto' | 'manual'
  /** Where outcome notices go; none, no notice. */
  sms: SmsProvider | null
  /** A failure that must not fail the caller (automatic review, a notice). Never given a secret. */
  warn: (message: string, error: unknown) => void
}

/**
 * The review settings of one service, keyed by its trust's key wrapper: copies of the trust made for a
 * transaction (`{ ...app.trust, db: tx }`) share it. The app sets them once at build (app.ts).
 */
const settingsByService = new WeakMap<object, ReviewSettings>()
const manualWithoutNotices: ReviewSettings = { mode: 'manual', sms: null, warn: () => {} }

export function configureReview(trust: Trust, settings: ReviewSettings): void {
  settingsByService.set(trust.keys, settings)
}

const settingsOf = (trust: Trust) => settingsByService.get(trust.keys) ?? manualWithoutNotices

/**
 * Called once an application became PENDING_REVIEW (after the submission committed). With REVIEW_MODE
 * auto, an application whose unit verification passed and whose seal photos were all cut out is approved
 * at once, every seal; anything else, or any refusal on the way, leaves it PENDING_REVIEW for a reviewer.
 * Never throws: the submission stands whatever happens here.
 */
export async function reviewSubmitted(trust: Trust, applicationId: string): Promise<void> {
  const settings = settingsOf(trust)
  if (settings.mode !== 'auto') return
  try {
    const [application] = await trust.db.select().from(unitApplications).where(eq(unitApplications.id, applicationId)).limit(1)
    if (!application || !autoApprovable(application) || !(await verifiedLegalRepresentativeBehind(trust.db, application))) return
    await approve(trust, {
      applicationId,
      decisions: application.form.sealInfo.map((item) => ({ itemId: item._id, approve: true })),
      reviewer: AUTO_REVIEWER,
      note: AUTO_REVIEW_NOTE,
    })
  } catch (error) {
    settings.warn(`自动审核未完成，申请 ${applicationId} 留待人工审核`, error)
  }
}

function autoApprovable(application: UnitApplication): boolean {
  return (
    application.applyStatus === applyStatus.PENDING_REVIEW &&
    application.companyVerifyPass === true &&
    approvable.includes(application.businessType as BusinessType) &&
    application.form.sealInfo.length > 0 &&
    !application.form.sealInfo.some((item) => item.manualReview)
  )
}

/**
 * Whether the unit's verified legal representative stands behind the application: he signed its documents
 * (legalSignedBy), or he is the applicant himself (a legal representative's own application, face-checked
 * at step 1). Without either — an operator's application of an administrative or public institution, which
 * skips the signature (001 §1) — nothing is approved automatically, in any mode: whatever sets a PIN, names a
 * manager, recovers or cancels seals needs him or a person's review (docs/decisions.md "Who is who").
 */
async function verifiedLegalRepresentativeBehind(db: Database, application: UnitApplication): Promise<boolean> {
  const personId = application.legalSignedBy ?? (application.applyType === applicantKind.LEGAL_APPLY ? application.applicantPersonId : null)
  if (!personId) return false
  const [person] = await db.select().from(persons).where(eq(persons.id, personId)).limit(1)
  return Boolean(person?.verifiedAt) && sameLegalPerson(person!, application)
}

/**
 * Whoever holds a seal sets its PIN himself: the legal representative at step 2 of his own application,
 * or when he signed an operator's (signing.ts). A PIN an operator typed is never a seal's.
 */
const legalPinSetByHolder = (application: UnitApplication) =>
  Boolean(application.legalPinHash) && (application.applyType === applicantKind.LEGAL_APPLY || application.form.legalPinSetAtSigning === true)

export type ReviewInput = {
  applicationId: string
  /** One per seal item (`_id`): approve, or reject with a reason. */
  decisions: ReviewDecision[]
  reviewer: string
  note?: string | undefined
}

/**
 * Approves or rejects each seal item of a PENDING_REVIEW application and makes the approved seals (see
 * the file's comment for the order of writes). Answers the application as it ends: APPLY_SUCCESS when at
 * least one seal was made (or cancelled), APPLY_FAIL otherwise, with the reasons per item.
 */
export async function approve(trust: Trust, input: ReviewInput): Promise<UnitApplication> {
  const application = await loadApplication(trust.db, input.applicationId)
  if (application.applyStatus !== applyStatus.PENDING_REVIEW) throw businessError(reviewMessages.notPendingReview)
  const plan = await planReview(trust, application, input.decisions)
  const cutOuts = await storeCutOuts(trust, plan.cutOuts)
  await moveToSealing(trust, { application, plan, cutOuts, reviewer: input.reviewer, note: input.note })
  return completeSealing(trust, application.id)
}

async function loadApplication(db: Database, id: string): Promise<UnitApplication> {
  const [row] = await db.select().from(unitApplications).where(and(eq(unitApplications.id, id), isNull(unitApplications.deletedAt))).limit(1)
  if (!row) throw notFound('未查询到申请记录')
  return row
}

type ReviewPlan = {
  /** Outcomes of the rejected items, recorded with the move. */
  rejected: SealItemOutcome[]
  /** Approved items with a reviewer's cut-out (PNG bytes) to use as their picture. */
  cutOuts: { itemId: string; png: Buffer }[]
  approvedCount: number
}

/** Checks the decisions against the application before anything is written. */
async function planReview(trust: Trust, application: UnitApplication, decisions: ReviewDecision[]): Promise<ReviewPlan> {
  const items = application.form.sealInfo
  const byItem = new Map(decisions.map((d) => [d.itemId, d]))
  if (decisions.some((d) => !items.some((item) => item._id === d.itemId))) throw businessError(reviewMessages.itemUnknown)
  if (byItem.size !== decisions.length || items.some((item) => !byItem.has(item._id))) throw businessError(reviewMessages.decisionMissing)

  const plan: ReviewPlan = { rejected: [], cutOuts: [], approvedCount: 0 }
  const needPicture: ApplySealItem[] = []
  for (const item of items) {
    const decision = byItem.get(item._id)!
    if (!decision.approve) {
      if (!decision.reason) throw businessError(reviewMessages.reasonRequired)
      plan.rejected.push({ ...outcomeBase(item, application), sealId: null, failReason: decision.reason })
      continue
    }
    plan.approvedCount++
    if (decision.sealPicBase64) plan.cutOuts.push({ itemId: item._id, png: cutOutPng(decision.sealPicBase64) })
    else if (application.businessType === businessType.APPLY) needPicture.push(item)
    // A change may bring a new picture (a renamed unit's seal); a photo left for review needs a cut-out.
    else if (application.businessType === businessType.CHANGE && (item.sealPic || item.manualReview)) needPicture.push(item)
  }
  if (plan.approvedCount === 0) return plan

  if (!approvable.includes(application.businessType as BusinessType)) throw businessError(reviewMessages.businessTypeUnsupported)
  if (application.businessType === businessType.APPLY) {
    if (!legalPinSetByHolder(application)) throw businessError(reviewMessages.legalPinMissing)
    await assertSameLegalPerson(trust.db, application)
    await assertPicturesUsable(trust.db, application, needPicture)
  }
  if (application.businessType === businessType.CHANGE) {
    await assertPicturesUsable(trust.db, application, needPicture)
    const unit = await unitOnRecord(trust.db, application)
    if (unit && !sameLegalPerson(unit.legal, application) && !legalPinSetByHolder(application)) throw businessError(reviewMessages.legalPinMissing)
    if (unit) await assertRenamesEverySeal(trust.db, application, unit.unit, plan)
  }
  // A recovered seal takes the new holder's PIN: the old one was someone else's secret.
  if (application.businessType === businessType.RETRIEVE && !legalPinSetByHolder(application)) throw businessError(reviewMessages.legalPinMissing)
  return plan
}

/**
 * A change renaming the unit reissues every seal it holds in effect, or none: the name is in each seal's
 * image and certificate. Checked again here, as the unit is now: a seal made since the submission, or a
 * reviewer rejecting some items, would leave a seal naming the old unit.
 */
async function assertRenamesEverySeal(db: Database, application: UnitApplication, unit: { id: string; name: string }, plan: ReviewPlan) {
  const form = { businessType: application.businessType, unitName: application.unitName || application.form.unitName, sealInfo: application.form.sealInfo }
  if (!renamesUnit(form, unit.name)) return
  if (plan.rejected.length > 0) throw businessError(reviewMessages.renameAllOrNone)
  const inEffect = await db.select({ id: seals.id }).from(seals).where(and(eq(seals.unitId, unit.id), eq(seals.status, sealStatusWide.VALID)))
  const problem = renameSealsProblem(form, unit.name, inEffect)
  if (problem) throw businessError(problem)
}

/** A reviewer's cut-out is used as it is: a PNG (transparent background is the reviewer's care) within the sizes a PDF can carry. */
function cutOutPng(base64: string): Buffer {
  const png = Buffer.from(base64.replace(/^data:image\/png;base64,/, ''), 'base64')
  const size = pngDimensions(png)
  if (!size) throw businessError(reviewMessages.cutOutNotPng)
  if (!withinPixels(size, 'pdfImage')) throw businessError(`${reviewMessages.cutOutTooLarge}（最多${pixelLimits.pdfImage / 1_000_000}百万像素）`)
  return png
}

/** A new application for a unit on record must name its recorded legal representative: the seals go to them. */
async function assertSameLegalPerson(db: Database, application: UnitApplication) {
  const [row] = await db
    .select({ identityType: persons.identityType, identityNo: persons.identityNo })
    .from(units)
    .innerJoin(persons, eq(persons.id, units.legalPersonId))
    .where(eq(units.socialCreditCode, creditCodeOf(application)))
    .limit(1)
  if (row && !sameLegalPerson(row, application)) throw businessError(reviewMessages.legalPersonDiffers)
}

const sameLegalPerson = (person: { identityType: string; identityNo: string }, application: UnitApplication) =>
  person.identityType === (application.form.legalPersonIdentityType || '111') &&
  person.identityNo === application.form.legalPersonIdentityNo.trim().toUpperCase()

/**
 * Every approved item without a reviewer's cut-out needs its cut-out PNG, uploaded by the applicant (an
 * account of the applying person): a photo left for manual review, or someone else's file, is not a seal.
 */
async function assertPicturesUsable(db: Database, application: UnitApplication, items: ApplySealItem[]) {
  if (items.some((item) => !item.sealPic)) throw businessError(reviewMessages.cutOutRequired)
  if (items.length === 0) return
  const usable = await db
    .select({ id: files.id })
    .from(files)
    .leftJoin(accounts, eq(accounts.id, files.ownerAccountId))
    .where(
      and(
        inArray(files.id, items.map((item) => item.sealPic)),
        eq(files.mediaType, 'image/png'),
        or(isNull(files.ownerAccountId), eq(accounts.personId, application.applicantPersonId)),
      ),
    )
  const found = new Set(usable.map((row) => row.id))
  if (items.some((item) => !found.has(item.sealPic))) throw businessError(reviewMessages.cutOutRequired)
}

async function storeCutOuts(trust: Trust, cutOuts: ReviewPlan['cutOuts']) {
  const stored: { itemId: string; file: PreparedFile }[] = []
  try {
    for (const cutOut of cutOuts) {
      const file = await storeFileBytes({ store: trust.files, ownerAccountId: null, bytes: cutOut.png, originalName: '印章图片（审核上传）.png' })
      stored.push({ itemId: cutOut.itemId, file })
    }
  } catch (error) {
    await removeStored(trust, stored)
    throw error
  }
  return stored
}

const removeStored = (trust: Trust, stored: { file: PreparedFile }[]) =>
  Promise.all(stored.map(({ file }) => trust.files.remove(file.storageKey).catch(() => {})))

/** Write 1: the decisions, with the move that only one review can make. */
async function moveToSealing(
  trust: Trust,
  options: { application: UnitApplication; plan: ReviewPlan; cutOuts: { itemId: string; file: PreparedFile }[]; reviewer: string; note?: string | undefined },
) {
  const { application, plan, cutOuts } = options
  const cutOutOf = new Map(cutOuts.map((c) => [c.itemId, c.file.id]))
  const form: StoredForm = {
    ...application.form,
    sealInfo: application.form.sealInfo.map((item) => (cutOutOf.has(item._id) ? { ...item, sealPic: cutOutOf.get(item._id)! } : item)),
  }
  const now = trust.now()
  try {
    await trust.db.transaction(async (tx) => {
      if (cutOuts.length > 0) await tx.insert(files).values(cutOuts.map((c) => c.file))
      const moved = await tx
        .update(unitApplications)
        .set({
          applyStatus: applyStatus.SEALING,
          form,
          failSealItems: plan.rejected,
          successSealItems: [],
          failReason: null,
          reviewedBy: options.reviewer,
          reviewNote: options.note ?? null,
          reviewedAt: now,
          updatedAt: now,
        })
        .where(and(eq(unitApplications.id, application.id), eq(unitApplications.applyStatus, applyStatus.PENDING_REVIEW)))
        .returning({ id: unitApplications.id })
      if (moved.length === 0) throw businessError(reviewMessages.notPendingReview)
      await recordAudit(tx as unknown as Database, {
        action: 'unit-apply.reviewed',
        target: application.id,
        detail: { reviewer: options.reviewer, approved: plan.approvedCount, rejected: plan.rejected.length },
      })
    })
  } catch (error) {
    await removeStored(trust, cutOuts)
    throw error
  }
}

/**
 * Writes 2 and 3 for an application in SEALING: every item without an outcome is made (or cancelled),
 * then the application ends. Safe to run again, or at the same time in another process.
 */
export async function completeSealing(trust: Trust, applicationId: string): Promise<UnitApplication> {
  const application = await loadApplication(trust.db, applicationId)
  if (application.applyStatus !== applyStatus.SEALING) return application
  const done = new Set([...application.successSealItems, ...application.failSealItems].map((o) => o.itemId))
  const pending = application.form.sealInfo.filter((item) => !done.has(item._id))
  if (pending.length > 0) {
    if (application.businessType === businessType.APPLY) {
      const owner = await ensureUnit(trust.db, application).catch(async (error: unknown) => {
        const reason = failureReason(trust, error)
        for (const item of pending) await recordFailure(trust, application, item, reason)
        return null
      })
      if (owner) for (const item of pending) await makeItemSeal(trust, application, owner, item)
    } else if (application.businessType === businessType.CANCEL) {
      for (const item of pending) await cancelItemSeal(trust, application, item)
    } else if (application.businessType === businessType.RENEWAL || application.businessType === businessType.CHANGE) {
      const change = await changeUnit(trust.db, application).catch(async (error: unknown) => {
        const reason = failureReason(trust, error)
        for (const item of pending) await recordFailure(trust, application, item, reason)
        return null
      })
      if (change) for (const item of pending) await reissueItemSeal(trust, application, change, item)
    } else if (application.businessType === businessType.RETRIEVE) {
      const owner = await recoverUnit(trust.db, application).catch(async (error: unknown) => {
        const reason = failureReason(trust, error)
        for (const item of pending) await recordFailure(trust, application, item, reason)
        return null
      })
      if (owner) for (const item of pending) await recoverItemSeal(trust, application, owner, item)
    } else {
      // Only rejections reach SEALING for the other types; anything else is recorded as not done.
      for (const item of pending) await recordFailure(trust, application, item, reviewMessages.businessTypeUnsupported)
    }
  }
  return finish(trust, applicationId)
}

type UnitOwner = Extract<SealOwner, { kind: 'unit' }>

const creditCodeOf = (application: UnitApplication) => (application.socialCreditCode || application.form.socialCreditCode).trim().toUpperCase()

/**
 * The applying unit, found by its credit code or registered now with its legal representative (a person
 * found by ID, or registered with the application's name and phone); the application is linked to it.
 */
async function ensureUnit(db: Database, application: UnitApplication): Promise<UnitOwner> {
  const form = application.form
  const socialCreditCode = creditCodeOf(application)
  return db.transaction(async (tx) => {
    let [unit] = await tx.select().from(units).where(eq(units.socialCreditCode, socialCreditCode)).limit(1)
    if (!unit) {
      const identity = { identityType: form.legalPersonIdentityType || '111', identityNo: form.legalPersonIdentityNo.trim().toUpperCase() }
      await tx
        .insert(persons)
        .values({ ...identity, name: form.legalPersonName.trim(), phone: form.legalTel.trim() })
        .onConflictDoNothing()
      const [legal] = await tx
        .select({ id: persons.id })
        .from(persons)
        .where(and(eq(persons.identityType, identity.identityType), eq(persons.identityNo, identity.identityNo)))
        .limit(1)
      await tx
        .insert(units)
        .values({
          name: (application.unitName || form.unitName).trim(),
          socialCreditCode,
          unitTypeCode: form.unitTypeCode || '02',
          legalPersonId: legal!.id,
          regionCode: form.addr[2] ?? null,
        })
        .onConflictDoNothing()
      ;[unit] = await tx.select().from(units).where(eq(units.socialCreditCode, socialCreditCode)).limit(1)
    }
    await tx.update(unitApplications).set({ unitId: unit!.id }).where(eq(unitApplications.id, application.id))
    return { kind: 'unit' as const, unitId: unit!.id, unitName: unit!.name, socialCreditCode: unit!.socialCreditCode }
  })
}


/** An item's outcome before its seal is known: named as the seal will be (a new one) or as it is (an existing one). */
function outcomeBase(item: ApplySealItem, application: UnitApplication) {
  const sealName =
    application.businessType === businessType.APPLY
      ? sealNameFor(item, application.form, application.unitName || application.form.unitName)
      : item.sealName || sealTypeLabel(item.sealTypeCode)
  return { itemId: item._id, sealTypeCode: item.sealTypeCode, sealName }
}

/** An outcome for this item is already on record (or the application has ended): nothing to add. */
class OutcomeRecorded extends Error {}

/**
 * Appends an item's outcome, on condition that the application is still SEALING and the item has none:
 * inside a seal's transaction this decides whether the seal stays (OutcomeRecorded rolls it back).
 */
async function recordOutcome(db: Database, applicationId: string, outcome: SealItemOutcome) {
  const appended = (column: AnyColumn) => sql`${column} || ${JSON.stringify([outcome])}::jsonb`
  const set =
    outcome.failReason === null
      ? { successSealItems: appended(unitApplications.successSealItems) }
      : { failSealItems: appended(unitApplications.failSealItems) }
  const mark = JSON.stringify([{ itemId: outcome.itemId }])
  const recorded = await db
    .update(unitApplications)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(unitApplications.id, applicationId),
        eq(unitApplications.applyStatus, applyStatus.SEALING),
        sql`not (${unitApplications.successSealItems} @> ${mark}::jsonb)`,
        sql`not (${unitApplications.failSealItems} @> ${mark}::jsonb)`,
      ),
    )
    .returning({ id: unitApplications.id })
  if (recorded.length === 0) throw new OutcomeRecorded()
}

async function recordFailure(trust: Trust, application: UnitApplication, item: ApplySealItem, reason: string) {
  const outcome = { ...outcomeBase(item, application), sealId: null, failReason: reason }
  await recordOutcome(trust.db, application.id, outcome).catch(ignoreRecorded)
}

const ignoreRecorded = (error: unknown) => {
  if (!(error instanceof OutcomeRecorded)) throw error
}

/** The reason an item failed: the trust core's or our message, or a general one for the unexpected (logged). */
function failureReason(trust: Trust, error: unknown): string {
  if (error instanceof AppError) return error.message
  settingsOf(trust).warn('印章制作失败', error)
  return reviewMessages.makingFailed
}

async function makeItemSeal(trust: Trust, application: UnitApplication, owner: UnitOwner, item: ApplySealItem) {
  const base = { itemId: item._id, sealTypeCode: item.sealTypeCode, sealName: sealNameFor(item, application.form, owner.unitName) }
  try {
    const image = await sealPicture(trust, item.sealPic)
    const start = trust.now()
    const end = await unitSealValidUntil(trust.db, owner.socialCreditCode, start)
    await makeSeal(trust, {
      owner,
      sealName: base.sealName,
      sealTypeCode: item.sealTypeCode,
      sealCode: item.sealCode || undefined,
      image,
      certStartTime: start,
      certEndTime: end,
      pinHash: application.legalPinHash ?? undefined,
      status: sealStatusWide.VALID,
      inSameTransaction: async (tx, seal) => {
        await recordOutcome(tx, application.id, { ...base, sealId: seal.id, failReason: null })
        const form = application.form
        if (form.setSealManager && application.managerPinHash)
          await grantManagerOfApplication(tx, {
            sealId: seal.id,
            unitId: owner.unitId,
            manager: { name: form.sealManagerName, identityNo: form.sealManagerIdentityNo, phone: form.sealManagerTel },
            pinHash: application.managerPinHash,
            start,
            end,
          })
      },
    })
  } catch (error) {
    if (error instanceof OutcomeRecorded) return
    await recordOutcome(trust.db, application.id, { ...base, sealId: null, failReason: failureReason(trust, error) }).catch(ignoreRecorded)
  }
}

async function sealPicture(trust: Trust, fileId: string): Promise<Uint8Array> {
  const [file] = fileId ? await trust.db.select().from(files).where(eq(files.id, fileId)).limit(1) : []
  if (!file) throw businessError(reviewMessages.sealPicUnusable)
  return new Uint8Array(await trust.files.get(file.storageKey))
}

/**
 * The unit a renewal or change is for: the one the application was linked to, else the one with its
 * credit code, else the unit holding its seals when its legal representative applies (a change of
 * credit code names the new code). With its legal representative's identity.
 */
async function unitOnRecord(db: Database, application: UnitApplication) {
  const columns = { unit: units, legal: { id: persons.id, identityType: persons.identityType, identityNo: persons.identityNo } }
  const byUnit = (condition: ReturnType<typeof eq>) =>
    db.select(columns).from(units).innerJoin(persons, eq(persons.id, units.legalPersonId)).where(condition).limit(1)
  if (application.unitId) {
    const [found] = await byUnit(eq(units.id, application.unitId))
    if (found) return found
  }
  const [byCode] = await byUnit(eq(units.socialCreditCode, creditCodeOf(application)))
  if (byCode) return byCode
  const sealIds = application.form.sealInfo.map((item) => item.sealId).filter(Boolean)
  if (sealIds.length === 0) return undefined
  const holders = await db.selectDistinct({ unitId: seals.unitId }).from(seals).where(inArray(seals.id, sealIds))
  if (holders.length !== 1 || !holders[0]!.unitId) return undefined
  const [bySeal] = await byUnit(eq(units.id, holders[0]!.unitId))
  // Only the unit's own legal representative may move its seals to a credit code not on record.
  return bySeal?.legal.id === application.applicantPersonId ? bySeal : undefined
}

type UnitChange = {
  owner: UnitOwner
  /** Set when the legal representative changed: their PIN (hashed at step 2) goes on every changed seal. */
  newLegalPinHash: string | null
}

/**
 * Renewal: the unit as it is. Change: the unit's name, credit code and legal representative become the
 * application's (the person found by ID or registered, as for a new unit). Written once before the seals,
 * and the same again when a crash makes it run twice.
 */
async function changeUnit(db: Database, application: UnitApplication): Promise<UnitChange> {
  const found = await unitOnRecord(db, application)
  if (!found) throw businessError(reviewMessages.sealNotOfUnit)
  const { unit } = found
  await db.update(unitApplications).set({ unitId: unit.id }).where(eq(unitApplications.id, application.id))
  if (application.businessType !== businessType.CHANGE) {
    return { owner: { kind: 'unit', unitId: unit.id, unitName: unit.name, socialCreditCode: unit.socialCreditCode }, newLegalPinHash: null }
  }
  const form = application.form
  const name = (application.unitName || form.unitName).trim()
  const socialCreditCode = creditCodeOf(application)
  const legalChanged = !sameLegalPerson(found.legal, application)
  if (legalChanged && !legalPinSetByHolder(application)) throw businessError(reviewMessages.legalPinMissing)
  await db.transaction(async (tx) => {
    let legalPersonId = found.legal.id
    if (legalChanged) {
      const identity = { identityType: form.legalPersonIdentityType || '111', identityNo: form.legalPersonIdentityNo.trim().toUpperCase() }
      await tx.insert(persons).values({ ...identity, name: form.legalPersonName.trim(), phone: form.legalTel.trim() }).onConflictDoNothing()
      const [legal] = await tx
        .select({ id: persons.id })
        .from(persons)
        .where(and(eq(persons.identityType, identity.identityType), eq(persons.identityNo, identity.identityNo)))
        .limit(1)
      legalPersonId = legal!.id
    }
    if (name !== unit.name || socialCreditCode !== unit.socialCreditCode || legalPersonId !== unit.legalPersonId) {
      await tx.update(units).set({ name, socialCreditCode, legalPersonId }).where(eq(units.id, unit.id))
      await recordAudit(tx as unknown as Database, {
        action: 'unit.changed',
        target: unit.id,
        detail: { applicationId: application.id, renamed: name !== unit.name, creditCodeChanged: socialCreditCode !== unit.socialCreditCode, legalPersonChanged: legalChanged },
      })
    }
    if (legalChanged) await endFormerLegalSessions(tx as unknown as Database, unit.id, legalPersonId)
  })
  if (legalChanged) forgetCallers(db, { unitId: unit.id })
  return {
    owner: { kind: 'unit', unitId: unit.id, unitName: name, socialCreditCode },
    newLegalPinHash: legalChanged ? application.legalPinHash : null,
  }
}

/**
 * 续期 / 变更: the unit's seal named by the item gets a new certificate (same seal, PIN and authorisations),
 * the old one revoked. A renewal runs the unit's validity (unitSealValidUntil) from now; a change keeps the seal's end date
 * (a lapsed one starts afresh), names the unit as it now is and takes the item's new picture if one came.
 */
async function reissueItemSeal(trust: Trust, application: UnitApplication, change: UnitChange, item: ApplySealItem) {
  const renewal = application.businessType === businessType.RENEWAL
  const base = outcomeBase(item, application)
  try {
    const [seal] = item.sealId
      ? await trust.db
          .select({ id: seals.id, sealName: seals.sealName, status: seals.status, certEndTime: seals.certEndTime })
          .from(seals)
          .where(and(eq(seals.id, item.sealId), eq(seals.unitId, change.owner.unitId)))
          .limit(1)
      : []
    if (!seal || !(sealStatusHeld as readonly string[]).includes(seal.status)) throw businessError(reviewMessages.sealNotOfUnit)
    const start = trust.now()
    const fresh = await unitSealValidUntil(trust.db, change.owner.socialCreditCode, start)
    const end = renewal || seal.certEndTime <= start ? fresh : seal.certEndTime
    const sealName = renewal ? seal.sealName : sealNameFor(item, application.form, change.owner.unitName)
    const image = !renewal && item.sealPic ? await sealPicture(trust, item.sealPic) : undefined
    await reissueSealCredential(trust, {
      sealId: seal.id,
      owner: change.owner,
      sealName,
      image,
      certStartTime: start,
      certEndTime: end,
      reasonCode: renewal ? crlReason.superseded : crlReason.affiliationChanged,
      reason: renewal ? reviewMessages.renewedReason : reviewMessages.changedReason,
      inSameTransaction: async (tx, made) => {
        if (change.newLegalPinHash) await storePinHash(tx, made.id, change.newLegalPinHash, start)
        await carryAuthorisations(tx, { sealId: made.id, reserved: application.form.reservedAuth !== false, periods: application.form.authPersons, certEndTime: end, now: start })
        await recordOutcome(tx, application.id, { ...base, sealName, sealId: made.id, failReason: null })
      },
    })
  } catch (error) {
    if (error instanceof OutcomeRecorded) return
    await recordOutcome(trust.db, application.id, { ...base, sealId: null, failReason: failureReason(trust, error) }).catch(ignoreRecorded)
  }
}

/** 注销: the unit's seal named by the item is cancelled and its certificate revoked (revokeSeal repeats safely). */
async function cancelItemSeal(trust: Trust, application: UnitApplication, item: ApplySealItem) {
  const base = outcomeBase(item, application)
  try {
    const [seal] = item.sealId
      ? await trust.db
          .select({ id: seals.id, sealName: seals.sealName, status: seals.status })
          .from(seals)
          .innerJoin(units, eq(units.id, seals.unitId))
          .where(and(eq(seals.id, item.sealId), eq(units.socialCreditCode, creditCodeOf(application))))
          .limit(1)
      : []
    if (!seal || !(sealStatusHeld as readonly string[]).concat(sealStatusWide.CANCELLED).includes(seal.status))
      throw businessError(reviewMessages.sealNotOfUnit)
    await revokeSeal(trust, { sealId: seal.id, reason: reviewMessages.cancelledReason, revokedByPersonId: application.applicantPersonId })
    await recordOutcome(trust.db, application.id, { ...base, sealName: seal.sealName, sealId: seal.id, failReason: null })
  } catch (error) {
    if (error instanceof OutcomeRecorded) return
    await recordOutcome(trust.db, application.id, { ...base, sealId: null, failReason: failureReason(trust, error) }).catch(ignoreRecorded)
  }
}

/**
 * 找回印章 (RETRIEVE): the unit on record with this credit code and name gets the application's legal
 * representative as its legal representative, so they hold its seals (the holder of a unit seal is the
 * unit's legal representative, trust/seal-holder.ts). The four-element check and face check of step 1,
 * or a reviewer reading the materials, are the proof. A unit renamed since is a change, not a recovery.
 * Written once before the seals, and the same again when a crash makes it run twice.
 */
async function recoverUnit(db: Database, application: UnitApplication): Promise<UnitOwner> {
  const form = application.form
  const [found] = await db.select().from(units).where(eq(units.socialCreditCode, creditCodeOf(application))).limit(1)
  if (!found) throw businessError(reviewMessages.sealNotOfUnit)
  if (found.name !== (application.unitName || form.unitName).trim()) throw businessError(reviewMessages.retrieveUnitRenamed)
  const identity = { identityType: form.legalPersonIdentityType || '111', identityNo: form.legalPersonIdentityNo.trim().toUpperCase() }
  const legalPersonId = await db.transaction(async (tx) => {
    await tx.insert(persons).values({ ...identity, name: form.legalPersonName.trim(), phone: form.legalTel.trim() }).onConflictDoNothing()
    const [legal] = await tx
      .select({ id: persons.id })
      .from(persons)
      .where(and(eq(persons.identityType, identity.identityType), eq(persons.identityNo, identity.identityNo)))
      .limit(1)
    await tx.update(unitApplications).set({ unitId: found.id }).where(eq(unitApplications.id, application.id))
    if (legal!.id === found.legalPersonId) return legal!.id
    await tx.update(units).set({ legalPersonId: legal!.id }).where(eq(units.id, found.id))
    await recordAudit(tx as unknown as Database, {
      action: 'unit.legal-person-recovered',
      target: found.id,
      detail: { applicationId: application.id, formerLegalPersonId: found.legalPersonId },
    })
    await endFormerLegalSessions(tx as unknown as Database, found.id, legal!.id)
    return legal!.id
  })
  if (legalPersonId !== found.legalPersonId) forgetCallers(db, { unitId: found.id })
  return { kind: 'unit', unitId: found.id, unitName: found.name, socialCreditCode: found.socialCreditCode }
}

/**
 * Once a unit names another legal representative, the former one's enterprise sessions for it end: an
 * enterprise account sees and uses the unit's seals (seals/queries.ts), and it was theirs.
 */
async function endFormerLegalSessions(db: Database, unitId: string, legalPersonId: string) {
  const former = db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.unitId, unitId), ne(accounts.personId, legalPersonId)))
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(inArray(sessions.accountId, former), isNull(sessions.revokedAt)))
}

/**
 * One item of a recovery: the unit's seal in effect of the item's type (the one it names, or for an
 * other-type seal the one of its name) keeps its key, certificate, image and authorisations and takes
 * the new holder's PIN (hashed at step 2), in one transaction with the item's outcome. A legal
 * representative's name seal bearing another person's name is not recovered (a change makes a new one).
 */
async function recoverItemSeal(trust: Trust, application: UnitApplication, owner: UnitOwner, item: ApplySealItem) {
  const base = outcomeBase(item, application)
  try {
    const byItem = item.sealId
      ? eq(seals.id, item.sealId)
      : item.sealTypeCode === sealTypeCode.OTHER
        ? eq(seals.sealName, item.sealName.trim())
        : undefined
    const found = await trust.db
      .select({ id: seals.id, sealName: seals.sealName })
      .from(seals)
      .where(and(eq(seals.unitId, owner.unitId), eq(seals.sealTypeCode, item.sealTypeCode), inArray(seals.status, [...sealStatusHeld]), byItem))
      .limit(2)
    if (found.length !== 1) throw businessError(reviewMessages.sealNotOfUnit)
    const seal = found[0]!
    if (item.sealTypeCode === sealTypeCode.LEGAL_REPRESENTATIVE_NAME && seal.sealName !== sealNameFor(item, application.form, owner.unitName)) {
      throw businessError(reviewMessages.retrieveLegalSealOfAnother)
    }
    const now = trust.now()
    await trust.db.transaction(async (tx) => {
      await storePinHash(tx as unknown as Database, seal.id, application.legalPinHash!, now)
      await recordOutcome(tx as unknown as Database, application.id, { ...base, sealName: seal.sealName, sealId: seal.id, failReason: null })
      await recordAudit(tx as unknown as Database, { action: 'seal.retrieved', target: seal.id, detail: { applicationId: application.id } })
    })
  } catch (error) {
    if (error instanceof OutcomeRecorded) return
    await recordOutcome(trust.db, application.id, { ...base, sealId: null, failReason: failureReason(trust, error) }).catch(ignoreRecorded)
  }
}

/** Write 3: the end of the application, once every item has its outcome; the one who ends it tells the applicant. */
async function finish(trust: Trust, applicationId: string): Promise<UnitApplication> {
  const application = await loadApplication(trust.db, applicationId)
  if (application.applyStatus !== applyStatus.SEALING) return application
  const outcomes = new Set([...application.successSealItems, ...application.failSealItems].map((o) => o.itemId))
  if (application.form.sealInfo.some((item) => !outcomes.has(item._id))) return application

  const succeeded = application.successSealItems.length > 0
  const reasons = [...new Set(application.failSealItems.map((o) => o.failReason).filter((r): r is string => Boolean(r)))]
  const [ended] = await trust.db
    .update(unitApplications)
    .set({
      applyStatus: succeeded ? applyStatus.APPLY_SUCCESS : applyStatus.APPLY_FAIL,
      failReason: succeeded ? null : reasons.join('；') || null,
      updatedAt: new Date(),
    })
    .where(and(eq(unitApplications.id, applicationId), eq(unitApplications.applyStatus, applyStatus.SEALING)))
    .returning()
  if (!ended) return loadApplication(trust.db, applicationId)
  await notifyApplicant(trust, ended)
  return ended
}

async function notifyApplicant(trust: Trust, application: UnitApplication) {
  const settings = settingsOf(trust)
  if (!settings.sms) return
  const [applicant] = await trust.db.select({ phone: persons.phone }).from(persons).where(eq(persons.id, application.applicantPersonId)).limit(1)
  await sendSmsNotice(settings.sms, { phone: applicant?.phone ?? '', text: outcomeNotice(application) }, (error) => settings.warn('审核结果短信发送失败', error))
}

/** What the applicant is told by SMS. */
export function outcomeNotice(application: Pick<UnitApplication, 'unitName' | 'businessType' | 'applyStatus' | 'failReason' | 'successSealItems' | 'failSealItems'>): string {
  const kind = application.businessType === businessType.APPLY ? '' : (businessTypeLabels[application.businessType as BusinessType] ?? '')
  const what = `${application.unitName}的电子印章${kind}申请`
  if (application.applyStatus !== applyStatus.APPLY_SUCCESS) return `您提交的${what}未通过审核，原因：${application.failReason ?? '无'}。`
  const made = application.successSealItems.map((o) => o.sealName).join('、')
  const failed = application.failSealItems.map((o) => `${o.sealName}（${o.failReason}）`).join('、')
  const done = { [businessType.CANCEL]: '已注销', [businessType.RENEWAL]: '已续期', [businessType.CHANGE]: '已变更', [businessType.RETRIEVE]: '已找回' }[application.businessType] ?? '已制作'
  return `您提交的${what}已审核通过，${done}：${made}${failed ? `；未通过：${failed}` : ''}。请登录电子印章查看。`
}

/** Start-up repair: applications a crash left in SEALING are finished (their decisions are on record). */
export async function resumeSealing(trust: Trust): Promise<number> {
  const left = await trust.db
    .select({ id: unitApplications.id })
    .from(unitApplications)
    .where(eq(unitApplications.applyStatus, applyStatus.SEALING))
  for (const { id } of left) await completeSealing(trust, id)
  return left.length
}
