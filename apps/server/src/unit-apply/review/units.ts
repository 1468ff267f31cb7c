import { and, eq, inArray, isNull, ne } from 'drizzle-orm'
import { applicantKind } from '@seal/shared/codes/business-type'
import { unitType } from '@seal/shared/codes/unit-type'
import { accounts, persons, sessions, units } from '../../auth/tables.ts'
import { resolveConfig } from '../../config/service.ts'
import type { Database } from '../../db/client.ts'
import { seals } from '../../seals/tables.ts'
import type { SealOwner } from '../../seals/make-seal.ts'
import type { StoredForm, UnitApplication } from '../tables.ts'

/** The unit an application is for, as on record, and its legal representative: what several business types ask. */

export type UnitOwner = Extract<SealOwner, { kind: 'unit' }>

export const creditCodeOf = (application: UnitApplication) => (application.socialCreditCode || application.form.socialCreditCode).trim().toUpperCase()

/** The legal representative the application names, as persons are keyed (a resident ID card, 111, when no type is given). */
const legalIdentityOf = (form: StoredForm) => ({
  identityType: form.legalPersonIdentityType || '111',
  // A form saved before the field was asked for has none; it names no one.
  identityNo: (form.legalPersonIdentityNo ?? '').trim().toUpperCase(),
})

export const sameLegalPerson = (person: { identityType: string; identityNo: string }, application: UnitApplication) => {
  const named = legalIdentityOf(application.form)
  return named.identityNo !== '' && person.identityType === named.identityType && person.identityNo === named.identityNo
}

/**
 * Whoever holds a seal sets its PIN himself: the legal representative at step 2 of his own application,
 * or when he signed an operator's (signing.ts). A PIN an operator typed is never a seal's.
 */
export const legalPinSetByHolder = (application: UnitApplication) =>
  Boolean(application.legalPinHash) && (application.applyType === applicantKind.LEGAL_APPLY || application.form.legalPinSetAtSigning === true)

/**
 * An operator's application the legal representative did not sign online (issue #21): one of the offline
 * door (the paper form carries his signature, read by a person), or of an administrative or public
 * institution (06), which skips the online signature (001 §1). Its seals are made **pending activation**
 * (status 4) without a PIN: the legal representative activates them himself with his own new PIN. An
 * operator never sets the legal representative's PIN.
 */
export const madePendingActivation = (application: UnitApplication) =>
  application.applyType === applicantKind.OPERATOR_APPLY &&
  !legalPinSetByHolder(application) &&
  (application.form.door === 'OFFLINE' || application.form.unitTypeCode === unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION)

/** The legal representative the application names, found by ID or registered with its name and phone: their person id. */
export async function legalPersonOf(tx: Database, form: StoredForm): Promise<string> {
  const identity = legalIdentityOf(form)
  await tx.insert(persons).values({ ...identity, name: form.legalPersonName.trim(), phone: form.legalTel.trim() }).onConflictDoNothing()
  const [legal] = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.identityType, identity.identityType), eq(persons.identityNo, identity.identityNo)))
    .limit(1)
  return legal!.id
}

/**
 * The unit a renewal or change is for: the one the application was linked to, else the one with its
 * credit code, else the unit holding its seals when its legal representative applies (a change of
 * credit code names the new code). With its legal representative's identity.
 */
export async function unitOnRecord(db: Database, application: UnitApplication) {
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

/**
 * Once a unit names another legal representative, the former one's enterprise sessions for it end: an
 * enterprise account sees and uses the unit's seals (seals/queries.ts), and it was theirs.
 */
export async function endFormerLegalSessions(db: Database, unitId: string, legalPersonId: string) {
  const former = db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.unitId, unitId), ne(accounts.personId, legalPersonId)))
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(inArray(sessions.accountId, former), isNull(sessions.revokedAt)))
}

/** Validity of a unit seal's certificate (the spec does not say; as personal seals; decisions.md). */
export const UNIT_SEAL_VALID_YEARS = 3

/**
 * When a unit seal's certificate made or renewed at `start` ends: UNIT_SEAL_VALID_YEARS, or the days the
 * operator set (configuration `unitSealValidDays`) for the unit, for the channel the application came
 * through, or globally, the most specific winning (a reviewer's approval has no channel of its own).
 */
export async function unitSealValidUntil(db: Database, application: { socialCreditCode: string; channel: string | null }, start: Date): Promise<Date> {
  const { unitSealValidDays } = await resolveConfig(db, { socialCreditCode: application.socialCreditCode, channel: application.channel })
  const end = new Date(start)
  if (unitSealValidDays > 0) end.setTime(start.getTime() + Math.floor(unitSealValidDays) * 86_400_000)
  else end.setFullYear(end.getFullYear() + UNIT_SEAL_VALID_YEARS)
  return end
}
