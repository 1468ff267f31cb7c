import { eq } from 'drizzle-orm'
import type { Caller } from '../plugins/caller.ts'
import { persons, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { notFound } from '../errors.ts'
import { seals, type Seal } from '../seals/tables.ts'

/**
 * A seal with the person who holds its PIN: the owner of a personal seal, or the legal representative of
 * the unit that owns a unit seal (per-seal role 1, spec 000 §6).
 */
export type SealHolder = {
  seal: Seal
  holder: { personId: string; name: string; identityType: string; identityNo: string }
  unit: { id: string; name: string; socialCreditCode: string } | null
}

export async function loadSealHolder(db: Database, sealId: string): Promise<SealHolder | undefined> {
  const [seal] = await db.select().from(seals).where(eq(seals.id, sealId)).limit(1)
  if (!seal) return undefined
  if (seal.ownerKind === 'person') {
    const [person] = await db
      .select()
      .from(persons)
      .where(eq(persons.id, seal.personId ?? ''))
      .limit(1)
    if (!person) return undefined
    return {
      seal,
      holder: {
        personId: person.id,
        name: person.name,
        identityType: person.identityType,
        identityNo: person.identityNo,
      },
      unit: null,
    }
  }
  const [row] = await db
    .select({ unit: units, legal: persons })
    .from(units)
    .innerJoin(persons, eq(persons.id, units.legalPersonId))
    .where(eq(units.id, seal.unitId ?? ''))
    .limit(1)
  if (!row) return undefined
  return {
    seal,
    holder: {
      personId: row.legal.id,
      name: row.legal.name,
      identityType: row.legal.identityType,
      identityNo: row.legal.identityNo,
    },
    unit: { id: row.unit.id, name: row.unit.name, socialCreditCode: row.unit.socialCreditCode },
  }
}

/** The identifiers the client sends with every seal call; sealCode and sealTypeCode must match when given. */
export type SealReference = {
  sealId: string
  sealCode?: string | undefined
  sealTypeCode?: string | undefined
}

/**
 * The seal, if the caller is the one who checks its PIN: the holder (see SealHolder), or the unit's
 * enterprise account (a company account checks the seal PIN, spec 000 §6). Anyone else, and any
 * mismatching code, gets 数据不存在, so seal ids cannot be probed.
 */
export async function sealHeldByCaller(
  db: Database,
  caller: Caller,
  reference: SealReference,
): Promise<SealHolder> {
  const found = await loadSealHolder(db, reference.sealId)
  if (!found) throw notFound()
  const { seal } = found
  if (reference.sealCode && reference.sealCode !== seal.sealCode) throw notFound()
  if (reference.sealTypeCode && reference.sealTypeCode !== seal.sealTypeCode) throw notFound()
  const isHolder = found.holder.personId === caller.person.id
  const isUnitAccount =
    caller.kind === 'enterprise' && seal.ownerKind === 'unit' && caller.unit?.id === seal.unitId
  if (!isHolder && !isUnitAccount) throw notFound()
  return found
}
