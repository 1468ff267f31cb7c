import { eq } from 'drizzle-orm'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { applicantKind, businessType, type BusinessType } from '@seal/shared/codes/business-type'
import { persons } from '../../auth/tables.ts'
import type { Database } from '../../db/client.ts'
import { businessError } from '../../errors.ts'
import type { Trust } from '../../trust/context.ts'
import { unitApplications, type UnitApplication } from '../tables.ts'
import { applyReview } from './apply.ts'
import { cancelReview } from './cancel.ts'
import { changeReview } from './change.ts'
import { itemsWithoutOutcome, recordFailure } from './outcomes.ts'
import { storeCutOuts } from './pictures.ts'
import { finish, loadApplication, moveToSealing, planReview, type BusinessReview, type ReviewInput } from './plan.ts'
import { renewalReview } from './renewal.ts'
import { retrieveReview } from './retrieve.ts'
import { settingsOf } from './settings.ts'
import { sameLegalPerson } from './units.ts'

/**
 * Review and making of enterprise applications (issue #10 item 5). A reviewer (or automatic review)
 * decides per seal item; approval makes the seals through the trust core. The shared steps are in
 * plan.ts, what each business type adds in its own file, chosen here.
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

/** Business types whose approval is implemented (every type of the new wizard). */
const reviewOf: Record<BusinessType, BusinessReview> = {
  [businessType.APPLY]: applyReview,
  [businessType.CHANGE]: changeReview,
  [businessType.RENEWAL]: renewalReview,
  [businessType.CANCEL]: cancelReview,
  [businessType.RETRIEVE]: retrieveReview,
}

const reviewFor = (type: string): BusinessReview | undefined => (Object.hasOwn(reviewOf, type) ? reviewOf[type as BusinessType] : undefined)

/** reviewedBy of automatic review. */
export const AUTO_REVIEWER = '自动审核'
const AUTO_REVIEW_NOTE = '单位核验通过，系统自动审核'

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
    // The offline door's paper is read by a person, whatever else holds (issue #21).
    application.form.door !== 'OFFLINE' &&
    application.companyVerifyPass === true &&
    reviewFor(application.businessType) !== undefined &&
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
 * Approves or rejects each seal item of a PENDING_REVIEW application and makes the approved seals (see
 * the file's comment for the order of writes). Answers the application as it ends: APPLY_SUCCESS when at
 * least one seal was made (or cancelled), APPLY_FAIL otherwise, with the reasons per item.
 */
export async function approve(trust: Trust, input: ReviewInput): Promise<UnitApplication> {
  const application = await loadApplication(trust.db, input.applicationId)
  if (application.applyStatus !== applyStatus.PENDING_REVIEW) throw businessError(reviewMessages.notPendingReview)
  const plan = await planReview(trust.db, { application, decisions: input.decisions, review: reviewFor(application.businessType) })
  const cutOuts = await storeCutOuts(trust, plan.cutOuts)
  await moveToSealing(trust, { application, plan, cutOuts, reviewer: input.reviewer, note: input.note })
  return completeSealing(trust, application.id)
}

/**
 * Writes 2 and 3 for an application in SEALING: every item without an outcome is made (or cancelled),
 * then the application ends. Safe to run again, or at the same time in another process.
 */
export async function completeSealing(trust: Trust, applicationId: string): Promise<UnitApplication> {
  const application = await loadApplication(trust.db, applicationId)
  if (application.applyStatus !== applyStatus.SEALING) return application
  const pending = itemsWithoutOutcome(application)
  if (pending.length > 0) {
    const review = reviewFor(application.businessType)
    if (review) await review.sealItems(trust, application, pending)
    // Only rejections reach SEALING for the other types; anything else is recorded as not done.
    else for (const item of pending) await recordFailure(trust, application, item, reviewMessages.businessTypeUnsupported)
  }
  return finish(trust, applicationId)
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
