import { and, eq, isNull } from 'drizzle-orm'
import type { UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { notFound } from '../errors.ts'
import { changeTypeOfState, pinFieldsOf, stateOf } from './checks.ts'
import { applyServerMessages } from './messages.ts'
import { unitApplications, type UnitApplication } from './tables.ts'

/**
 * Who may see an application (issue #10: only the applicant, the unit's legal representative and the
 * unit's administrators). Anyone else is told it does not exist, so ids cannot be probed.
 */

/** An application that was not deleted. */
export async function findApplication(db: Database, id: string): Promise<UnitApplication | undefined> {
  const [row] = await db
    .select()
    .from(unitApplications)
    .where(and(eq(unitApplications.id, id), isNull(unitApplications.deletedAt)))
    .limit(1)
  return row
}

/** The person who applies, from whichever of their accounts (personal or the unit's) they use. */
export const isApplicant = (caller: Caller, row: UnitApplication) => row.applicantPersonId === caller.person.id

/**
 * The legal representative the application names, by ID number and name — a verified person only: typing
 * someone's ID number at login makes nobody a unit's signer (docs/decisions.md "Who is who").
 */
export function isNamedLegalRepresentative(caller: Caller, row: UnitApplication): boolean {
  if (!caller.person.verified) return false
  if (!row.legalPersonIdentityNo || caller.person.identityNo.toUpperCase() !== row.legalPersonIdentityNo) return false
  return caller.person.name === row.form.legalPersonName.trim()
}

/** An enterprise account of the unit the application is for (the unit's administrator). */
const isUnitAccount = (caller: Caller, row: UnitApplication) =>
  caller.kind === 'enterprise' && Boolean(row.socialCreditCode) && caller.unit?.socialCreditCode === row.socialCreditCode

/**
 * The applicant always; the named legal representative and the unit's enterprise account once it is
 * submitted. A draft is the applicant's alone: typing someone's ID number into it grants them nothing.
 */
export function mayRead(caller: Caller, row: UnitApplication): boolean {
  if (isApplicant(caller, row)) return true
  if (!row.submittedAt) return false
  return isNamedLegalRepresentative(caller, row) || isUnitAccount(caller, row)
}

export async function readableApplication(db: Database, caller: Caller, id: string): Promise<UnitApplication> {
  const row = await findApplication(db, id)
  if (!row || !mayRead(caller, row)) throw notFound(applyServerMessages.notFound)
  return row
}

/** The caller's own application (to edit, submit, withdraw, delete or apply again). */
export async function ownApplication(db: Database, caller: Caller, id: string): Promise<UnitApplication> {
  const row = await findApplication(db, id)
  if (!row || !isApplicant(caller, row)) throw notFound(applyServerMessages.notFound)
  return row
}

/** GET /seal-apply/apply/detail: the stored form (never a password or its hash) and what was decided. */
export function detailOf(caller: Caller, row: UnitApplication): UnitApplicationDetail {
  // Stored forms never hold passwords; dropping the keys again keeps that true for any older row.
  // The change's starting point (the legal representative on record, ID number and all) stays on the server.
  const { legalPassword: _a, legalPasswordConfirm: _b, sealManagerPassword: _c, sealManagerPasswordConfirm: _d, changeOriginal: _e, legalPinSetAtSigning: _f, ...form } = row.form as typeof row.form &
    Record<string, unknown>
  return {
    ...form,
    changeType: changeTypeOfState({ ...row.form, businessType: row.businessType, applyType: row.applyType }, stateOf(row)),
    id: row.id,
    businessType: row.businessType,
    applyType: row.applyType,
    step: row.step as UnitApplicationDetail['step'],
    sealId: row.sealId,
    applyStatus: row.applyStatus,
    legalPasswordSet: Boolean(row.legalPinHash),
    sealManagerPasswordSet: Boolean(row.managerPinHash),
    companyVerifyPass: row.companyVerifyPass,
    companyVerifyReason: row.companyVerifyReason,
    serialNo: row.serialNo,
    faceSerialNo: row.faceSerialNo,
    signedFiles: row.signedFiles,
    failReason: row.failReason,
    failSealItems: row.failSealItems,
    successSealItems: row.successSealItems,
    ...pinFieldsOf(row),
    mine: isApplicant(caller, row),
    createTime: row.createdAt.getTime(),
    updateTime: row.updatedAt.getTime(),
    submitTime: row.submittedAt?.getTime() ?? null,
  }
}
