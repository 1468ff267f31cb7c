import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { olderChangeMessages, type CloudApplyParam } from '@seal/shared/api/older-change'
import { unitApplicationForm, type UnitApplicationForm } from '@seal/shared/api/unit-apply'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { applicantKind, type BusinessType } from '@seal/shared/codes/business-type'
import { messages } from '@seal/shared/messages'
import { beijingDayStart } from '@seal/shared/text/beijing-time'
import type { Caller } from '../plugins/caller.ts'
import { sessions } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { enterpriseVerifications } from '../identity/tables.ts'
import { authorisationsOfSeals } from '../seal-auth/queries.ts'
import { isHolderOf, loadSealHolder } from '../seals/roles.ts'
import { ownApplication } from '../unit-apply/access.ts'
import { applyServerMessages } from '../unit-apply/messages.ts'
import { storeApplication } from '../unit-apply/service.ts'
import { unitApplications, type UnitApplication } from '../unit-apply/tables.ts'

/**
 * What makes the older pages a door into the new wizard's applications (issue #21 §4): the draft they
 * submit is the caller's own unit application, found by the unit verification that passed for it in this
 * session, and the caller is the unit's verified legal representative on record or its enterprise login.
 */

const upper = (value: string | undefined) => (value ?? '').trim().toUpperCase()

/**
 * The unit verification `ranId` the caller's account ran in its current session, and passed: the older
 * payloads name their draft by it (001 §7 ranId). Anything else is "verify first", so a serial seen
 * elsewhere, or one of yesterday's session, opens nothing.
 */
async function passedVerificationOfSession(db: Database, caller: Caller, ranId: string) {
  const [found] = await db
    .select({ verification: enterpriseVerifications, sessionStart: sessions.createdAt })
    .from(enterpriseVerifications)
    .innerJoin(sessions, eq(sessions.id, caller.sessionId))
    .where(and(eq(enterpriseVerifications.ranId, ranId), eq(enterpriseVerifications.requestedBy, caller.accountId), eq(enterpriseVerifications.passed, true)))
    .limit(1)
  if (!found?.verification.applicationId || found.verification.createdAt < found.sessionStart) throw businessError(olderChangeMessages.verificationRequired)
  return found.verification
}

/**
 * Whether the draft still names what was verified: the unit (credit code and name) and its legal
 * representative (name and ID number, kept by the verification as a hash only). A draft edited after its
 * verification is not the one verified.
 */
function stillAsVerified(row: UnitApplication, verified: typeof enterpriseVerifications.$inferSelect): boolean {
  const form = row.form
  return (
    verified.socialCreditCode === upper(form.socialCreditCode) &&
    verified.unitName === form.unitName.trim() &&
    verified.legalPersonName === form.legalPersonName.trim() &&
    verified.legalIdentitySha256 === createHash('sha256').update(upper(form.legalPersonIdentityNo)).digest('hex')
  )
}

/**
 * The draft an older page submits or signs for: the caller's own, still 暂存, of `type`, applied for as
 * the legal representative, whose latest unit verification is `ranId`, passed in this session; and the
 * caller holds its seal (the verified legal representative on record, or the unit's enterprise login).
 */
export async function olderDraft(db: Database, caller: Caller, options: { ranId: string; type: BusinessType }): Promise<UnitApplication> {
  const verified = await passedVerificationOfSession(db, caller, options.ranId)
  const row = await ownApplication(db, caller, verified.applicationId!)
  if (row.applyStatus !== applyStatus.TEMPORARY_SAVE) throw businessError(applyServerMessages.alreadySubmitted)
  if (row.businessType !== options.type) throw businessError(olderChangeMessages.wrongBusiness)
  if (row.applyType !== applicantKind.LEGAL_APPLY) throw businessError(olderChangeMessages.operatorNotHere)
  if (row.companyVerifyPass !== true || row.serialNo !== options.ranId) throw businessError(olderChangeMessages.verificationRequired)
  if (!stillAsVerified(row, verified)) throw businessError(olderChangeMessages.payloadDiffers)
  await assertHolder(db, caller, row.sealId, row.socialCreditCode)
  return row
}

/**
 * The caller holds the seal of the unit `socialCreditCode` (isHolderOf: a verified legal representative on
 * record, or the unit's enterprise login). Anyone else hears `refusal`, as for a seal that does not exist.
 */
export async function assertHolder(db: Database, caller: Caller, sealId: string, socialCreditCode: string, refusal: string = olderChangeMessages.notHolder) {
  const found = sealId ? await loadSealHolder(db, sealId) : undefined
  if (!found?.unit || found.unit.socialCreditCode !== upper(socialCreditCode) || !isHolderOf(caller, found)) throw businessError(refusal)
  return found
}

/** The draft's form as the contract shapes it (the stored extras the server keeps are left out). */
export function formOfRow(row: UnitApplication): UnitApplicationForm {
  return unitApplicationForm.parse({ ...row.form, id: row.id, businessType: row.businessType, applyType: row.applyType, sealId: row.sealId })
}

/**
 * What the payload says is what was verified and signed: the same unit, legal representative, phone and
 * pictures, and exactly the draft's seals (by id and type), each with the business's applyType. The
 * draft is the record: nothing of the payload is written over it.
 */
export function assertPayloadMatches(row: UnitApplication, payload: { tel: string; personFront?: string | undefined; personBack?: string | undefined; license?: string | undefined; cloudApplyParams: CloudApplyParam[] }, applyType: string) {
  const form = row.form
  const sameFile = (sent: string | undefined, held: string) => sent === undefined || sent === '' || sent === held
  const seals = new Map(form.sealInfo.map((item) => [item.sealId, item.sealTypeCode]))
  const named = new Set(payload.cloudApplyParams.map((param) => param.sealId))
  const matches =
    payload.tel.trim() === form.legalTel &&
    sameFile(payload.personFront, form.legalPersonIdFrontFileId) &&
    sameFile(payload.personBack, form.legalPersonIdBackFileId) &&
    sameFile(payload.license, form.businessLicense) &&
    named.size === payload.cloudApplyParams.length &&
    named.size === seals.size &&
    payload.cloudApplyParams.every(
      (param) =>
        seals.get(param.sealId) === param.sealTypeCode &&
        String(param.applyType) === applyType &&
        upper(param.personIdentity) === upper(form.legalPersonIdentityNo) &&
        param.personName.trim() === form.legalPersonName.trim() &&
        param.unitName.trim() === form.unitName &&
        upper(param.socialCreditCode) === row.socialCreditCode,
    )
  if (!matches) throw businessError(olderChangeMessages.payloadDiffers)
}

/**
 * The authorisations a change or renewal keeps (001 §2 "authorisation list for change and renewal"): all
 * of the named seals' authorisations waiting or in force, or none. The application keeps them all or ends
 * them all when approved (reservedAuth, review's carryAuthorisations), so a part is refused rather than
 * silently widened. Kept ones start today at the earliest (001 §5), as the new wizard's 授权关系 keeps them.
 * Written to the draft through the wizard's own save when they differ from it.
 */
export async function keepAuthorisations(db: Database, caller: Caller, row: UnitApplication, authIds: string[], now: Date): Promise<UnitApplication> {
  const live = await authorisationsOfSeals(
    db,
    caller,
    row.form.sealInfo.map((item) => item.sealId),
    now,
  )
  const asked = new Set(authIds)
  const keep = asked.size > 0
  if (keep && (asked.size !== live.length || live.some((auth) => !asked.has(auth.authId)))) throw businessError(olderChangeMessages.keepAllOrNone)
  const today = beijingDayStart(now.getTime())
  if (!keep) {
    // Nothing to end, or already ending them: the draft says so already.
    if (live.length === 0 || row.form.reservedAuth === false) return row
    await storeApplication({ db, caller, body: { ...formOfRow(row), reservedAuth: false, authPersons: [] } })
    return ownApplication(db, caller, row.id)
  }
  // Kept already, every one of them (the periods the applicant gave stay).
  const held = new Set((row.form.authPersons ?? []).map((auth) => auth.authId))
  if (row.form.reservedAuth !== false && held.size === live.length && live.every((auth) => held.has(auth.authId))) return row
  const authPersons = live.map((auth) => ({ ...auth, authStartTime: Math.max(auth.authStartTime ?? today, today) }))
  await storeApplication({ db, caller, body: { ...formOfRow(row), reservedAuth: true, authPersons } })
  return ownApplication(db, caller, row.id)
}

/**
 * The signature is the legal representative's own, on this draft (submitSign wrote legalSignedBy), and
 * the file the payload names is one of the documents he signed.
 */
export function assertSignedBy(caller: Caller, row: UnitApplication, fileId?: string) {
  const signed = row.legalSignedBy === caller.person.id && (fileId === undefined || row.signedFiles.some((file) => file.fileId === fileId))
  if (!signed) throw businessError(applyServerMessages.signatureRequired)
}

/** The draft came through the older pages (tables.ts StoredForm.door), written while it is still 暂存. */
export async function markOlderDoor(db: Database, id: string) {
  const [marked] = await db
    .update(unitApplications)
    .set({ form: sql`${unitApplications.form} || ${JSON.stringify({ door: 'OLDER' })}::jsonb` })
    .where(and(eq(unitApplications.id, id), eq(unitApplications.applyStatus, applyStatus.TEMPORARY_SAVE)))
    .returning({ id: unitApplications.id })
  if (!marked) throw businessError(applyServerMessages.alreadySubmitted)
}

export const noChangeable = () => businessError(messages.noChangeableSeals)
