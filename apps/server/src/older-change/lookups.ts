import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { queryMakeBody, SealAuthorisation, SealMakeRecord } from '@seal/shared/api/older-change'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import type { Caller } from '../plugins/caller.ts'
import { units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { authorisationsOfSeals } from '../seal-auth/queries.ts'
import { representsUnit } from '../seals/roles.ts'
import { seals } from '../seals/tables.ts'

/**
 * POST /seal/queryMakeIgnoreStatus (001 §7, "for change"): the seal records of the unit `socialCreditCode`,
 * whatever their status (in effect, cancelled, expired…), oldest first, or the one of `sealCode` — what step
 * 3-1 confirms a physical seal's code from. A unit's records are its holder's: the verified legal
 * representative on record or the unit's enterprise login. Anyone else, and an unknown unit or code, get
 * the empty list.
 */
export async function sealRecordsOfUnit(db: Database, caller: Caller, query: z.infer<typeof queryMakeBody>): Promise<SealMakeRecord[]> {
  const code = query.socialCreditCode.trim().toUpperCase()
  const sealCode = query.sealCode?.trim()
  if (!code && !sealCode) return []
  const holds = caller.kind === 'enterprise' ? (caller.unit ? eq(units.id, caller.unit.id) : sql`false`) : representsUnit(caller.person)
  const rows = await db
    .select({
      sealId: seals.id,
      sealCode: seals.sealCode,
      sealName: seals.sealName,
      sealTypeCode: seals.sealTypeCode,
      status: seals.status,
      useUnitName: units.name,
      socialCreditCode: units.socialCreditCode,
    })
    .from(seals)
    .innerJoin(units, eq(units.id, seals.unitId))
    .where(and(holds, code ? eq(units.socialCreditCode, code) : undefined, sealCode ? eq(seals.sealCode, sealCode) : undefined))
    .orderBy(asc(seals.createdAt), asc(seals.id))
    .limit(200)
  return rows.map((row) => ({ ...row, sealTypeName: sealTypeLabel(row.sealTypeCode) }))
}

/**
 * POST /paas-composite-seal/seal/authorize/queryBySealId {sealId, sealPlatType 0}: the seal's authorisations
 * waiting for the seal user or in force, with their ids, for its holder or a manager (the same query as
 * /seal-apply/seal/auths). Anyone else gets the empty list, as for a seal without any.
 */
export async function authorisationsOfSeal(db: Database, caller: Caller, sealId: string, now: Date): Promise<SealAuthorisation[]> {
  const list = await authorisationsOfSeals(db, caller, [sealId], now)
  return list.map((auth) => ({ id: auth.authId, ...auth }))
}
