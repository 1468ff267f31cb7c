import { and, asc, eq, gt, ilike, or, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { containsPattern } from '../../db/search.ts'
import { sandboxEnterprises } from '../tables.ts'
import { sandboxUnits, type SandboxUnit } from './sandbox-units.ts'

export type SandboxEnterprise = typeof sandboxEnterprises.$inferSelect

/** Puts the units of `sandboxUnits` in the registry, once: a unit an operator replaced stays as they left it. */
export async function seedSandboxEnterprises(db: Database): Promise<void> {
  await db
    .insert(sandboxEnterprises)
    .values(Object.values(sandboxUnits).map(registryRow))
    .onConflictDoNothing({ target: sandboxEnterprises.socialCreditCode })
}

/** Adds a unit to the registry or replaces the one with its credit code (the operator call). */
export async function saveSandboxEnterprise(db: Database, unit: SandboxUnit): Promise<SandboxEnterprise> {
  const { socialCreditCode, ...facts } = registryRow(unit)
  const [saved] = await db
    .insert(sandboxEnterprises)
    .values({ socialCreditCode, ...facts })
    .onConflictDoUpdate({ target: sandboxEnterprises.socialCreditCode, set: facts })
    .returning()
  return saved!
}

export async function findSandboxEnterprise(
  db: Database,
  socialCreditCode: string,
): Promise<SandboxEnterprise | undefined> {
  const [row] = await db
    .select()
    .from(sandboxEnterprises)
    .where(eq(sandboxEnterprises.socialCreditCode, socialCreditCode.trim().toUpperCase()))
    .limit(1)
  return row
}

function registryRow(unit: SandboxUnit) {
  return {
    socialCreditCode: unit.socialCreditCode.toUpperCase(),
    unitName: unit.unitName,
    legalPersonName: unit.legalPersonName,
    legalPersonIdentityNo: unit.legalPersonIdentityNo.toUpperCase(),
    unitTypeCode: unit.unitTypeCode,
    regionCode: unit.regionCode,
    outcome: unit.outcome,
  }
}

/**
 * The registry a page at a time, by credit code (GET /api/admin/sandbox/enterprises): `keyword` a part of the
 * unit name, credit code or legal representative's name. A sandbox registry holds what people add by hand, so
 * the contains-match reads the table (no trigram index).
 */
export async function listSandboxEnterprises(
  db: Database,
  query: { keyword?: string | undefined; lastId?: string | undefined; pageSize: number },
): Promise<{ records: SandboxEnterprise[]; lastId: string | null; hasMore: boolean }> {
  const t = sandboxEnterprises
  const pattern = query.keyword ? containsPattern(query.keyword) : undefined
  const filters: (SQL | undefined)[] = [
    pattern
      ? or(ilike(t.unitName, pattern), ilike(t.socialCreditCode, pattern), ilike(t.legalPersonName, pattern))
      : undefined,
    query.lastId ? gt(t.socialCreditCode, query.lastId) : undefined,
  ]
  const rows = await db
    .select()
    .from(t)
    .where(and(...filters))
    .orderBy(asc(t.socialCreditCode))
    .limit(query.pageSize + 1)
  const records = rows.slice(0, query.pageSize)
  const hasMore = rows.length > query.pageSize
  return { records, lastId: hasMore ? (records.at(-1)?.socialCreditCode ?? null) : null, hasMore }
}
