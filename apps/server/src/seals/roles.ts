import { and, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm'
import { sealAuthMessages } from '@seal/shared/api/seal-auth'
import { authUseType, sealRole, type SealRole } from '@seal/shared/codes/authorization'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Caller } from '../plugins/caller.ts'
import { persons, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { businessError, forbidden, notFound } from '../errors.ts'
import { sealAuths, seals, type Seal, type SealAuth } from './tables.ts'

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

/** The reference in a request body, whose codes may come as null. */
export const sealReferenceOf = (body: {
  sealId: string
  sealCode?: string | null | undefined
  sealTypeCode?: string | null | undefined
}): SealReference => ({
  sealId: body.sealId,
  sealCode: body.sealCode ?? undefined,
  sealTypeCode: body.sealTypeCode ?? undefined,
})

/**
 * The seal, if the caller is the one who checks its PIN: the holder (see SealHolder and isHolderOf), or
 * the unit's enterprise account (a company account checks the seal PIN, spec 000 §6). Anyone else, and any
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
  // The one holder rule (isHolderOf): a unit's seal answers only to a verified legal representative or the unit's account.
  if (!isHolderOf(caller, found)) throw notFound()
  return found
}

/**
 * The caller's role on a seal (spec 000 §3, §6), decided here and nowhere else:
 *
 * - 1: the holder — the person of a personal seal, the legal representative of a unit seal — or the unit's
 *   own company account (a company account counts as the legal person).
 * - 2: a manager — an accepted authorisation to manage (authUseType 2) whose period covers now.
 * - 3: an authorised user — an accepted authorisation to use (authUseType 1) whose period covers now.
 *
 * A grantee who has not accepted yet, one whose authorisation was revoked or has ended, and anyone else
 * has no role: for them the seal does not exist (数据不存在), so seal ids cannot be probed.
 */
export const NOT_YOUR_ROLE = '无权操作此印章'

export type SealAccess = SealHolder & { role: SealRole; auth: SealAuth | null }

/**
 * The holder of a personal seal is its person; of a unit seal, the unit's legal representative or the unit's
 * account — and only a verified person holds a unit's seal: an ID number typed at login proves nothing
 * (docs/decisions.md "Who is who").
 */
export const isHolderOf = (
  caller: Caller,
  found: Pick<SealHolder, 'seal'> & { holder: Pick<SealHolder['holder'], 'personId'> },
) =>
  found.seal.ownerKind === 'person'
    ? found.holder.personId === caller.person.id
    : caller.person.verified &&
      (found.holder.personId === caller.person.id ||
        (caller.kind === 'enterprise' && caller.unit?.id === found.seal.unitId))

/** The condition "the caller represents this unit" for a units.legalPersonId column: never true until verified. */
export function representsUnit(
  person: Caller['person'],
  legalPersonIdColumn: PgColumn = units.legalPersonId,
): SQL {
  return person.verified ? eq(legalPersonIdColumn, person.id) : sql`false`
}

/**
 * An accepted authorisation of this person whose period covers `now`: the condition roles 2 and 3 stand on.
 * An unverified person has none (a grantee must be who the holder meant).
 */
export function authInForce(
  grantee: Caller['person'],
  now: Date,
  sealIdColumn: SQL | typeof seals.id = seals.id,
): SQL {
  if (!grantee.verified) return sql`false`
  return and(
    sql`${sealAuths.sealId} = ${sealIdColumn}`,
    eq(sealAuths.granteePersonId, grantee.id),
    eq(sealAuths.status, 'active'),
    lte(sealAuths.startTime, now),
    gte(sealAuths.endTime, now),
  )!
}

export const roleOfAuth = (auth: Pick<SealAuth, 'authUseType'>): SealRole =>
  Number(auth.authUseType) === authUseType.MANAGE ? sealRole.MANAGER : sealRole.AUTHORIZED_USER

/** The caller's role on a loaded seal, with the authorisation it stands on; undefined when none. */
export async function roleOnSeal(
  db: Database,
  caller: Caller,
  found: SealHolder,
  now: Date,
): Promise<{ role: SealRole; auth: SealAuth | null } | undefined> {
  if (isHolderOf(caller, found)) return { role: sealRole.LEGAL_PERSON, auth: null }
  // An enterprise account acts for its unit only, never on its person's own authorisations.
  if (caller.kind === 'enterprise') return undefined
  const [auth] = await db
    .select()
    .from(sealAuths)
    .where(authInForce(caller.person, now, sql`${found.seal.id}`))
    .limit(1)
  return auth ? { role: roleOfAuth(auth), auth } : undefined
}

/**
 * The seal with the caller's role on it. No role: 数据不存在. A role not among `roles` (any role when left
 * out): 无权操作此印章 — they can see the seal, so they may hear why. sealCode and sealTypeCode, when sent,
 * must match.
 */
export async function sealAccess(
  db: Database,
  caller: Caller,
  reference: SealReference,
  options: { roles?: readonly SealRole[]; now?: Date } = {},
): Promise<SealAccess> {
  const found = await loadSealHolder(db, reference.sealId)
  if (!found) throw notFound()
  if (reference.sealCode && reference.sealCode !== found.seal.sealCode) throw notFound()
  if (reference.sealTypeCode && reference.sealTypeCode !== found.seal.sealTypeCode) throw notFound()
  const role = await roleOnSeal(db, caller, found, options.now ?? new Date())
  if (!role) throw await noRoleError(db, caller, found.seal.id)
  if (options.roles && !options.roles.includes(role.role)) throw forbidden(NOT_YOUR_ROLE)
  return { ...found, ...role }
}

/**
 * Why a seal is closed to the caller: someone who was authorised on it hears that the authorisation is not
 * (or no longer) in force; anyone else, that the seal does not exist.
 */
export async function noRoleError(db: Database, caller: Caller, sealId: string) {
  if (caller.kind !== 'personal') return notFound()
  const [auth] = await db
    .select({ status: sealAuths.status })
    .from(sealAuths)
    .where(
      and(
        eq(sealAuths.sealId, sealId),
        eq(sealAuths.granteePersonId, caller.person.id),
        ne(sealAuths.status, 'draft'),
      ),
    )
    .orderBy(desc(sealAuths.createdAt))
    .limit(1)
  if (!auth) return notFound()
  return businessError(
    auth.status === 'pending' ? sealAuthMessages.notAccepted : sealAuthMessages.notAuthorised,
  )
}
