import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { alias, unionAll } from 'drizzle-orm/pg-core'
import { cancelProofUseType, type BindableGroup, type BindRecord, type BindRecordPage, type PlatformItem } from '@seal/shared/api/binding'
import { authUseType, sealRole } from '@seal/shared/codes/authorization'
import { bindSelection } from '@seal/shared/codes/binding'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { maskIdNumber } from '@seal/shared/text/masking'
import type { Caller } from '../plugins/caller.ts'
import { persons, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { containsPattern } from '../db/search.ts'
import { platforms } from '../platforms/tables.ts'
import { authInForce, representsUnit } from '../seals/roles.ts'
import { sealPictureLink } from '../seals/picture-link.ts'
import { seals, sealAuths } from '../seals/tables.ts'
import { bindingsInEffectByPlatform } from './platform-counts.ts'
import { bindingUseType } from './service.ts'
import { bindingInEffect, bindingInEffectByKey, bindingNotInEffect } from './state.ts'
import { sealBindings } from './tables.ts'

/**
 * The platforms seals can be bound to (POST /paas-composite-seal/sealBind/platform/config), in the order
 * they were registered, with how many seals are bound to each now (counted for all platforms at once and
 * kept 10 s, platform-counts.ts). `clientName` finds the platforms whose name contains it (so the full name
 * finds its platform); the list is the registry's, a handful of rows.
 */
export async function platformList(db: Database, filter: { clientName?: string | null | undefined; platformType?: string | null | undefined }, now: Date): Promise<PlatformItem[]> {
  const name = filter.clientName?.trim()
  const rows = await db
    .select({
      id: platforms.id,
      clientName: platforms.clientName,
      platformType: platforms.platformType,
      totality: platforms.totality,
      usageNotes: platforms.usageNotes,
      apiUrl: platforms.apiUrl,
      sdkUrl: platforms.sdkUrl,
    })
    .from(platforms)
    .where(
      and(
        eq(platforms.status, 'active'),
        name ? sql`${platforms.clientName} ilike ${containsPattern(name)}` : undefined,
        filter.platformType ? eq(platforms.platformType, filter.platformType) : undefined,
      ),
    )
    .orderBy(asc(platforms.createdAt), asc(platforms.id))
  const bound = await bindingsInEffectByPlatform(db, now)
  return rows.map((row) => ({ ...row, alreadyBind: bound.get(row.id) ?? 0 }))
}

/**
 * POST /role/queryIsCorporation: 1 when the caller is a legal representative — of the unit named by
 * `socialCreditCode` when given — else 0. A company account is its unit's legal person (000 §6).
 */
export async function corporationRole(db: Database, caller: Caller, socialCreditCode: string | null | undefined): Promise<number> {
  const code = socialCreditCode?.trim().toUpperCase()
  if (caller.kind === 'enterprise') return caller.unit && (!code || caller.unit.socialCreditCode === code) ? 1 : 0
  const [unit] = await db
    .select({ id: units.id })
    .from(units)
    .where(and(representsUnit(caller.person), code ? eq(units.socialCreditCode, code) : undefined))
    .limit(1)
  return unit ? 1 : 0
}

const holders = alias(persons, 'holder')

/**
 * POST /sealBind/queryCanBind: the seals in effect the caller may bind, grouped by company — their own
 * name seal (under their name), the seals of the units they represent (a company account: its unit's), and
 * the seals they manage under an authorisation in force. Seals they may only use (role 3) are not offered.
 * With a platform, each seal says whether it is bound to it already.
 */
export async function bindableSeals(options: { db: Database; caller: Caller; platformId: string | null | undefined; now: Date; fileAccessKey: Buffer }): Promise<BindableGroup[]> {
  const { db, caller, now } = options
  const managed = caller.kind === 'personal' ? and(authInForce(caller.person, now), eq(sealAuths.authUseType, String(authUseType.MANAGE)))! : sql`false`
  const held =
    caller.kind === 'enterprise'
      ? caller.unit
        ? eq(seals.unitId, caller.unit.id)
        : sql`false`
      : or(and(eq(seals.ownerKind, 'person'), eq(seals.personId, caller.person.id)), representsUnit(caller.person))!
  const platformId = options.platformId ?? ''
  const rows = await db
    .select({
      seal: seals,
      unitName: units.name,
      socialCreditCode: units.socialCreditCode,
      unitTypeCode: units.unitTypeCode,
      holder: holders,
      auth: sealAuths,
      isHolder: sql<boolean>`coalesce(${held}, false)`,
      // The binding of this seal to the chosen platform in effect now, if any.
      boundId: sql<string | null>`(select ${sealBindings.id} from ${sealBindings} where ${sealBindings.sealId} = ${seals.id} and ${sealBindings.platformId} = ${platformId} and ${bindingInEffect(now)} limit 1)`,
    })
    .from(seals)
    .leftJoin(units, eq(units.id, seals.unitId))
    .innerJoin(holders, eq(holders.id, sql`coalesce(${units.legalPersonId}, ${seals.personId})`))
    .leftJoin(sealAuths, managed)
    .where(and(eq(seals.status, sealStatusWide.VALID), sql`${seals.certEndTime} > ${now}`, or(held, sql`${sealAuths.id} is not null`)))
    // The caller's own name seal first, then units by name; seals by type within a unit.
    .orderBy(sql`${units.name} is not null`, asc(units.name), asc(units.id), asc(seals.sealTypeCode), desc(seals.createdAt), desc(seals.id))

  const groups: BindableGroup[] = []
  for (const row of rows) {
    const { seal, holder } = row
    const isHolder = Boolean(row.isHolder)
    const auth = isHolder ? null : row.auth
    const role = isHolder ? sealRole.LEGAL_PERSON : sealRole.MANAGER
    const businessName = row.unitName ?? holder.name
    const groupKey = row.socialCreditCode ?? null
    let group = groups.at(-1)
    if (!group || group.businessName !== businessName || group.socialCreditCode !== groupKey) {
      group = { businessName, socialCreditCode: groupKey, list: [] }
      groups.push(group)
    }
    group.list.push({
      id: seal.id,
      sealName: seal.sealName,
      sealCode: seal.sealCode,
      sealTypeCode: seal.sealTypeCode,
      sealPic: sealPictureLink(options.fileAccessKey, seal.imageFileId, now.getTime()),
      businessName,
      socialCreditCode: row.socialCreditCode ?? null,
      unitTypeCode: row.unitTypeCode ?? null,
      recordsNumber: seal.sealCode,
      lawPersonFlag: isHolder ? 1 : 0,
      useType: bindingUseType({ role, seal, auth }),
      status: seal.status,
      personName: holder.name,
      personIdentity: maskIdNumber(holder.identityNo),
      role,
      selection: !options.platformId || row.boundId ? bindSelection.UNAVAILABLE : bindSelection.SELECTABLE,
      recordId: row.boundId ?? null,
    })
  }
  return groups
}

const binders = alias(persons, 'binder')

/**
 * POST /paas-composite-seal/sealBind/queryBindSealLogList: binding records the caller may see, newest
 * first, a page at a time — those of the seals they hold (a company account: its unit's), of the seals
 * they manage now, and those they made themselves. bindState is the state in effect now (see state.ts),
 * so a record whose seal or authorisation ended shows 0 whatever was stored.
 */
export async function bindingRecords(options: {
  db: Database
  caller: Caller
  query: { sealId?: string | null | undefined; currentPage: number; pageSize: number; startTime?: number | undefined; endTime?: number | undefined; bindState?: number | undefined }
  now: Date
}): Promise<BindRecordPage> {
  const { db, caller, query, now } = options
  const holds =
    caller.kind === 'enterprise'
      ? caller.unit
        ? eq(seals.unitId, caller.unit.id)
        : sql`false`
      : or(and(eq(seals.ownerKind, 'person'), eq(seals.personId, caller.person.id)), representsUnit(caller.person))!
  const manages = caller.kind === 'personal' ? and(authInForce(caller.person, now), eq(sealAuths.authUseType, String(authUseType.MANAGE)))! : sql`false`
  const inEffect = sql<boolean>`${bindingInEffectByKey(now)}`
  const ownBinding = caller.kind === 'personal' ? eq(sealBindings.personId, caller.person.id) : sql`false`
  // Which records: those of the caller's seals (held or managed, found first through their own indexes)
  // and those they made. `= any(array(…))` lets PostgreSQL read the records of those seals alone, through
  // the seal index, OR-ed with the binder index; testing the role on each joined row read them all.
  const visible = or(sql`${sealBindings.sealId} = any(array(${visibleSealIds(db, caller, now)}))`, ownBinding)

  // Every filter reads the binding row alone (the state by key lookups, state.ts), so the page is chosen
  // from those rows, sorted, and only its rows are joined for display: a deep page sorts a few thousand
  // rows instead of joining them all.
  const where: SQL = and(
    visible,
    query.sealId ? eq(sealBindings.sealId, query.sealId) : undefined,
    query.startTime !== undefined ? gte(sealBindings.createdAt, new Date(query.startTime)) : undefined,
    query.endTime !== undefined ? lt(sealBindings.createdAt, new Date(query.endTime)) : undefined,
    query.bindState === undefined ? undefined : query.bindState === 1 ? bindingInEffectByKey(now) : bindingNotInEffect(now),
  )!
  const page = db
    .select({ id: sealBindings.id })
    .from(sealBindings)
    .where(where)
    .orderBy(desc(sealBindings.createdAt), desc(sealBindings.id))
    .limit(query.pageSize)
    .offset((query.currentPage - 1) * query.pageSize)

  const [rows, [counted]] = await Promise.all([
    db
      .select({
        binding: sealBindings,
        seal: { id: seals.id, sealName: seals.sealName, sealTypeCode: seals.sealTypeCode, status: seals.status, certEndTime: seals.certEndTime },
        clientName: platforms.clientName,
        binderName: binders.name,
        myAuthId: sealAuths.id,
        myUseType: sealAuths.useType,
        isHolder: sql<boolean>`coalesce(${holds}, false)`,
        inEffect,
      })
      .from(sealBindings)
      .innerJoin(seals, eq(seals.id, sealBindings.sealId))
      .leftJoin(units, eq(units.id, seals.unitId))
      .innerJoin(platforms, eq(platforms.id, sealBindings.platformId))
      .innerJoin(binders, eq(binders.id, sealBindings.personId))
      .leftJoin(sealAuths, and(manages, sql`${sealAuths.sealId} = ${seals.id}`))
      .where(inArray(sealBindings.id, page))
      .orderBy(desc(sealBindings.createdAt), desc(sealBindings.id)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(sealBindings)
      .where(where),
  ])

  const list: BindRecord[] = rows.map((row) => {
    const holder = Boolean(row.isHolder)
    const sealInEffect = row.seal.status === sealStatusWide.VALID && row.seal.certEndTime > now
    return {
      id: row.binding.id,
      sealId: row.seal.id,
      sealName: row.seal.sealName,
      sealTypeCode: row.seal.sealTypeCode,
      platformId: row.binding.platformId,
      clientName: row.clientName,
      bindState: row.inEffect ? 1 : 0,
      createTime: row.binding.createdAt.getTime(),
      bindTime: row.binding.boundAt.getTime(),
      cancelTime: row.binding.cancelledAt?.getTime() ?? null,
      personName: row.binderName,
      useType: Number(row.binding.useType),
      bindPassword: holder ? '印章密码' : '用章密码',
      cancelUseType: cancelProofUseType(holder ? sealRole.LEGAL_PERSON : sealRole.MANAGER, Number(row.myUseType ?? 2)),
      canRebind: !row.inEffect && sealInEffect && (holder || Boolean(row.myAuthId)),
    }
  })
  return { list, total: Number(counted?.total ?? 0), currentPage: query.currentPage, pageSize: query.pageSize }
}

const ownSeals = alias(seals, 'own_seal')
const ownUnits = alias(units, 'own_unit')
const ownAuths = alias(sealAuths, 'own_auth')

/**
 * The ids of the seals whose binding records the caller sees: a company account's unit's; a person's own
 * name seal, the seals of the units they represent, and the seals they manage under an authorisation in
 * force. Each part is read through its own index (seals_person_idx, units_legal_person_idx +
 * seals_unit_idx, seal_auths_grantee_idx).
 */
function visibleSealIds(db: Database, caller: Caller, now: Date) {
  if (caller.kind === 'enterprise') {
    return db
      .select({ id: ownSeals.id })
      .from(ownSeals)
      .where(caller.unit ? eq(ownSeals.unitId, caller.unit.id) : sql`false`)
  }
  const personId = caller.person.id
  return unionAll(
    db
      .select({ id: ownSeals.id })
      .from(ownSeals)
      .where(and(eq(ownSeals.ownerKind, 'person'), eq(ownSeals.personId, personId))),
    db
      .select({ id: ownSeals.id })
      .from(ownSeals)
      .innerJoin(ownUnits, eq(ownUnits.id, ownSeals.unitId))
      .where(representsUnit(caller.person, ownUnits.legalPersonId)),
    db
      .select({ id: ownAuths.sealId })
      .from(ownAuths)
      .where(
        and(
          eq(ownAuths.granteePersonId, personId),
          sql`${caller.person.verified}`,
          eq(ownAuths.status, 'active'),
          lte(ownAuths.startTime, now),
          gte(ownAuths.endTime, now),
          eq(ownAuths.authUseType, String(authUseType.MANAGE)),
        ),
      ),
  )
}
