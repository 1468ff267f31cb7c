import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
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

export async function findSandboxEnterprise(db: Database, socialCreditCode: string): Promise<SandboxEnterprise | undefined> {
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
