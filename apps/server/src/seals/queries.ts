import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { WILL_EXPIRE_DAYS, type SealGroup, type SealItem } from '@seal/shared/api/seals'
import { maskIdNumber, maskRealName } from '@seal/shared/text/masking'
import type { Caller } from '../auth/caller.ts'
import { persons, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { containsPattern } from '../db/search.ts'
import { notFound } from '../errors.ts'
import { files } from '../files/tables.ts'
import type { FileStore } from '../files/store.ts'
import { loadSealHolder, type SealHolder } from '../trust/seal-holder.ts'
import { sealPictureLink } from './picture-link.ts'
import { seals, type Seal } from './tables.ts'

/** A seal the caller may see: its holder, or the unit's own account for a unit seal. Else 数据不存在. */
export async function visibleSeal(db: Database, caller: Caller, sealId: string): Promise<SealHolder> {
  const found = await loadSealHolder(db, sealId)
  if (!found) throw notFound()
  const isHolder = found.holder.personId === caller.person.id
  const isUnitAccount = caller.kind === 'enterprise' && found.seal.ownerKind === 'unit' && caller.unit?.id === found.seal.unitId
  if (!isHolder && !isUnitAccount) throw notFound()
  return found
}

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
 * unit's legal representative or the person) and whoever cancelled it.
 */
function sealRows(db: Database, where: SQL | undefined) {
  return db
    .select({ seal: seals, unitName: units.name, socialCreditCode: units.socialCreditCode, holder: holders, revokerName: revokers.name })
    .from(seals)
    .leftJoin(units, eq(units.id, seals.unitId))
    .innerJoin(holders, eq(holders.id, sql`coalesce(${units.legalPersonId}, ${seals.personId})`))
    .leftJoin(revokers, eq(revokers.id, seals.revokedByPersonId))
    .where(where)
}

type SealRow = Awaited<ReturnType<typeof sealRows>>[number]

function toItem(row: SealRow, picture: PictureOption, now: number): SealItem {
  const { seal, holder } = row
  return {
    id: seal.id,
    sealName: seal.sealName,
    sealTypeCode: seal.sealTypeCode,
    sealCode: seal.sealCode,
    status: seal.status,
    useType: seal.useType,
    businessName: row.unitName ?? holder.name,
    socialCreditCode: row.socialCreditCode ?? null,
    personName: holder.name,
    personIdentity: maskIdNumber(holder.identityNo),
    certStartTime: seal.certStartTime.getTime(),
    certEndTime: seal.certEndTime.getTime(),
    sealPic: picture ? sealPictureLink(picture.fileAccessKey, seal.imageFileId, now) : null,
    role: 1,
    failureReason: seal.failureReason,
    revokePerson: row.revokerName ? maskRealName(row.revokerName) : null,
    blnWillExpires: seal.status === '1' && seal.certEndTime.getTime() - now < WILL_EXPIRE_DAYS * 86_400_000,
  }
}

/** The caller's personal name seals, newest first (the 个人名章 tab of /seal-preview-list/personal). */
export async function personalSeals(options: { db: Database; caller: Caller; picture: PictureOption }): Promise<SealItem[]> {
  const rows = await sealRows(options.db, and(eq(seals.ownerKind, 'person'), eq(seals.personId, options.caller.person.id))).orderBy(
    desc(seals.createdAt),
    desc(seals.id),
  )
  const now = Date.now()
  return rows.map((row) => toItem(row, options.picture, now))
}

export async function sealDetail(options: { db: Database; caller: Caller; sealId: string; picture: PictureOption }): Promise<SealItem> {
  const { caller } = options
  const [row] = await sealRows(options.db, eq(seals.id, options.sealId)).limit(1)
  if (!row) throw notFound()
  const isHolder = row.holder.id === caller.person.id
  const isUnitAccount = caller.kind === 'enterprise' && row.seal.ownerKind === 'unit' && caller.unit?.id === row.seal.unitId
  if (!isHolder && !isUnitAccount) throw notFound()
  return toItem(row, options.picture, Date.now())
}

/**
 * The unit seals the caller may see, one group per unit (the 电子印章 tab of /seal-preview-list): an
 * enterprise account sees its unit's seals; a person sees the seals of the units they represent. Units
 * come in name order, seals of one unit in seal-type order, newest first within a type.
 */
export async function unitSealGroups(options: {
  db: Database
  caller: Caller
  picture: PictureOption
  queryAvailable: boolean
  businessName?: string | undefined
}): Promise<SealGroup[]> {
  const { caller } = options
  const unitFilter = caller.kind === 'enterprise' && caller.unit ? eq(units.id, caller.unit.id) : eq(units.legalPersonId, caller.person.id)
  const name = options.businessName?.trim()
  const rows = await sealRows(
    options.db,
    and(
      eq(seals.ownerKind, 'unit'),
      unitFilter,
      name ? ilike(units.name, containsPattern(name)) : undefined,
      options.queryAvailable ? eq(seals.status, '1') : undefined,
    ),
  ).orderBy(asc(units.name), asc(units.id), asc(seals.sealTypeCode), desc(seals.createdAt), desc(seals.id))
  const now = Date.now()
  const groups: SealGroup[] = []
  let unitId: string | null = null
  for (const row of rows) {
    if (row.seal.unitId !== unitId) {
      unitId = row.seal.unitId
      groups.push({ businessName: row.unitName!, socialCreditCode: row.socialCreditCode, list: [] })
    }
    groups.at(-1)!.list.push(toItem(row, options.picture, now))
  }
  return groups
}
