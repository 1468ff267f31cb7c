import { and, asc, desc, eq, exists, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { AuthorisedPerson, AuthorizationItem } from '@seal/shared/api/seal-auth'
import { authStatus, authUseType, sealRole } from '@seal/shared/codes/authorization'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { maskIdNumber, maskLegalPhone } from '@seal/shared/text/masking'
import type { Caller } from '../plugins/caller.ts'
import { persons, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { prefixPattern } from '../db/search.ts'
import { businessError, notFound } from '../errors.ts'
import { sealPictureLink } from '../seals/picture-link.ts'
import { seals, sealAuths, type SealAuth } from '../seals/tables.ts'
import { authInForce, representsUnit, roleOfAuth, sealAccess } from '../seals/roles.ts'
import { unitMembers } from './tables.ts'

const grantees = alias(persons, 'grantee')
const grantors = alias(persons, 'grantor')

/**
 * The seals whose authorisations the caller manages: a unit seal of a unit they represent (or whose company
 * account they are), their own personal seal, or a seal they manage (role 2) now.
 */
function managedSeals(caller: Caller, now: Date): SQL {
  const ownUnit =
    caller.kind === 'enterprise' && caller.unit
      ? eq(seals.unitId, caller.unit.id)
      : sql`${seals.unitId} in (select ${units.id} from ${units} where ${representsUnit(caller.person)})`
  const manager = and(
    exists(
      sql`(select 1 from ${sealAuths} where ${authInForce(caller.person, now)} and ${sealAuths.authUseType} = ${String(authUseType.MANAGE)})`,
    ),
  )!
  return caller.kind === 'enterprise' ? ownUnit : or(ownUnit, eq(seals.personId, caller.person.id), manager)!
}

/** authStatus of the lists (000 §3): 1 waiting for the seal user, 2 in force, 3 revoked or ended. */
export function authStatusOf(auth: Pick<SealAuth, 'status' | 'endTime'>, now: Date): number {
  if (auth.status === 'pending') return authStatus.AUTHORIZING
  if (auth.status === 'active' && auth.endTime >= now) return authStatus.AUTHORIZED
  return authStatus.INVALID
}

function tabCondition(tab: number, now: Date): SQL {
  if (tab === authStatus.AUTHORIZING) return eq(sealAuths.status, 'pending')
  if (tab === authStatus.AUTHORIZED) return and(eq(sealAuths.status, 'active'), gte(sealAuths.endTime, now))!
  return or(eq(sealAuths.status, 'revoked'), and(eq(sealAuths.status, 'active'), lt(sealAuths.endTime, now)))!
}

/** Authorisations with their seal, seal user, unit or personal-seal owner: what a list item shows. */
const authorisationRows = (db: Database) =>
  db
    .select({ auth: sealAuths, seal: seals, grantee: grantees, grantorName: grantors.name, unitName: units.name, socialCreditCode: units.socialCreditCode, ownerName: persons.name })
    .from(sealAuths)
    .innerJoin(seals, eq(seals.id, sealAuths.sealId))
    .innerJoin(grantees, eq(grantees.id, sealAuths.granteePersonId))
    .innerJoin(grantors, eq(grantors.id, sealAuths.grantorPersonId))
    .leftJoin(units, eq(units.id, seals.unitId))
    .leftJoin(persons, eq(persons.id, seals.personId))

type AuthorisationRow = Awaited<ReturnType<ReturnType<typeof authorisationRows>['where']>>[number]

function toAuthorizationItem({ auth, seal, grantee, grantorName, unitName, socialCreditCode, ownerName }: AuthorisationRow, caller: Caller, now: Date): AuthorizationItem {
  const mine = auth.granteePersonId === caller.person.id
  return {
    id: auth.id,
    authId: auth.id,
    businessName: unitName ?? ownerName ?? '',
    name: grantee.name,
    phone: mine ? auth.granteePhone : maskLegalPhone(auth.granteePhone),
    personIdentity: maskIdNumber(grantee.identityNo),
    identityType: grantee.identityType,
    sealTypeCode: seal.sealTypeCode,
    sealName: seal.sealName,
    sealCode: seal.sealCode,
    sealId: seal.id,
    socialCreditCode: socialCreditCode ?? null,
    startTime: auth.startTime.getTime(),
    endTime: auth.endTime.getTime(),
    authFileId: auth.letterFileId,
    authStatus: authStatusOf(auth, now),
    authUseType: Number(auth.authUseType),
    useType: Number(auth.useType),
    mine,
    grantorName,
  }
}

/**
 * POST /sealAuth/querySealListByAll: one tab of /authorization/{type}, newest first — the authorisations
 * made to the caller, and those of the seals they manage. Drafts never signed are nobody's business.
 * `socialCreditCode` narrows to one unit's seals.
 */
export async function authorizationList(options: {
  db: Database
  caller: Caller
  tab: number
  page: number
  pageSize: number
  socialCreditCode?: string | null | undefined
  now: Date
}): Promise<{ list: AuthorizationItem[]; total: number }> {
  const { caller, now } = options
  const where = and(
    tabCondition(options.tab, now),
    or(caller.kind === 'personal' ? eq(sealAuths.granteePersonId, caller.person.id) : undefined, managedSeals(caller, now)),
    options.socialCreditCode ? eq(units.socialCreditCode, options.socialCreditCode.toUpperCase()) : undefined,
  )
  return pageOfAuthorisations({ ...options, where, order: [desc(sealAuths.createdAt), desc(sealAuths.id)] })
}

/** One page of authorisations as the lists show them, with how many match in all. */
async function pageOfAuthorisations(options: {
  db: Database
  caller: Caller
  now: Date
  where: SQL | undefined
  order: SQL[]
  page: number
  pageSize: number
}): Promise<{ list: AuthorizationItem[]; total: number }> {
  const { db, caller, now, where } = options
  const rows = await authorisationRows(db)
    .where(where)
    .orderBy(...options.order)
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(sealAuths)
    .innerJoin(seals, eq(seals.id, sealAuths.sealId))
    .leftJoin(units, eq(units.id, seals.unitId))
    .where(where)
  return { list: rows.map((row) => toAuthorizationItem(row, caller, now)), total: counted?.total ?? 0 }
}

/**
 * POST /sealAuth/queryAuthBySocialCreditCode: the authorisations a change of the unit carries over —
 * waiting for the seal user or in force — of the unit's seals the caller holds or manages, oldest first.
 * A unit they do not manage answers as an unknown one: an empty page.
 */
export async function authorisationsOfUnit(options: {
  db: Database
  caller: Caller
  socialCreditCode: string
  page: number
  pageSize: number
  now: Date
}): Promise<{ list: AuthorizationItem[]; total: number }> {
  const { caller, now } = options
  const where = and(
    eq(units.socialCreditCode, options.socialCreditCode.toUpperCase()),
    managedSeals(caller, now),
    or(eq(sealAuths.status, 'pending'), and(eq(sealAuths.status, 'active'), gte(sealAuths.endTime, now))),
  )
  return pageOfAuthorisations({ ...options, where, order: [asc(sealAuths.createdAt), asc(sealAuths.id)] })
}

/**
 * POST /sealAuth/queryAuthDetail †: one authorisation made to the caller (a personal login), by id, as the
 * lists show it — what the acceptance screens open from the SMS link, whatever page of the list it is on.
 * Anyone else's, a draft never signed, or an unknown id: 数据不存在.
 */
export async function authorisationOfGrantee(db: Database, caller: Caller, authId: string, now: Date): Promise<AuthorizationItem> {
  if (caller.kind !== 'personal') throw notFound()
  const [row] = await authorisationRows(db)
    .where(and(eq(sealAuths.id, authId), eq(sealAuths.granteePersonId, caller.person.id), ne(sealAuths.status, 'draft')))
    .limit(1)
  if (!row) throw notFound()
  return toAuthorizationItem(row, caller, now)
}

/**
 * POST /sealAuth/waitingForMe †: the authorisations sent to the caller (a personal login) and not yet
 * accepted, of seals still in effect and periods not over, newest first — home's notice and the to-dos of
 * 待办中心 (issue #19 §4). A person waits on few, so the list is not paged; the cap only bounds it.
 */
export async function authorisationsWaitingFor(db: Database, caller: Caller, now: Date): Promise<Array<{ item: AuthorizationItem; sentAt: Date }>> {
  if (caller.kind !== 'personal') return []
  const rows = await authorisationRows(db)
    .where(and(eq(sealAuths.granteePersonId, caller.person.id), eq(sealAuths.status, 'pending'), gte(sealAuths.endTime, now), eq(seals.status, sealStatusWide.VALID)))
    .orderBy(desc(sealAuths.createdAt), desc(sealAuths.id))
    .limit(WAITING_CAP)
  return rows.map((row) => ({ item: toAuthorizationItem(row, caller, now), sentAt: row.auth.signedAt ?? row.auth.createdAt }))
}
const WAITING_CAP = 50

/**
 * POST /sealAuth/queryListBySeal: who may use one seal — the legal person (or the personal seal's owner)
 * first, then the authorisations waiting or in force, oldest first. For the holder and managers only.
 */
export async function authorisedPersonsOf(db: Database, caller: Caller, reference: { sealId: string; sealCode?: string | undefined; sealTypeCode?: string | undefined }, now: Date) {
  const access = await sealAccess(db, caller, reference, { roles: [sealRole.LEGAL_PERSON, sealRole.MANAGER], now })
  const [holder] = await db.select().from(persons).where(eq(persons.id, access.holder.personId)).limit(1)
  const rows = await db
    .select({ auth: sealAuths, grantee: grantees })
    .from(sealAuths)
    .innerJoin(grantees, eq(grantees.id, sealAuths.granteePersonId))
    .where(and(eq(sealAuths.sealId, access.seal.id), or(eq(sealAuths.status, 'pending'), and(eq(sealAuths.status, 'active'), gte(sealAuths.endTime, now)))))
    .orderBy(asc(sealAuths.createdAt), asc(sealAuths.id))
    .limit(29)
  const list: AuthorisedPerson[] = [
    {
      id: `holder:${access.seal.id}`,
      name: holder!.name,
      personIdentity: maskIdNumber(holder!.identityNo),
      phone: maskLegalPhone(holder!.phone),
      startTime: access.seal.certStartTime.getTime(),
      endTime: access.seal.certEndTime.getTime(),
      useType: Number(access.seal.useType),
      authUseType: authUseType.MANAGE,
      lawPersonFlag: 1,
      sealId: access.seal.id,
      authStatus: authStatus.AUTHORIZED,
    },
    ...rows.map(({ auth, grantee }) => ({
      id: auth.id,
      name: grantee.name,
      personIdentity: maskIdNumber(grantee.identityNo),
      phone: maskLegalPhone(auth.granteePhone),
      startTime: auth.startTime.getTime(),
      endTime: auth.endTime.getTime(),
      useType: Number(auth.useType),
      authUseType: Number(auth.authUseType),
      lawPersonFlag: 0,
      sealId: access.seal.id,
      authStatus: authStatusOf(auth, now),
    })),
  ]
  return { list, total: list.length }
}

/**
 * The unit the caller picks seal users for, by credit code (their own unit when left out): they must be its
 * company account, its legal representative, or manage one of its seals now.
 */
async function unitForAuthorising(db: Database, caller: Caller, socialCreditCode: string | null | undefined, now: Date) {
  if (caller.kind === 'enterprise') {
    if (!caller.unit || (socialCreditCode && socialCreditCode.toUpperCase() !== caller.unit.socialCreditCode)) throw notFound()
    return caller.unit
  }
  const code = socialCreditCode?.toUpperCase()
  const candidates = await db
    .select({ id: units.id, name: units.name, socialCreditCode: units.socialCreditCode, legalPersonId: units.legalPersonId })
    .from(units)
    .where(
      and(
        code ? eq(units.socialCreditCode, code) : undefined,
        or(
          representsUnit(caller.person),
          exists(
            db
              .select({ one: sql`1` })
              .from(seals)
              .innerJoin(sealAuths, authInForce(caller.person, now))
              .where(and(eq(seals.unitId, units.id), eq(sealAuths.authUseType, String(authUseType.MANAGE)))),
          ),
        ),
      ),
    )
    .orderBy(asc(units.name))
    .limit(1)
  if (!candidates[0]) throw notFound()
  return candidates[0]
}

/** Organisation directory query †: the unit's people by name, 10 a page (/select-seal-user). */
export async function organisationDirectory(options: { db: Database; caller: Caller; socialCreditCode?: string | null; name?: string | null; page: number; pageSize: number; now: Date }) {
  const { db } = options
  const unit = await unitForAuthorising(db, options.caller, options.socialCreditCode, options.now)
  const name = options.name?.trim()
  const where = and(eq(unitMembers.unitId, unit.id), name ? ilike(unitMembers.name, prefixPattern(name)) : undefined)
  const rows = await db
    .select()
    .from(unitMembers)
    .where(where)
    .orderBy(asc(unitMembers.name), asc(unitMembers.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
  const total = await db.$count(unitMembers, where)
  return { list: rows.map((row) => ({ name: row.name, tel: row.phone, idCard: row.identityNo })), total }
}

/** POST /sealAuth/queryHistoryAuthPersonInfo: earlier seal users of the unit's seals whose name starts so. */
export async function historyAuthPersons(options: { db: Database; caller: Caller; socialCreditCode?: string | null; name: string; now: Date }) {
  const { db } = options
  const name = options.name.trim()
  if (!name) return []
  const unit = await unitForAuthorising(db, options.caller, options.socialCreditCode, options.now)
  const rows = await db
    .selectDistinctOn([grantees.id], { name: grantees.name, personIdentity: grantees.identityNo, phone: sealAuths.granteePhone })
    .from(sealAuths)
    .innerJoin(seals, eq(seals.id, sealAuths.sealId))
    .innerJoin(grantees, eq(grantees.id, sealAuths.granteePersonId))
    .where(and(eq(seals.unitId, unit.id), ilike(grantees.name, prefixPattern(name)), inArray(sealAuths.status, ['pending', 'active', 'revoked'])))
    .orderBy(grantees.id, desc(sealAuths.createdAt))
    .limit(10)
  return rows
}

/** POST /sealAuth/getAvailableSeal: the seals in effect the caller may authorise (role 1 or 2), by type. */
export async function authorisableSeals(options: { db: Database; caller: Caller; socialCreditCode?: string | null; now: Date; fileAccessKey: Buffer }) {
  const { db, caller, now } = options
  const rows = await db
    .select({ seal: seals, unitName: units.name, socialCreditCode: units.socialCreditCode, ownerName: persons.name, auth: sealAuths })
    .from(seals)
    .leftJoin(units, eq(units.id, seals.unitId))
    .leftJoin(persons, eq(persons.id, seals.personId))
    .leftJoin(sealAuths, caller.kind === 'personal' ? authInForce(caller.person, now) : sql`false`)
    .where(
      and(
        eq(seals.status, sealStatusWide.VALID),
        managedSeals(caller, now),
        options.socialCreditCode ? eq(units.socialCreditCode, options.socialCreditCode.toUpperCase()) : undefined,
      ),
    )
    .orderBy(asc(seals.sealTypeCode), asc(seals.createdAt))
  return rows.map(({ seal, unitName, socialCreditCode, ownerName, auth }) => ({
    sealId: seal.id,
    sealTypeCode: seal.sealTypeCode,
    sealName: seal.sealName,
    sealCode: seal.sealCode,
    businessName: unitName ?? ownerName ?? '',
    socialCreditCode: socialCreditCode ?? null,
    role: auth ? roleOfAuth(auth) : sealRole.LEGAL_PERSON,
    certStartTime: seal.certStartTime.getTime(),
    certEndTime: seal.certEndTime.getTime(),
    sealPic: sealPictureLink(options.fileAccessKey, seal.imageFileId, now.getTime()),
  }))
}

/** Adds people to a unit's directory (the operator API standing in for the PC-side maintenance). */
export async function addUnitMembers(db: Database, socialCreditCode: string, members: { name: string; phone: string; identityNo: string }[]) {
  const [unit] = await db.select({ id: units.id }).from(units).where(eq(units.socialCreditCode, socialCreditCode.toUpperCase())).limit(1)
  if (!unit) throw businessError('单位不存在')
  if (members.length === 0) return 0
  const added = await db
    .insert(unitMembers)
    .values(members.map((m) => ({ unitId: unit.id, name: m.name, phone: m.phone, identityNo: m.identityNo.toUpperCase() })))
    .onConflictDoNothing()
    .returning({ id: unitMembers.id })
  return added.length
}

/**
 * POST /seal-apply/seal/auths: the live authorisations of the seals a change or renewal names, as the
 * wizard lists them for keeping (001 §2 step 2). Seals the caller does not hold or manage are left out
 * (the spec: a failure returns an empty list).
 */
export async function authorisationsOfSeals(db: Database, caller: Caller, sealIds: string[], now: Date) {
  const allowed: string[] = []
  for (const sealId of sealIds) {
    const access = await sealAccess(db, caller, { sealId }, { roles: [sealRole.LEGAL_PERSON, sealRole.MANAGER], now }).catch(() => null)
    if (access) allowed.push(access.seal.id)
  }
  if (allowed.length === 0) return []
  const rows = await db
    .select({ auth: sealAuths, grantee: grantees, sealTypeCode: seals.sealTypeCode })
    .from(sealAuths)
    .innerJoin(grantees, eq(grantees.id, sealAuths.granteePersonId))
    .innerJoin(seals, eq(seals.id, sealAuths.sealId))
    .where(and(inArray(sealAuths.sealId, allowed), or(eq(sealAuths.status, 'pending'), and(eq(sealAuths.status, 'active'), gte(sealAuths.endTime, now)))))
    .orderBy(asc(sealAuths.createdAt), asc(sealAuths.id))
  return rows.map(({ auth, grantee, sealTypeCode }) => ({
    authId: auth.id,
    sealType: sealTypeCode,
    sealId: auth.sealId,
    name: grantee.name,
    authUseType: auth.authUseType,
    authStartTime: auth.startTime.getTime(),
    authEndTime: auth.endTime.getTime(),
  }))
}
