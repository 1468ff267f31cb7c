import { and, eq, sql, type AnyColumn } from 'drizzle-orm'
import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { businessType } from '@seal/shared/codes/business-type'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import type { Database } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Trust } from '../../trust/context.ts'
import { sealNameFor } from '../seal-names.ts'
import { unitApplications, type SealItemOutcome, type UnitApplication } from '../tables.ts'
import { settingsOf } from './settings.ts'

/**
 * Write 2 of a review (run.ts): each item's outcome, appended to the application on condition that the
 * item has none yet, in the same transaction as what the item did to its seal. Every business type
 * records its items through here.
 */

/** The items of an application in SEALING that have no outcome yet. */
export function itemsWithoutOutcome(application: UnitApplication): ApplySealItem[] {
  const done = new Set([...application.successSealItems, ...application.failSealItems].map((o) => o.itemId))
  return application.form.sealInfo.filter((item) => !done.has(item._id))
}

/** An item's outcome before its seal is known: named as the seal will be (a new one) or as it is (an existing one). */
export function outcomeBase(item: ApplySealItem, application: UnitApplication) {
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
export async function recordOutcome(db: Database, applicationId: string, outcome: SealItemOutcome) {
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

export async function recordFailure(trust: Trust, application: UnitApplication, item: ApplySealItem, reason: string) {
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

/**
 * One item's work, which records its success itself: if it throws, the item fails with the reason,
 * unless an outcome is already on record (another process got there first, or the work recorded it).
 */
export async function recordFailureOnError(
  trust: Trust,
  options: { application: UnitApplication; base: ReturnType<typeof outcomeBase> },
  work: () => Promise<void>,
): Promise<void> {
  try {
    await work()
  } catch (error) {
    if (error instanceof OutcomeRecorded) return
    await recordOutcome(trust.db, options.application.id, { ...options.base, sealId: null, failReason: failureReason(trust, error) }).catch(ignoreRecorded)
  }
}

/**
 * The unit's side of an approval, written once before the seals (the unit registered, changed or
 * recovered): if it fails, every pending item fails with its reason and nothing is made.
 */
export async function unitStepOrFailItems<T>(
  trust: Trust,
  options: { application: UnitApplication; pending: ApplySealItem[] },
  step: () => Promise<T>,
): Promise<T | null> {
  return step().catch(async (error: unknown) => {
    const reason = failureReason(trust, error)
    for (const item of options.pending) await recordFailure(trust, options.application, item, reason)
    return null
  })
}
