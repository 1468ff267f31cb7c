import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { offlineMessages, type OfflineApplyForm } from '@seal/shared/api/offline-apply'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { applicantKind, businessType } from '@seal/shared/codes/business-type'
import { offlineStatus, type OfflineStatus } from '@seal/shared/codes/offline-status'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { realNameMessages } from '../identity/real-name/verify.ts'
import { impressionReadingsOf } from '../seals/face-readings.ts'
import type { Trust } from '../trust/context.ts'
import { findApplication } from '../unit-apply/access.ts'
import { assertOwnFiles, changeOriginalOf, formColumns, passwordHashes, stepsOf } from '../unit-apply/checks.ts'
import { applyServerMessages } from '../unit-apply/messages.ts'
import { moveStatus, runReview } from '../unit-apply/status-moves.ts'
import { unitApplications, type StoredForm, type UnitApplication } from '../unit-apply/tables.ts'
import { editableOffline, offlineForAction, ownOffline } from './access.ts'
import { submitProblem } from './checks.ts'
import { OFFLINE_DOOR, offlineStatusOf, storedOfflineForm, wizardFormOf } from './form.ts'

/**
 * The offline door's drafts and status moves (001 §2 "Operator offline flow", §4, §7; issue #21 §1). The
 * application is the one model's (`unit_applications`); every move is one conditional UPDATE (or a row
 * lock), so a hundred requests at once move it once.
 */

type Saved = { applyId: string; applyStatus: OfflineStatus }

/**
 * The stored form of a body: checked (the caller verified, no legal representative's password, the
 * caller's own files), a change's starting point read again, the impression readings found again, the
 * manager's password hashed when the operator is the manager.
 */
async function prepared(db: Database, caller: Caller, body: OfflineApplyForm, held?: UnitApplication) {
  if (!caller.person.verified) throw businessError(realNameMessages.notVerified)
  if (body.legalPassword || body.legalConfirmPassword) throw businessError(offlineMessages.legalPasswordByLegal)
  const form = wizardFormOf(body, held)
  const stored = storedOfflineForm(form, body, held)
  if (form.businessType === businessType.CHANGE) stored.changeOriginal = await changeOriginalOf(db, form.sealId)
  await assertOwnFiles(db, caller, stored)
  stored.impressionReadings = await impressionReadingsOf(db, caller.person.id, stored.sealInfo)
  const { managerPinHash } = await passwordHashes(form, caller.person.identityNo)
  return { stored, managerPinHash }
}

/** POST create: a new offline draft (暂存, code 7) of the caller, an operator. */
export async function createOffline(db: Database, caller: Caller, body: OfflineApplyForm): Promise<Saved> {
  const { stored, managerPinHash } = await prepared(db, caller, body)
  const [created] = await db
    .insert(unitApplications)
    .values({
      applicantAccountId: caller.accountId,
      applicantPersonId: caller.person.id,
      applyType: applicantKind.OPERATOR_APPLY,
      businessType: stored.businessType,
      form: stored,
      ...formColumns(caller, stored),
      ...(managerPinHash !== undefined ? { managerPinHash } : {}),
    })
    .returning({ id: unitApplications.id })
  return { applyId: created!.id, applyStatus: offlineStatus.DRAFT }
}

/** POST updateByApplyId: the caller's offline draft rewritten with the body (its business type stays). */
export async function updateOffline(db: Database, caller: Caller, body: OfflineApplyForm & { applyId: string }): Promise<Saved> {
  const held = await editableOffline(db, caller, body.applyId)
  const { stored, managerPinHash } = await prepared(db, caller, body, held)
  await writeDraft(db, held.id, (current) => ({
    // What arrived since the read (a pattern, a document) is kept: the body carries the items by id only.
    form: { ...stored, sealInfo: mergeItems(stored, current.form), applicationFiles: current.form.applicationFiles, offline: { ...current.form.offline, ...stored.offline } },
    ...formColumns(caller, stored),
    ...(managerPinHash !== undefined ? { managerPinHash } : {}),
  }))
  return { applyId: held.id, applyStatus: offlineStatus.DRAFT }
}

/** The body's items with the pictures the server holds now for them (an upload may have landed meanwhile). */
function mergeItems(stored: StoredForm, current: StoredForm) {
  const now = new Map(current.sealInfo.map((item) => [item._id, item]))
  return stored.sealInfo.map((item) => {
    const held = now.get(item._id)
    return held ? { ...item, sealPic: held.sealPic, originalFileId: held.originalFileId, errorCount: held.errorCount, manualReview: held.manualReview } : item
  })
}

/**
 * Writes the caller's draft under its row lock, only while it is still a draft: `change` sees the row as
 * it is now. A submission that won the race is never overwritten (申请已提交，不能修改).
 */
export async function writeDraft(
  db: Database,
  id: string,
  change: (current: UnitApplication, tx: Database) => Partial<typeof unitApplications.$inferInsert> | Promise<Partial<typeof unitApplications.$inferInsert>>,
): Promise<UnitApplication> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(unitApplications).where(eq(unitApplications.id, id)).for('update')
    if (!current || current.deletedAt || current.applyStatus !== applyStatus.TEMPORARY_SAVE) throw businessError(offlineMessages.notDraft)
    const values = await change(current, tx as unknown as Database)
    const [written] = await tx
      .update(unitApplications)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(unitApplications.id, id))
      .returning()
    return written!
  })
}

/**
 * POST submitTodo: the whole application checked on what is stored (submitProblem), then one move out of
 * 暂存 to 待审核. An offline application always waits for a person: automatic review never approves it
 * (review/run.ts), and the paper (or the uploaded signed documents) is what the reviewer reads.
 */
export async function submitOffline(options: { trust: Trust; caller: Caller; applyId: string; log: FastifyBaseLogger }): Promise<Saved> {
  const { trust, caller, applyId } = options
  const db = trust.db
  const row = await ownOffline(db, caller, applyId)
  if (row.applyStatus !== applyStatus.TEMPORARY_SAVE) throw businessError(applyServerMessages.alreadySubmitted)
  const problem = await submitProblem(db, caller, row)
  if (problem) throw businessError(problem)
  const last = stepsOf(row.businessType).at(-1)!
  // Moved only as it was checked: a draft written since (updatedAt) is checked again by the next submit.
  const moved = await db
    .update(unitApplications)
    .set({
      applyStatus: applyStatus.PENDING_REVIEW,
      submittedAt: new Date(),
      step: last,
      form: sql`${unitApplications.form} || ${JSON.stringify({ step: last })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(unitApplications.id, row.id),
        eq(unitApplications.applyStatus, applyStatus.TEMPORARY_SAVE),
        sql`date_trunc('milliseconds', ${unitApplications.updatedAt}) = ${row.updatedAt.toISOString()}::timestamptz`,
        isNull(unitApplications.deletedAt),
      ),
    )
    .returning({ id: unitApplications.id })
  if (moved.length === 0) {
    const now = await findApplication(db, row.id)
    throw businessError(now?.applyStatus === applyStatus.TEMPORARY_SAVE ? applyServerMessages.statusChanged : applyServerMessages.alreadySubmitted)
  }
  await runReview(trust, row.id, options.log)
  const after = await findApplication(db, row.id)
  return { applyId: row.id, applyStatus: after ? offlineStatusOf(after) : offlineStatus.SUBMITTED }
}

/**
 * POST cancel/{id}: 取消申请 of a draft (7 → 3: closed, kept for the record) by its operator, or 撤回 of a
 * submitted application not yet decided (0, 1, 9, 8, 12 → 10) by its operator or the named legal
 * representative. One conditional move: of many at once, one answers 撤回成功 and the others 撤回失败.
 */
export async function cancelOffline(db: Database, caller: Caller, id: string): Promise<string> {
  const row = await findApplication(db, id)
  const code = row ? offlineStatusOf(row) : null
  if (code === offlineStatus.DRAFT) {
    await offlineForAction(db, caller, id, 'cancel')
    const moved = await moveStatus(db, { id, from: [applyStatus.TEMPORARY_SAVE], set: { applyStatus: applyStatus.CANCELED } })
    if (!moved) throw businessError(offlineMessages.notAllowed)
    return offlineMessages.done
  }
  try {
    await offlineForAction(db, caller, id, 'withdraw')
  } catch (error) {
    if (error instanceof Error && error.message === offlineMessages.notAllowed) throw businessError(`${offlineMessages.withdrawFailed}：${applyServerMessages.cannotWithdraw}`)
    throw error
  }
  const moved = await moveStatus(db, { id, from: [applyStatus.PENDING_REVIEW, applyStatus.PENDING_SIGN], set: { applyStatus: applyStatus.CANCELED } })
  if (!moved) throw businessError(`${offlineMessages.withdrawFailed}：${applyServerMessages.cannotWithdraw}`)
  return offlineMessages.withdrawn
}

/**
 * POST reApply/{id}: a new offline draft from a failed (5), withdrawn (10), refused (14) or partly
 * approved (11: only the rejected seals) application. One draft per application while it is one: the calls
 * queue on the old row's lock and the first notes its draft there (`reappliedAs`), as unit-apply's reapply.
 * Nothing decided, mailed, uploaded or hashed is carried over.
 */
export async function reapplyOffline(db: Database, caller: Caller, id: string): Promise<Saved> {
  await offlineForAction(db, caller, id, 'reapply')
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(unitApplications).where(eq(unitApplications.id, id)).for('update')
    if (!old || old.deletedAt) throw businessError(offlineMessages.notAllowed)
    if (old.form.reappliedAs) {
      const [draft] = await tx
        .select({ id: unitApplications.id })
        .from(unitApplications)
        .where(and(eq(unitApplications.id, old.form.reappliedAs), eq(unitApplications.applyStatus, applyStatus.TEMPORARY_SAVE), isNull(unitApplications.deletedAt)))
        .limit(1)
      if (draft) return { applyId: draft.id, applyStatus: offlineStatus.DRAFT }
    }
    const rejected = new Set(old.failSealItems.map((outcome) => outcome.itemId).filter(Boolean))
    const partly = old.applyStatus === applyStatus.APPLY_SUCCESS
    const {
      reappliedAs: _made,
      legalPinSetAtSigning: _signed,
      offline,
      impressionReadings: _readings,
      ...copied
    } = old.form
    const form: StoredForm = {
      ...copied,
      step: '1',
      applicationFiles: [],
      truthful: false,
      // The draft opens at the door the application came through.
      ...(old.form.door === OFFLINE_DOOR ? { door: OFFLINE_DOOR, offline: { registrationPlace: offline?.registrationPlace ?? '' } } : {}),
      sealInfo: partly ? old.form.sealInfo.filter((item) => rejected.has(item._id)) : old.form.sealInfo,
    }
    const [created] = await tx
      .insert(unitApplications)
      .values({
        applicantAccountId: caller.accountId,
        applicantPersonId: caller.person.id,
        applyType: old.applyType,
        businessType: old.businessType,
        form,
        ...formColumns(caller, form),
      })
      .returning({ id: unitApplications.id })
    await tx
      .update(unitApplications)
      .set({ form: sql`${unitApplications.form} || ${JSON.stringify({ reappliedAs: created!.id })}::jsonb` })
      .where(eq(unitApplications.id, id))
    return { applyId: created!.id, applyStatus: offlineStatus.DRAFT }
  })
}

/**
 * POST recheckByApplyId: the paper materials' courier (company and waybill number, both required) on a
 * submitted offline application waiting for review (0, 9 → 1; 1 corrects it). One conditional UPDATE.
 */
export async function recordDelivery(db: Database, caller: Caller, body: { applyId: string; deliverCompany: string; deliverNo: string; authType: string }): Promise<Saved> {
  await offlineForAction(db, caller, body.applyId, 'mail')
  const delivery = { deliverCompany: body.deliverCompany, deliverNo: body.deliverNo, authType: body.authType, deliverTime: Date.now() }
  const [moved] = await db
    .update(unitApplications)
    .set({
      form: sql`jsonb_set(${unitApplications.form}, '{offline}', coalesce(${unitApplications.form} -> 'offline', '{}'::jsonb) || ${JSON.stringify({ delivery })}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(and(eq(unitApplications.id, body.applyId), eq(unitApplications.applyStatus, applyStatus.PENDING_REVIEW), isNull(unitApplications.deletedAt)))
    .returning()
  if (!moved) throw businessError(offlineMessages.notAllowed)
  return { applyId: moved.id, applyStatus: offlineStatusOf(moved) }
}

/** POST pendingUpload: 稍后上传 at step-2-2: the draft is kept at that step for the operator to come back to. */
export async function savePendingUpload(db: Database, caller: Caller, applyId: string): Promise<Saved> {
  await editableOffline(db, caller, applyId)
  await writeDraft(db, applyId, (current) => ({
    step: '2-2',
    form: { ...current.form, step: '2-2', offline: { ...current.form.offline, pendingUpload: true } },
  }))
  return { applyId, applyStatus: offlineStatus.DRAFT }
}

/**
 * POST firstApplyDetail: the caller's newest offline application (any status) for the unit, or null. The
 * identity in the body is not read: the session says who asks.
 */
export async function latestOffline(db: Database, caller: Caller, socialCode: string): Promise<UnitApplication | undefined> {
  const code = socialCode.trim().toUpperCase()
  const [row] = await db
    .select()
    .from(unitApplications)
    .where(
      and(
        eq(unitApplications.applicantPersonId, caller.person.id),
        eq(unitApplications.applyType, applicantKind.OPERATOR_APPLY),
        code ? eq(unitApplications.socialCreditCode, code) : undefined,
        isNull(unitApplications.deletedAt),
        sql`${unitApplications.form} ->> 'door' = ${OFFLINE_DOOR}`,
      ),
    )
    .orderBy(desc(unitApplications.createdAt), desc(unitApplications.id))
    .limit(1)
  return row
}
