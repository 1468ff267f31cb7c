import { and, eq, isNull } from 'drizzle-orm'
import { businessType } from '@seal/shared/codes/business-type'
import { sealTypeCode, sealTypeLabels, unitSealTypeCodes } from '@seal/shared/codes/seal-type'
import type { Caller } from '../auth/caller.ts'
import { forbidden } from '../errors.ts'
import { units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { seals } from '../seals/tables.ts'
import { sealTypesInUse } from './checks.ts'
import { applyServerMessages } from './messages.ts'
import { unitApplications } from './tables.ts'

/** Shown without 更多: the unit seal and the legal representative's name seal (001 §5). */
const shownByDefault = new Set<string>([sealTypeCode.UNIT_OFFICIAL, sealTypeCode.LEGAL_REPRESENTATIVE_NAME])

/**
 * POST /seal-apply/seal/queryCanApply: the seal picker of step 1. A type the unit holds or is applying for
 * is （已申请） (other-type seals never are: a unit may have many); the unit seal is （必选） for a new
 * application the unit does not have it for. A personal login may ask about any unit: the picker comes
 * before the unit verification that would tie an operator to the unit, and it tells only which types are
 * taken (no names, numbers or holders). An enterprise account applies only for itself, so it asks only
 * about its own unit.
 */
export async function queryCanApply(db: Database, caller: Caller, query: { socialCreditCode: string; businessTypeEnum: string }) {
  const code = query.socialCreditCode.trim().toUpperCase()
  if (caller.unit && caller.unit.socialCreditCode !== code) throw forbidden(applyServerMessages.otherUnit)
  const { held, applied } = await sealTypesInUse(db, code)
  const canApply = unitSealTypeCodes.map((code) => {
    const taken = applied.has(code)
    return {
      sealTypeCode: code,
      sealTypeName: sealTypeLabels[code],
      applied: taken,
      required: code === sealTypeCode.UNIT_OFFICIAL && query.businessTypeEnum === businessType.APPLY && !taken,
      shownByDefault: shownByDefault.has(code),
    }
  })
  return { canApply, hasSeal: held.size > 0 }
}

/**
 * Whether the caller is tied to the unit: its enterprise account, its legal representative on record, or
 * the applicant of an application of it whose unit verification passed.
 */
async function isTiedToUnit(db: Database, caller: Caller, socialCreditCode: string): Promise<boolean> {
  if (caller.unit?.socialCreditCode === socialCreditCode) return true
  const [legal] = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.socialCreditCode, socialCreditCode), eq(units.legalPersonId, caller.person.id)))
    .limit(1)
  if (legal) return true
  const [verified] = await db
    .select({ id: unitApplications.id })
    .from(unitApplications)
    .where(
      and(
        eq(unitApplications.applicantPersonId, caller.person.id),
        eq(unitApplications.socialCreditCode, socialCreditCode),
        eq(unitApplications.companyVerifyPass, true),
        isNull(unitApplications.deletedAt),
      ),
    )
    .limit(1)
  return Boolean(verified)
}

/**
 * POST /seal-apply/seal/filingInfo: the filing numbers (备案号) known for the unit's seals of a type, one
 * per number; the client adds 无备案号. Step 2 comes after the unit verification, so only a caller tied to
 * the unit hears them; anyone else gets the empty list, as for a unit with none.
 */
export async function filingInfo(db: Database, caller: Caller, query: { socialCreditCode: string; sealTypeCode: string }) {
  const code = query.socialCreditCode.trim().toUpperCase()
  if (!code || !(await isTiedToUnit(db, caller, code))) return []
  const rows = await db
    .selectDistinctOn([seals.sealCode], { sealName: seals.sealName, sealCode: seals.sealCode })
    .from(seals)
    .innerJoin(units, eq(units.id, seals.unitId))
    .where(and(eq(units.socialCreditCode, code), eq(seals.sealTypeCode, query.sealTypeCode)))
    .orderBy(seals.sealCode)
  return rows.filter((row) => row.sealCode)
}
