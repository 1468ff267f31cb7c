import { and, eq, inArray } from 'drizzle-orm'
import { sealStatus } from '@seal/shared/codes/seal-status'
import { messages } from '@seal/shared/messages'
import { renewalUnitProblem, unitMayRenew } from '@seal/shared/rules/renewal'
import { units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { seals } from './tables.ts'

/**
 * The renewal rule (000 §6 "Renew seal: a renewable check returns true"): a unit's seal in effect, of a
 * unit that may renew (not 06). How soon it ends does not matter — renewal step 2 lists every renewable
 * seal and only advises renewing those about to expire (001 §2). POST /seal/canRenewal, the seal list's
 * `canRenewal` (印章续期) and the wizard's renewal step 1 all ask this.
 */
export const sealMayRenew = (seal: { status: string }, unit: { unitTypeCode: string } | null) =>
  seal.status === sealStatus.IN_EFFECT && unit !== null && unitMayRenew(unit.unitTypeCode)

/**
 * Why a renewal of the unit `socialCreditCode` (of type `unitTypeCode`, as the form says) cannot name
 * `sealIds`, or null: the unit type (by the form or the unit on record), then each seal by the rule.
 */
export async function renewalProblem(
  db: Database,
  renewal: { socialCreditCode: string; unitTypeCode: string; sealIds: string[] },
): Promise<string | null> {
  const formProblem = renewalUnitProblem(renewal.unitTypeCode)
  if (formProblem) return formProblem
  const sealIds = [...new Set(renewal.sealIds.filter(Boolean))]
  if (sealIds.length === 0) return messages.noRenewableSeals
  const rows = await db
    .select({ status: seals.status, unitTypeCode: units.unitTypeCode })
    .from(seals)
    .innerJoin(units, eq(units.id, seals.unitId))
    .where(and(inArray(seals.id, sealIds), eq(units.socialCreditCode, renewal.socialCreditCode)))
  const onRecord = rows.map((row) => renewalUnitProblem(row.unitTypeCode)).find(Boolean)
  if (onRecord) return onRecord
  const allRenewable = rows.length === sealIds.length && rows.every((row) => sealMayRenew(row, row))
  return allRenewable ? null : messages.noRenewableSeals
}
