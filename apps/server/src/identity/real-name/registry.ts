import { and, asc, eq, gt, ilike, or, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { containsPattern } from '../../db/search.ts'
import { sandboxPersons as sandboxPersonsTable } from '../tables.ts'
import { RealNameTimeout, type RealNameProvider } from './provider.ts'
import { sandboxPersons, type SandboxPerson } from './sandbox-persons.ts'

export type SandboxPersonRow = typeof sandboxPersonsTable.$inferSelect

/** Puts the persons of `sandboxPersons` in the registry, once: a person an operator replaced stays as they left it. */
export async function seedSandboxPersons(db: Database): Promise<void> {
  await db
    .insert(sandboxPersonsTable)
    .values(sandboxPersons.map(registryRow))
    .onConflictDoNothing({ target: sandboxPersonsTable.phone })
}

/** Adds a person to the registry or replaces the one at that phone (the operator call, and the tests). */
export async function saveSandboxPerson(db: Database, person: SandboxPerson): Promise<SandboxPersonRow> {
  const { phone, ...facts } = registryRow(person)
  const [saved] = await db
    .insert(sandboxPersonsTable)
    .values({ phone, ...facts })
    .onConflictDoUpdate({ target: sandboxPersonsTable.phone, set: facts })
    .returning()
  return saved!
}

/**
 * The sandbox three-element check, answered from the registry as a carrier answers from its records:
 * keyed by the phone; the name and ID number must both be the ones registered to it.
 */
export function sandboxRealNameProvider(options: { db: Database }): RealNameProvider {
  return {
    kind: 'sandbox',
    async check({ phone, name, identityNo }) {
      const [row] = await options.db
        .select()
        .from(sandboxPersonsTable)
        .where(eq(sandboxPersonsTable.phone, phone.trim()))
        .limit(1)
      if (!row) return 'unknown'
      if (row.outcome === 'timeout') throw new RealNameTimeout()
      return row.name === name.trim() && row.identityNo === identityNo.trim().toUpperCase()
        ? 'pass'
        : 'mismatch'
    },
  }
}

function registryRow(person: SandboxPerson) {
  return {
    phone: person.phone.trim(),
    name: person.name.trim(),
    identityNo: person.identityNo.trim().toUpperCase(),
    outcome: person.outcome,
  }
}

/**
 * The registry a page at a time, by phone (GET /api/admin/sandbox/persons): `keyword` a part of the phone,
 * name or ID number. A sandbox registry holds what people add by hand, so the contains-match reads the table.
 */
export async function listSandboxPersons(
  db: Database,
  query: { keyword?: string | undefined; lastId?: string | undefined; pageSize: number },
): Promise<{ records: SandboxPersonRow[]; lastId: string | null; hasMore: boolean }> {
  const t = sandboxPersonsTable
  const pattern = query.keyword ? containsPattern(query.keyword) : undefined
  const filters: (SQL | undefined)[] = [
    pattern ? or(ilike(t.phone, pattern), ilike(t.name, pattern), ilike(t.identityNo, pattern)) : undefined,
    query.lastId ? gt(t.phone, query.lastId) : undefined,
  ]
  const rows = await db
    .select()
    .from(t)
    .where(and(...filters))
    .orderBy(asc(t.phone))
    .limit(query.pageSize + 1)
  const records = rows.slice(0, query.pageSize)
  const hasMore = rows.length > query.pageSize
  return { records, lastId: hasMore ? (records.at(-1)?.phone ?? null) : null, hasMore }
}
