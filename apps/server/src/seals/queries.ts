import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { authUseType, sealRole } from '@seal/shared/codes/authorization'
import { managementStatusOf, sealStatus } from '@seal/shared/codes/seal-status'
import { alias } from 'drizzle-orm/pg-core'
import type { EnterpriseInfo, SealGroup, SealItem, WillExpireAuth, WillExpires } from '@seal/shared/api/seals'
import { maskIdNumber, maskRealName } from '@seal/shared/text/masking'
import type { Caller } from '../plugins/caller.ts'
import { persons, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { asNamedStatement } from '../db/named-statement.ts'
import { containsPattern } from '../db/search.ts'
import { notFound } from '../errors.ts'
import { files } from '../files/tables.ts'
import type { FileStore } from '../files/store.ts'
import { authInForce, isHolderOf, representsUnit, roleOfAuth, sealAccess, type SealAccess } from './roles.ts'
import { sealPictureLink } from './picture-link.ts'
import { sealMayRenew } from './renewal.ts'
import type { SealsInApplication } from './in-application.ts'
import { seals, type Seal, sealAuths } from './tables.ts'
import {
  authWillExpire,
  expiryWindowReader,
  sealWillExpire,
  type ExpiryWindows,
  type SealScope,
} from './will-expire.ts'

/** A seal the caller has a role on (roles.ts), with that role. Else 数据不存在. */
export const visibleSeal = (db: Database, caller: Caller, sealId: string): Promise<SealAccess> =>
  sealAccess(db, caller, { sealId })

/** The picture itself, inline (POST /seal/getSealPicById, the spec's call for the picture alone). */
export async function sealPictureData(db: Database, store: FileStore, seal: Seal): Promise<string> {
  const [file] = await db.select().from(files).where(eq(files.id, seal.imageFileId)).limit(1)
  if (!file) return ''
  return `data:${file.mediaType};base64,${(await store.get(file.storageKey)).toString('base64')}`
}

/** How lists and the detail carry the picture: a signed link (see picture-link.ts), or nothing. */
export type PictureOption = { fileAccessKey: Buffer } | null

const holders = alias(persons, 'holder')
const revokers = alias(persons, 'revoker')

/**
 * Seals with everything an item shows, in one statement: the unit (for a unit seal), the holder (the
 * unit's legal representative or the person) and whoever cancelled it. The lists send it as a named
 * statement (asNamedStatement): planning this join cost more than running it.
 */
function sealRows(db: Database, caller: Caller, now: Date, where: (auth: SQL) => SQL | undefined) {
  // The caller's authorisation in force on each seal, if any (at most one: seal_auths_one_live_idx).
  const authorised = caller.kind === 'personal' ? authInForce(caller.person, now) : sql`false`
  return db
    .select({
      seal: seals,
      unitName: units.name,
      socialCreditCode: units.socialCreditCode,
      unitTypeCode: units.unitTypeCode,
      holder: holders,
      revokerName: revokers.name,
      auth: sealAuths,
    })
    .from(seals)
    .leftJoin(units, eq(units.id, seals.unitId))
    .innerJoin(holders, eq(holders.id, sql`coalesce(${units.legalPersonId}, ${seals.personId})`))
    .leftJoin(revokers, eq(revokers.id, seals.revokedByPersonId))
    .leftJoin(sealAuths, authorised)
    .where(where(sql`${sealAuths.id} is not null`))
}

type SealRow = Awaited<ReturnType<typeof sealRows>>[number]

/**
 * The seals a caller could see in a list, as a set of ids the index finds: a company account its unit's; a
 * person the seals of the units they are the legal representative of, their own name seals and the seals
 * they have an active authorisation on. A superset (verification and the authorisation's period are the
 * list's own condition, still applied): it only lets the lists start from the caller's few seals by index.
 * Without it the OR of "holds" and "authorised" (a left join) made PostgreSQL join and sort all 100k seals
 * before filtering: 2.5 s for a legal representative of 10 units (bench/lists.bench.ts).
 */
function listCandidates(caller: Caller): SQL {
  if (caller.kind === 'enterprise') {
    return caller.unit ? sql`${seals.id} = any(array(select c.id from seals c where c.unit_id = ${caller.unit.id}))` : sql`false`
  }
  const me = caller.person.id
  return sql`${seals.id} = any(array(
    select c.id from seals c join units cu on cu.id = c.unit_id where cu.legal_person_id = ${me}
    union all select c.id from seals c where c.person_id = ${me}
    union all select ca.seal_id from seal_auths ca where ca.grantee_person_id = ${me} and ca.status = 'active'))`
}

const scopeOfRow = (row: SealRow): SealScope => ({
  socialCreditCode: row.socialCreditCode,
  holderIdentityNo: row.holder.identityNo,
})

/** What every list and the detail need besides the database: how pictures travel, and who knows applications. */
export type ItemOptions = {
  db: Database
  caller: Caller
  picture: PictureOption
  sealsInApplication: SealsInApplication
}

/** Items of rows, each 即将到期 by its own scope's window, each with the application under way naming it. */
async function toItems(options: ItemOptions, rows: SealRow[], now: number): Promise<SealItem[]> {
  const windowsOf = expiryWindowReader(options.db, options.caller.channel)
  const underWay = await options.sealsInApplication(
    options.db,
    rows.map((row) => row.seal.id),
  )
  return Promise.all(
    rows.map(async (row) => {
      const application = underWay.get(row.seal.id)
      const item = toItem(row, options.picture, now, await windowsOf(scopeOfRow(row)))
      if (!application) return item
      const mine = application.applicantPersonId === options.caller.person.id
      return {
        ...item,
        canRenewal: false,
        application: {
          id: application.id,
          businessType: application.businessType,
          applyStatus: application.applyStatus,
          mine,
        },
      }
    }),
  )
}

function toItem(row: SealRow, picture: PictureOption, now: number, windows: ExpiryWindows): SealItem {
  const { seal, holder, auth } = row
  return {
    id: seal.id,
    sealName: seal.sealName,
    sealTypeCode: seal.sealTypeCode,
    sealCode: seal.sealCode,
    // The management reading (the contract's): a seal waiting for activation is a 6, 去激活 on its card.
    status: managementStatusOf(seal.status),
    useType: seal.useType,
    businessName: row.unitName ?? holder.name,
    socialCreditCode: row.socialCreditCode ?? null,
    personName: holder.name,
    personIdentity: maskIdNumber(holder.identityNo),
    certStartTime: seal.certStartTime.getTime(),
    certEndTime: seal.certEndTime.getTime(),
    sealPic: picture ? sealPictureLink(picture.fileAccessKey, seal.imageFileId, now) : null,
    role: auth ? roleOfAuth(auth) : sealRole.LEGAL_PERSON,
    failureReason: seal.failureReason,
    revokePerson: row.revokerName ? maskRealName(row.revokerName) : null,
    blnWillExpires: sealWillExpire(seal, now, windows.sealDays),
    canRenewal: sealMayRenew(seal, row.unitTypeCode === null ? null : { unitTypeCode: row.unitTypeCode }),
    application: null,
  }
}

/**
 * The caller's personal name seals and those authorised to them, newest first (the 个人名章 tab of
 * /seal-preview-list/personal).
 */
export async function personalSeals(options: ItemOptions): Promise<SealItem[]> {
  const now = new Date()
  const rows = await asNamedStatement(
    sealRows(options.db, options.caller, now, (authorised) =>
      and(listCandidates(options.caller), eq(seals.ownerKind, 'person'), or(eq(seals.personId, options.caller.person.id), authorised)),
    ).orderBy(desc(seals.createdAt), desc(seals.id)),
  )
  return toItems(options, rows, now.getTime())
}

export async function sealDetail(options: ItemOptions & { sealId: string }): Promise<SealItem> {
  const { caller } = options
  const now = new Date()
  const [row] = await sealRows(options.db, caller, now, () => eq(seals.id, options.sealId)).limit(1)
  if (!row) throw notFound()
  if (!row.auth && !isHolderOf(caller, { seal: row.seal, holder: { personId: row.holder.id } }))
    throw notFound()
  return (await toItems(options, [row], now.getTime()))[0]!
}

/**
 * The unit seals the caller may see, one group per unit (the 电子印章 tab of /seal-preview-list): an
 * enterprise account sees its unit's seals; a person sees the seals of the units they represent and the
 * seals authorised to them now (role 2 or 3). Units
 * come in name order, seals of one unit in seal-type order, newest first within a type.
 */
export async function unitSealGroups(
  options: ItemOptions & {
    queryAvailable: boolean
    businessName?: string | undefined
    socialCreditCode?: string | null | undefined
  },
): Promise<SealGroup[]> {
  const { caller } = options
  const unitFilter =
    caller.kind === 'enterprise' && caller.unit ? eq(units.id, caller.unit.id) : representsUnit(caller.person)
  const name = options.businessName?.trim()
  const when = new Date()
  const rows = await asNamedStatement(
    sealRows(options.db, caller, when, (authorised) =>
      and(
        listCandidates(caller),
        eq(seals.ownerKind, 'unit'),
        or(unitFilter, authorised),
        name ? ilike(units.name, containsPattern(name)) : undefined,
        options.socialCreditCode
          ? eq(units.socialCreditCode, options.socialCreditCode.toUpperCase())
          : undefined,
        options.queryAvailable ? eq(seals.status, '1') : undefined,
      ),
    ).orderBy(asc(units.name), asc(units.id), asc(seals.sealTypeCode), desc(seals.createdAt), desc(seals.id)),
  )
  const items = await toItems(options, rows, when.getTime())
  const groups: SealGroup[] = []
  let unitId: string | null = null
  rows.forEach((row, index) => {
    if (row.seal.unitId !== unitId) {
      unitId = row.seal.unitId
      groups.push({ businessName: row.unitName!, socialCreditCode: row.socialCreditCode, list: [] })
    }
    groups.at(-1)!.list.push(items[index]!)
  })
  return groups
}

/**
 * POST /seal/queryByBussiness: the unit seals of unitSealGroups as one list, of one unit when
 * `socialCreditCode` is given; `holderOnly` (the spec's filterAuth) keeps the seals the caller holds.
 */
export async function unitSealList(
  options: ItemOptions & {
    socialCreditCode?: string | null | undefined
    holderOnly: boolean
  },
): Promise<SealItem[]> {
  const groups = await unitSealGroups({ ...options, queryAvailable: false })
  return groups
    .flatMap((group) => group.list)
    .filter((seal) => !options.holderOnly || seal.role === sealRole.LEGAL_PERSON)
}

/**
 * POST /seal/queryByPersonManage: the seals the caller holds or manages (role 1 or 2), newest first — a
 * company account its unit's; a person the seals of the units they represent, their own name seals and
 * the seals they manage now (an authorised user's seals, role 3, are not theirs to manage). One unit's
 * with `socialCreditCode`; `holderOnly` (filterAuth) leaves out the seals they only manage.
 */
export async function managedSealList(
  options: ItemOptions & {
    socialCreditCode?: string | null | undefined
    holderOnly: boolean
  },
): Promise<SealItem[]> {
  const { caller } = options
  const now = new Date()
  const held =
    caller.kind === 'enterprise'
      ? and(eq(seals.ownerKind, 'unit'), caller.unit ? eq(seals.unitId, caller.unit.id) : sql`false`)
      : or(
          and(eq(seals.ownerKind, 'unit'), representsUnit(caller.person)),
          and(eq(seals.ownerKind, 'person'), eq(seals.personId, caller.person.id)),
        )
  const rows = await asNamedStatement(
    sealRows(options.db, caller, now, (authorised) =>
      and(
        listCandidates(caller),
        // Role 2 in the query, not after it: a grantee of many seals to use loads none of them here.
        options.holderOnly
          ? held
          : or(held, and(authorised, eq(sealAuths.authUseType, String(authUseType.MANAGE)))),
        options.socialCreditCode
          ? eq(units.socialCreditCode, options.socialCreditCode.toUpperCase())
          : undefined,
      ),
    ).orderBy(desc(seals.createdAt), desc(seals.id)),
  )
  return toItems(options, rows, now.getTime())
}

/**
 * POST /seal/canRenewal: the seals of the unit `socialCreditCode` the caller holds or manages (roles 1 and
 * 2, as managedSealList) that the renewal rule allows. Anyone else, and a unit we do not know, get none.
 */
export async function renewableSeals(
  options: ItemOptions & { socialCreditCode: string },
): Promise<SealItem[]> {
  const code = options.socialCreditCode.trim()
  if (!code) return []
  const managed = await managedSealList({ ...options, socialCreditCode: code, holderOnly: false })
  return managed.filter((seal) => seal.canRenewal)
}

/**
 * POST /seal/enterprise/info: the units whose seals the caller holds — a company account its unit; a
 * person the units they represent (verified: representsUnit) — in name order, with how many seals each
 * has in effect. One unit with `socialCreditCode`; for anyone else that unit is not listed.
 */
export async function heldUnits(
  db: Database,
  caller: Caller,
  socialCreditCode?: string | null,
): Promise<EnterpriseInfo[]> {
  const unitFilter =
    caller.kind === 'enterprise'
      ? caller.unit
        ? eq(units.id, caller.unit.id)
        : sql`false`
      : representsUnit(caller.person)
  return db
    .select({
      businessName: units.name,
      socialCreditCode: units.socialCreditCode,
      unitTypeCode: units.unitTypeCode,
      sealCount: sql<number>`count(${seals.id})::int`,
    })
    .from(units)
    .leftJoin(seals, and(eq(seals.unitId, units.id), eq(seals.status, sealStatus.IN_EFFECT)))
    .where(
      and(
        unitFilter,
        socialCreditCode ? eq(units.socialCreditCode, socialCreditCode.toUpperCase()) : undefined,
      ),
    )
    .groupBy(units.id)
    .orderBy(asc(units.name), asc(units.id))
}

/** The most authorisations queryWillExpires looks at, soonest ending first. */
const WILL_EXPIRE_AUTHS_MAX = 100

/**
 * POST /seal/v4/queryWillExpires (payload ours): what ends soon for the caller, soonest first — the seals
 * of their lists (unit seals they may see, and for a personal login their name seals) that are 即将到期 by
 * the very rule of the lists' blnWillExpires, and their own authorisations in force (as seal user) ending
 * within `authWillExpireDays` of the seal's scope. A company account has no authorisations of its own.
 */
export async function willExpiring(options: ItemOptions): Promise<WillExpires> {
  const { db, caller } = options
  const [groups, personal] = await Promise.all([
    unitSealGroups({ ...options, queryAvailable: true }),
    caller.kind === 'personal' ? personalSeals(options) : Promise.resolve([]),
  ])
  const expiring = [...groups.flatMap((group) => group.list), ...personal].filter(
    (seal) => seal.blnWillExpires,
  )
  expiring.sort((a, b) => a.certEndTime - b.certEndTime)
  return {
    seals: expiring,
    auths: caller.kind === 'personal' ? await authsEndingSoon(db, caller, new Date()) : [],
  }
}

async function authsEndingSoon(db: Database, caller: Caller, when: Date): Promise<WillExpireAuth[]> {
  const rows = await db
    .select({
      auth: sealAuths,
      seal: seals,
      unitName: units.name,
      socialCreditCode: units.socialCreditCode,
      holder: holders,
    })
    .from(sealAuths)
    .innerJoin(seals, eq(seals.id, sealAuths.sealId))
    .leftJoin(units, eq(units.id, seals.unitId))
    .innerJoin(holders, eq(holders.id, sql`coalesce(${units.legalPersonId}, ${seals.personId})`))
    .where(and(authInForce(caller.person, when), eq(seals.status, sealStatus.IN_EFFECT)))
    .orderBy(asc(sealAuths.endTime), asc(sealAuths.id))
    .limit(WILL_EXPIRE_AUTHS_MAX)
  const windowsOf = expiryWindowReader(db, caller.channel)
  const now = when.getTime()
  const soon: WillExpireAuth[] = []
  for (const { auth, seal, unitName, socialCreditCode, holder } of rows) {
    const { authDays } = await windowsOf({ socialCreditCode, holderIdentityNo: holder.identityNo })
    if (!authWillExpire(auth, now, authDays)) continue
    soon.push({
      authId: auth.id,
      sealId: seal.id,
      sealName: seal.sealName,
      sealTypeCode: seal.sealTypeCode,
      businessName: unitName ?? holder.name,
      socialCreditCode: socialCreditCode ?? null,
      startTime: auth.startTime.getTime(),
      endTime: auth.endTime.getTime(),
      authUseType: Number(auth.authUseType),
    })
  }
  return soon
}
