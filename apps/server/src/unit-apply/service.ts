import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { ApplyRecordItem, UnitApplicationForm, WizardStepKey } from '@seal/shared/api/unit-apply'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { applicantKind, businessType, type ChangeType } from '@seal/shared/codes/business-type'
import { unitType } from '@seal/shared/codes/unit-type'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import type { Trust } from '../trust/context.ts'
import { findApplication, isNamedLegalRepresentative, ownApplication } from './access.ts'
import {
  assertOwnFiles,
  changeOriginalOf,
  changeTypeOfState,
  documentFingerprint,
  formColumns,
  normaliseForm,
  passwordHashes,
  sameVerifiedElements,
  stateOf,
  stepsBeforeProblem,
  stepsOf,
  storedFormOf,
} from './checks.ts'
import type { SmsProvider } from '../identity/sms-provider.ts'
import { impressionReadingsOf } from '../seals/face-readings.ts'
import { applyServerMessages } from './messages.ts'
import { moveStatus, noticeLegalRepresentative, runReview } from './status-moves.ts'
import { unitApplications, type StoredForm, type UnitApplication } from './tables.ts'

/** The caller's draft to write to: theirs, not deleted, still 暂存. */
async function editableDraft(db: Database, caller: Caller, id: string): Promise<UnitApplication> {
  const row = await ownApplication(db, caller, id)
  if (row.applyStatus !== applyStatus.TEMPORARY_SAVE) throw businessError(applyServerMessages.notEditable)
  return row
}

/**
 * POST /seal-apply/apply/temporary (暂存, `moveTo` absent: the form as typed, at the step it names) and
 * POST /seal-apply/apply/save (`moveTo`: every step before it is checked first, on the incoming form and
 * what the server holds). The body is the whole form; a new draft is made when it has no id. Passwords are
 * checked and kept only as hashes.
 */
export async function storeApplication(options: {
  db: Database
  caller: Caller
  body: UnitApplicationForm
  moveTo?: WizardStepKey
  /** The door a new draft comes through (tables.ts `door`); a draft keeps the door it came through. */
  door?: StoredForm['door']
}): Promise<{ id: string; step: WizardStepKey; changeType?: ChangeType | null }> {
  const { db, caller, moveTo } = options
  const existing = options.body.id ? await editableDraft(db, caller, options.body.id) : undefined
  // The kind of an application is fixed when it is made.
  const form = normaliseForm({
    ...options.body,
    ...(existing ? { businessType: existing.businessType, applyType: existing.applyType, sealId: existing.sealId } : {}),
  })
  const step = moveTo ?? form.step
  // A change starts from the unit on record for its seal, read again at every save of the draft.
  const changeOriginal = form.businessType === businessType.CHANGE ? await changeOriginalOf(db, form.sealId) : undefined
  const door = existing?.form.door ?? options.door
  const stored: StoredForm = { ...storedFormOf({ ...form, step }), ...(changeOriginal !== undefined ? { changeOriginal } : {}), ...(door ? { door } : {}) }
  await assertOwnFiles(db, caller, stored)
  // What the impression check read on each seal's photo goes with the form, for the reviewer.
  stored.impressionReadings = await impressionReadingsOf(db, caller.person.id, stored.sealInfo)
  const hashes = await passwordHashes(form, caller.person.identityNo)

  // The unit or a person changed after the unit verification: its verdict is no longer about this draft.
  const unverified = existing !== undefined && existing.companyVerifyPass !== null && !sameVerifiedElements(existing.form, stored)
  if (moveTo) {
    const held = existing ? stateOf(existing) : { companyVerifyPass: null, legalPasswordSet: false, managerPasswordSet: false }
    const state = {
      changeOriginal: changeOriginal ?? null,
      companyVerifyPass: unverified ? null : held.companyVerifyPass,
      legalPasswordSet: Boolean(hashes.legalPinHash) || held.legalPasswordSet,
      managerPasswordSet: hashes.managerPinHash === undefined ? held.managerPasswordSet : Boolean(hashes.managerPinHash),
    }
    const problem = await stepsBeforeProblem({ db, caller, target: moveTo, form: { ...form, id: existing?.id }, state })
    if (problem) throw businessError(problem)
  }

  // A change answers its type (001 §4), so step 2 asks only for the pictures it needs.
  const changed = changeOriginal === undefined ? {} : { changeType: changeTypeOfState(form, { companyVerifyPass: null, legalPasswordSet: false, managerPasswordSet: false, changeOriginal }) }
  // Signatures over documents that would now print differently are dropped; the legal representative signs again.
  const stale = existing && existing.signedFiles.length > 0 && documentFingerprint(existing.form) !== documentFingerprint(stored)
  const values = {
    form: stored,
    ...formColumns(caller, stored),
    ...hashes,
    ...(stale ? { signedFiles: [] } : {}),
    ...(unverified ? { companyVerifyPass: null, companyVerifyReason: null, serialNo: null } : {}),
    updatedAt: new Date(),
  }
  if (!existing) {
    const [created] = await db
      .insert(unitApplications)
      .values({ ...values, applicantAccountId: caller.accountId, applicantPersonId: caller.person.id, applyType: form.applyType, businessType: form.businessType })
      .returning({ id: unitApplications.id })
    return { id: created!.id, step, ...changed }
  }
  // Only while it is still a draft: a submit that won the race is not overwritten.
  const [updated] = await db
    .update(unitApplications)
    .set(values)
    .where(and(eq(unitApplications.id, existing.id), eq(unitApplications.applyStatus, applyStatus.TEMPORARY_SAVE), isNull(unitApplications.deletedAt)))
    .returning({ id: unitApplications.id })
  if (!updated) throw businessError(applyServerMessages.notEditable)
  return { id: updated.id, step, ...changed }
}

/** Statuses from which 重新申请 starts again (001 §4). */
const reapplicable: string[] = [applyStatus.APPLY_FAIL, applyStatus.CANCELED, applyStatus.LEGAL_REFUSED]

/**
 * POST /seal-apply/apply/reapply †: a new draft at step 1 copied from a failed, withdrawn or refused
 * application. The old one stays as it was; what was decided or signed for it is not carried over, nor
 * the uploaded signed form of its materials (the new application has its own form to sign).
 *
 * One draft per application while it is a draft: pressed again (or many times at once, issue #19 §2
 * item 10), 重新申请 answers the draft it made. The calls queue on the old application's row, and the
 * first one notes the new draft's id on it (`reappliedAs`, in the same transaction), so the others find it.
 * Once that draft is submitted or deleted, 重新申请 makes a new one.
 */
export async function reapply(db: Database, caller: Caller, id: string): Promise<{ id: string; step: WizardStepKey }> {
  await ownApplication(db, caller, id)
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(unitApplications).where(eq(unitApplications.id, id)).for('update')
    if (!old || !reapplicable.includes(old.applyStatus)) throw businessError(applyServerMessages.cannotReapply)
    const made = old.form.reappliedAs ? await openDraftOf(tx as unknown as Database, caller, old.form.reappliedAs) : undefined
    if (made) return made
    const { reappliedAs: _made, legalPinSetAtSigning: _signed, ...copied } = old.form
    const form = { ...copied, step: '1' as const, applicationFiles: [], truthful: false }
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
    return { id: created!.id, step: '1' as const }
  })
}

/** The caller's draft `id` if it is still one (not submitted, not deleted), with the step it is at. */
async function openDraftOf(db: Database, caller: Caller, id: string): Promise<{ id: string; step: WizardStepKey } | undefined> {
  const [draft] = await db
    .select({ id: unitApplications.id, step: unitApplications.step })
    .from(unitApplications)
    .where(
      and(
        eq(unitApplications.id, id),
        eq(unitApplications.applicantPersonId, caller.person.id),
        eq(unitApplications.applyStatus, applyStatus.TEMPORARY_SAVE),
        isNull(unitApplications.deletedAt),
      ),
    )
    .limit(1)
  return draft && { id: draft.id, step: draft.step as WizardStepKey }
}

/** POST /seal-apply/apply/findDraft †: the caller's newest open draft of this kind, or null. */
export async function findDraft(db: Database, caller: Caller, query: { businessType: string; applyType: string; sealId?: string }) {
  const [row] = await db
    .select({ id: unitApplications.id, step: unitApplications.step, updatedAt: unitApplications.updatedAt })
    .from(unitApplications)
    .where(
      and(
        eq(unitApplications.applicantPersonId, caller.person.id),
        eq(unitApplications.applyType, query.applyType),
        eq(unitApplications.businessType, query.businessType),
        eq(unitApplications.sealId, query.sealId ?? ''),
        eq(unitApplications.applyStatus, applyStatus.TEMPORARY_SAVE),
        isNull(unitApplications.deletedAt),
      ),
    )
    .orderBy(desc(unitApplications.updatedAt))
    .limit(1)
  return row ? { id: row.id, step: row.step as WizardStepKey, updateTime: row.updatedAt.getTime() } : null
}

/**
 * POST /seal-apply/apply/page: the caller's applications of one tab (本人申请 LEGAL_APPLY, 经办人申请
 * OPERATOR_APPLY), newest first. Rows and total in one statement (a window count, served by the
 * applicant index); only a page past the end asks for the total again.
 */
export async function applicationPage(db: Database, caller: Caller, query: { applyType: string; pageNo: number; pageSize: number }) {
  const mine = and(eq(unitApplications.applicantPersonId, caller.person.id), eq(unitApplications.applyType, query.applyType), isNull(unitApplications.deletedAt))
  const rows = await db
    .select({
      id: unitApplications.id,
      unitName: unitApplications.unitName,
      sealType: unitApplications.sealTypes,
      applyStatus: unitApplications.applyStatus,
      failReason: unitApplications.failReason,
      createdAt: unitApplications.createdAt,
      businessType: unitApplications.businessType,
      applyType: unitApplications.applyType,
      door: sql<'OFFLINE' | 'OLDER' | null>`${unitApplications.form} ->> 'door'`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(unitApplications)
    .where(mine)
    .orderBy(desc(unitApplications.createdAt), desc(unitApplications.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
  const total = rows[0]?.total ?? (query.pageNo > 1 ? await db.$count(unitApplications, mine) : 0)
  const records: ApplyRecordItem[] = rows.map(({ total: _total, createdAt, ...row }) => ({ ...row, createTime: createdAt.getTime() }))
  return { records, total, pages: Math.ceil(total / query.pageSize), pageNo: query.pageNo }
}

/** GET /seal-apply/apply/withdraw (撤销申请): the applicant takes back an application waiting for review or signature. */
export async function withdrawApplication(db: Database, caller: Caller, id: string): Promise<void> {
  await ownApplication(db, caller, id)
  const moved = await moveStatus(db, { id, from: [applyStatus.PENDING_REVIEW, applyStatus.PENDING_SIGN], set: { applyStatus: applyStatus.CANCELED } })
  if (!moved) throw businessError(applyServerMessages.cannotWithdraw)
}

/** GET /seal-apply/apply/delete (删除): a draft leaves every list; the row stays for the audit trail. */
export async function deleteDraft(db: Database, caller: Caller, id: string): Promise<void> {
  await ownApplication(db, caller, id)
  const moved = await moveStatus(db, { id, from: [applyStatus.TEMPORARY_SAVE], set: { deletedAt: new Date() } })
  if (!moved) throw businessError(applyServerMessages.cannotDelete)
}

/** The document keys the legal representative's signature must cover before a legal application is submitted. */
const requiredSignedKeys = ['applyFormId', 'applyConfirmDocumentId']

/**
 * Where a submitted application goes (001 §1, §4): the legal representative's to review; an operator's to
 * the legal representative for signature, except for an administrative or public institution (06).
 */
function submittedStatus(row: UnitApplication): string {
  if (row.applyType === applicantKind.LEGAL_APPLY) return applyStatus.PENDING_REVIEW
  return row.form.unitTypeCode === unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION ? applyStatus.PENDING_REVIEW : applyStatus.PENDING_SIGN
}

/**
 * POST /seal-apply/apply/submit: the whole chain checked again on what is stored (the client's checks are
 * a courtesy), then one conditional move out of 暂存, so a hundred submits at once make one transition.
 * An application going to review meets the review hook after the move; its failure is logged, the
 * submission stands and a reviewer finds it.
 */
export async function submitApplication(options: {
  trust: Trust
  caller: Caller
  id: string
  log: FastifyBaseLogger
  sms?: SmsProvider
  /**
   * The older door (older-apply/): the verified legal representative applying himself, his unit verified,
   * submits without the handwriting step; his submission is his signature (legalSignedBy), as review reads it.
   */
  signedBySubmitter?: boolean
}) {
  const { trust, caller, id } = options
  const db = trust.db
  const row = await ownApplication(db, caller, id)
  if (row.applyStatus !== applyStatus.TEMPORARY_SAVE) throw businessError(applyServerMessages.alreadySubmitted)
  const form = { ...row.form, id: row.id, businessType: row.businessType, applyType: row.applyType }
  const state = stateOf(row)
  const steps = stepsOf(row.businessType)
  const last = steps[steps.length - 1]!
  const problem = await stepsBeforeProblem({ db, caller, target: last, form, state })
  if (problem) throw businessError(problem)
  const signer = options.signedBySubmitter === true && row.companyVerifyPass === true && isNamedLegalRepresentative(caller, row) ? caller.person.id : null
  if (needsLegalSignature(row) && !signer && !requiredSignedKeys.every((key) => row.signedFiles.some((file) => file.key === key))) {
    throw businessError(applyServerMessages.signatureRequired)
  }

  const status = submittedStatus(row)
  const now = new Date()
  const moved = await moveStatus(db, {
    id,
    from: [applyStatus.TEMPORARY_SAVE],
    set: { applyStatus: status, submittedAt: now, step: last, form: { ...row.form, step: last }, ...(signer ? { legalSignedBy: signer } : {}) },
  })
  if (!moved) throw businessError(applyServerMessages.alreadySubmitted)
  if (status === applyStatus.PENDING_REVIEW) await runReview(trust, id, options.log)
  // The legal representative hears of it at once (the agency centre lists it for them).
  if (status === applyStatus.PENDING_SIGN && options.sms) {
    await noticeLegalRepresentative({ sms: options.sms, db }, row, (error) => options.log.warn({ err: error, applicationId: id }, '待签署短信通知发送失败'))
  }
  const after = await findApplication(db, id)
  return { id, applyStatus: after?.applyStatus ?? status }
}

/**
 * A legal representative applying online with a passed verification signs the documents before
 * submitting (001 §4 "Legal-person application with passed verification (not recover)"). Not for a
 * cancellation: an ordinary enterprise's verified legal representative finishes it at once after step 1
 * (001 §4 "For cancellation … the next step is the submit/result step"), having proved who they are by
 * face and the four-element check; any other cancellation carries the uploaded, signed application form.
 */
function needsLegalSignature(row: UnitApplication): boolean {
  return (
    row.applyType === applicantKind.LEGAL_APPLY &&
    row.companyVerifyPass === true &&
    row.businessType !== businessType.RETRIEVE &&
    row.businessType !== businessType.CANCEL
  )
}
