import { and, asc, eq, type SQL } from 'drizzle-orm'
import type { ApplySealType, SealRecord } from '@seal/shared/api/older-apply'
import { sealTypeCode, sealTypeLabel, unitSealTypeCodes } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { maskIdNumber } from '@seal/shared/text/masking'
import type { Caller } from '../plugins/caller.ts'
import { persons, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { seals } from '../seals/tables.ts'
import { sealTypesInUse } from '../unit-apply/checks.ts'
import { isTiedToUnit } from '../unit-apply/seal-choices.ts'

/**
 * What the older wizard's step 1 asks about a unit's seals (001 §4 "Seal status from the existing-record
 * query", "Seal-type choice"; §7). A unit's seals are its own people's business (DESIGN.md "A unit's data goes
 * only to its own verified people"): only a caller tied to the unit (its enterprise account, its verified legal
 * representative on record, the applicant of an application of it whose unit verification passed) hears them;
 * anyone else hears what an unknown unit answers, and an enterprise account asking about another unit is told
 * 企业信息不匹配! as the new wizard's seal picker tells it.
 */

/** The unit's code as stored, after the enterprise account's own-unit rule. */
async function tiedCode(db: Database, caller: Caller, socialCreditCode: string): Promise<{ code: string; tied: boolean }> {
  const code = socialCreditCode.trim().toUpperCase()
  if (caller.kind === 'enterprise' && caller.unit && caller.unit.socialCreditCode !== code) throw businessError(messages.enterpriseMismatch)
  return { code, tied: await isTiedToUnit(db, caller, code) }
}

/**
 * POST /seal/queryMake: the unit's seal records in the wide status reading ('1' valid, '4' pending
 * activation, '7' awaiting making, '8' changing …), by seal type then age; with `sealCode`, the records
 * bearing that physical seal code; with `useUnitName`, none unless it is the unit's name on record.
 */
export async function sealRecordsOf(db: Database, caller: Caller, query: { socialCreditCode: string; sealCode?: string | undefined; useUnitName?: string | undefined }): Promise<SealRecord[]> {
  const { code, tied } = await tiedCode(db, caller, query.socialCreditCode)
  if (!tied) return []
  const conditions: SQL[] = [eq(units.socialCreditCode, code)]
  const sealCode = query.sealCode?.trim()
  if (sealCode) conditions.push(eq(seals.sealCode, sealCode))
  const rows = await db
    .select({ seal: seals, unitName: units.name, regionCode: units.regionCode, legalName: persons.name, legalIdentityNo: persons.identityNo })
    .from(seals)
    .innerJoin(units, eq(units.id, seals.unitId))
    .innerJoin(persons, eq(persons.id, units.legalPersonId))
    .where(and(...conditions))
    .orderBy(asc(seals.sealTypeCode), asc(seals.createdAt), asc(seals.id))
  const named = query.useUnitName?.trim()
  if (named && rows.some((row) => row.unitName !== named)) return []
  return rows.map(({ seal, unitName, regionCode, legalName, legalIdentityNo }) => ({
    sealId: seal.id,
    sealTypeCode: seal.sealTypeCode,
    sealTypeName: sealTypeLabel(seal.sealTypeCode),
    sealName: seal.sealName,
    sealCode: seal.sealCode,
    status: seal.status,
    personName: legalName,
    unitAdminNum: regionCode ?? '',
    businessName: unitName,
    personIdentity: maskIdNumber(legalIdentityNo),
    extraMark: seal.sealTypeCode === sealTypeCode.OTHER ? seal.sealName : '',
  }))
}

/**
 * POST /seal/queryCannotMakeBySocialCreditCode: the named seal types (01-05) the unit cannot apply for now,
 * because it holds one (in effect or on its way: the held statuses) or applies for one (`applying`).
 */
export async function sealTypesNotMakeable(db: Database, caller: Caller, socialCreditCode: string) {
  const { code, tied } = await tiedCode(db, caller, socialCreditCode)
  if (!tied) return []
  const { held, applied } = await sealTypesInUse(db, code)
  return unitSealTypeCodes
    .filter((type) => applied.has(type))
    .map((type) => ({ sealTypeCode: type, sealTypeName: sealTypeLabel(type), applying: !held.has(type) }))
}

/**
 * POST /apply/get/applySealTypeCode: the seal types the older wizard offers a unit (01-05 and 99, the
 * picker's order), each with `canMake` false when the unit holds or applies for one (told only to those
 * tied to the unit; other-type seals are always makeable).
 */
export async function sealTypesOffered(db: Database, caller: Caller, socialCreditCode: string): Promise<ApplySealType[]> {
  const { code, tied } = await tiedCode(db, caller, socialCreditCode)
  const applied = tied ? (await sealTypesInUse(db, code)).applied : new Set<string>()
  return unitSealTypeCodes.map((type) => ({ sealTypeCode: type, sealTypeName: sealTypeLabel(type), canMake: !applied.has(type) }))
}
