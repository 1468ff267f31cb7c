import { and, eq, isNull } from 'drizzle-orm'
import { businessType } from '@seal/shared/codes/business-type'
import { messages } from '@seal/shared/messages'
import { sealTypeCode, sealTypeLabels, unitSealTypeCodes } from '@seal/shared/codes/seal-type'
import type { Caller } from '../plugins/caller.ts'
import { units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { representsUnit } from '../seals/roles.ts'
import { seals } from '../seals/tables.ts'
import { sealTypesInUse } from './checks.ts'
import { unitApplications } from './tables.ts'

/** Shown without 更多: the unit seal and the legal representative's name seal (001 §5). */
const shownByDefault = new Set<string>([sealTypeCode.UNIT_OFFICIAL, sealTypeCode.LEGAL_REPRESENTATIVE_NAME])

/**
 * POST /seal-apply/seal/queryCanApply: the seal picker of step 1. A type the unit holds or is applying for
 * is （已申请） (other-type seals never are: a unit may have many); the unit seal is （必选） for a new
 * application the unit does not have it for. Who hears what (docs/decisions.md "Who may ask queryCanApply"):
 * - an enterprise account asks about its own unit only;
 * - a caller tied to the unit (its legal representative on record, or an applicant whose verification of it
 *   passed) hears everything: `hasSeal` (the 章已申请，找回印章 link) and, for a recovery, the types it holds;
 * - anyone else (an operator before the unit verification) hears what they would hear of a unit we do not
 *   know: every type free, the unit seal required for a new application, never `hasSeal`, and for a recovery
 *   the plain list of types. A unit's seals are its own people's business (DESIGN.md "A unit's data goes only
 *   to its own verified people"); step 1's checks refuse a taken type once the unit verification passed.
 */
export async function queryCanApply(db: Database, caller: Caller, query: { socialCreditCode: string; businessTypeEnum: string }) {
  const code = query.socialCreditCode.trim().toUpperCase()
  if (caller.kind === 'enterprise' && caller.unit && caller.unit.socialCreditCode !== code) throw businessError(messages.enterpriseMismatch)
  const [{ held, applied }, tied] = await Promise.all([sealTypesInUse(db, code), code ? isTiedToUnit(db, caller, code) : false])
  const option = (type: (typeof unitSealTypeCodes)[number], taken: boolean, required: boolean) => ({
    sealTypeCode: type,
    sealTypeName: sealTypeLabels[type],
    applied: taken,
    required,
    shownByDefault: shownByDefault.has(type),
  })
  if (query.businessTypeEnum === businessType.RETRIEVE) {
    // What can be recovered is what the unit holds; only those tied to it may hear that before verification.
    const types = tied ? unitSealTypeCodes.filter((type) => held.has(type)) : unitSealTypeCodes
    return { canApply: types.map((type) => option(type, false, false)), hasSeal: tied && held.size > 0 }
  }
  const canApply = unitSealTypeCodes.map((type) => {
    const taken = tied && applied.has(type)
    return option(type, taken, type === sealTypeCode.UNIT_OFFICIAL && query.businessTypeEnum === businessType.APPLY && !taken)
  })
  return { canApply, hasSeal: tied && held.size > 0 }
}

/**
 * Whether the caller is tied to the unit: its enterprise account, its legal representative on record, or
 * the applicant of an application of it whose unit verification passed.
 */
export async function isTiedToUnit(db: Database, caller: Caller, socialCreditCode: string): Promise<boolean> {
  if (caller.unit?.socialCreditCode === socialCreditCode) return true
  const [legal] = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.socialCreditCode, socialCreditCode), representsUnit(caller.person)))
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
