import { and, eq, isNull } from 'drizzle-orm'
import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { reviewMessages, type ReviewDecision } from '@seal/shared/api/unit-apply-admin'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { businessType, businessTypeLabels, type BusinessType } from '@seal/shared/codes/business-type'
import { recordAudit } from '../../audit/record.ts'
import { persons } from '../../auth/tables.ts'
import type { Database } from '../../db/client.ts'
import { businessError, notFound } from '../../errors.ts'
import { files } from '../../files/tables.ts'
import { sendSmsNotice } from '../../identity/sms-notice.ts'
import type { Trust } from '../../trust/context.ts'
import { unitApplications, type SealItemOutcome, type StoredForm, type UnitApplication } from '../tables.ts'
import { itemsWithoutOutcome, outcomeBase } from './outcomes.ts'
import { cutOutPng, removeStored, type StoredCutOut } from './pictures.ts'
import { settingsOf } from './settings.ts'

/**
 * What every review does whatever its business type: load the application, check the decisions, move it
 * PENDING_REVIEW → SEALING with them (write 1) and SEALING → APPLY_SUCCESS / APPLY_FAIL at the end
 * (write 3), with the audit and the applicant's notice. What a type adds comes in as a BusinessReview;
 * run.ts chooses it.
 */

/**
 * What a business type adds to the shared review: its checks of the approved items before anything is
 * written, and write 2 for its items without an outcome (each made, reissued, cancelled or recovered).
 */
export type BusinessReview = {
  checkApproved?: (db: Database, application: UnitApplication, plan: ReviewPlan) => Promise<void>
  sealItems: (trust: Trust, application: UnitApplication, pending: ApplySealItem[]) => Promise<void>
}

export type ReviewInput = {
  applicationId: string
  /** One per seal item (`_id`): approve, or reject with a reason. */
  decisions: ReviewDecision[]
  reviewer: string
  note?: string | undefined
}

export async function loadApplication(db: Database, id: string): Promise<UnitApplication> {
  const [row] = await db.select().from(unitApplications).where(and(eq(unitApplications.id, id), isNull(unitApplications.deletedAt))).limit(1)
  if (!row) throw notFound('未查询到申请记录')
  return row
}

export type ReviewPlan = {
  /** Outcomes of the rejected items, recorded with the move. */
  rejected: SealItemOutcome[]
  /** Approved items with a reviewer's cut-out (PNG bytes) to use as their picture. */
  cutOuts: { itemId: string; png: Buffer }[]
  /** Approved items without one: a type that takes a new picture takes the applicant's upload. */
  withoutCutOut: ApplySealItem[]
  approvedCount: number
}

/**
 * Checks the decisions against the application before anything is written, then what the business type
 * checks of the approved items (`review`; none for a type whose approval is not implemented).
 */
export async function planReview(
  db: Database,
  options: { application: UnitApplication; decisions: ReviewDecision[]; review: BusinessReview | undefined },
): Promise<ReviewPlan> {
  const { application, decisions } = options
  const items = application.form.sealInfo
  const byItem = new Map(decisions.map((d) => [d.itemId, d]))
  if (decisions.some((d) => !items.some((item) => item._id === d.itemId))) throw businessError(reviewMessages.itemUnknown)
  if (byItem.size !== decisions.length || items.some((item) => !byItem.has(item._id))) throw businessError(reviewMessages.decisionMissing)

  const plan: ReviewPlan = { rejected: [], cutOuts: [], withoutCutOut: [], approvedCount: 0 }
  for (const item of items) {
    const decision = byItem.get(item._id)!
    if (!decision.approve) {
      if (!decision.reason) throw businessError(reviewMessages.reasonRequired)
      plan.rejected.push({ ...outcomeBase(item, application), sealId: null, failReason: decision.reason })
      continue
    }
    plan.approvedCount++
    if (decision.sealPicBase64) plan.cutOuts.push({ itemId: item._id, png: cutOutPng(decision.sealPicBase64) })
    else plan.withoutCutOut.push(item)
  }
  if (plan.approvedCount === 0) return plan

  if (!options.review) throw businessError(reviewMessages.businessTypeUnsupported)
  await options.review.checkApproved?.(db, application, plan)
  return plan
}

/** Write 1: the decisions, with the move that only one review can make. */
export async function moveToSealing(
  trust: Trust,
  options: { application: UnitApplication; plan: ReviewPlan; cutOuts: StoredCutOut[]; reviewer: string; note?: string | undefined },
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

/** Write 3: the end of the application, once every item has its outcome; the one who ends it tells the applicant. */
export async function finish(trust: Trust, applicationId: string): Promise<UnitApplication> {
  const application = await loadApplication(trust.db, applicationId)
  if (application.applyStatus !== applyStatus.SEALING) return application
  if (itemsWithoutOutcome(application).length > 0) return application

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
  await sendSmsNotice(settings.sms, { phone: applicant?.phone ?? '', text: outcomeNotice(application) }, (error) => settings.warn('审核结果短信发送失败', error), { db: trust.db })
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
