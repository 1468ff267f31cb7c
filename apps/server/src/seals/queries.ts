import { and, asc, desc, eq, ilike, inArray } from 'drizzle-orm'
import { WILL_EXPIRE_DAYS, type SealGroup, type SealItem } from '@seal/shared/api/seals'
import { maskIdNumber, maskRealName } from '@seal/shared/text/masking'
import type { Caller } from '../auth/caller.ts'
import { persons, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { notFound } from '../errors.ts'
import { files } from '../files/tables.ts'
import type { FileStore } from '../files/store.ts'
import { loadSealHolder, type SealHolder } from '../trust/seal-holder.ts'
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

export async function sealPicture(db: Database, store: FileStore, seal: Seal): Promise<string> {
  const [file] = await db.select().from(files).where(eq(files.id, seal.imageFileId)).limit(1)
  if (!file) return ''
  return `data:${file.mediaType};base64,${(await store.get(file.storageKey)).toString('base64')}`
}

async function toItem(options: { db: Database; store: FileStore; found: SealHolder; needPic: boolean }): Promise<SealItem> {
  const { db, store, found, needPic } = options
  const { seal, holder, unit } = found
  const [revoker] = seal.revokedByPersonId ? await db.select({ name: persons.name }).from(persons).where(eq(persons.id, seal.revokedByPersonId)) : []
  return {
    id: seal.id,
    sealName: seal.sealName,
    sealTypeCode: seal.sealTypeCode,
    sealCode: seal.sealCode,
    status: seal.status,
    useType: seal.useType,
    businessName: unit?.name ?? holder.name,
    socialCreditCode: unit?.socialCreditCode ?? null,
    personName: holder.name,
    personIdentity: maskIdNumber(holder.identityNo),
    certStartTime: seal.certStartTime.getTime(),
    certEndTime: seal.certEndTime.getTime(),
    sealPic: needPic ? await sealPicture(db, store, seal) : null,
    role: 1,
    failureReason: seal.failureReason,
    revokePerson: revoker ? maskRealName(revoker.name) : null,
    blnWillExpires: seal.status === '1' && seal.certEndTime.getTime() - Date.now() < WILL_EXPIRE_DAYS * 86_400_000,
  }
}

/** The caller's personal name seals, newest first (the 个人名章 tab of /seal-preview-list/personal). */
export async function personalSeals(options: { db: Database; store: FileStore; caller: Caller; needPic: boolean }): Promise<SealItem[]> {
  const { db, caller } = options
  const rows = await db
    .select({ id: seals.id })
    .from(seals)
    .where(and(eq(seals.ownerKind, 'person'), eq(seals.personId, caller.person.id)))
    .orderBy(desc(seals.createdAt))
  const items: SealItem[] = []
  for (const row of rows) {
    const found = await loadSealHolder(db, row.id)
    if (found) items.push(await toItem({ ...options, found }))
  }
  return items
}

export async function sealDetail(options: { db: Database; store: FileStore; caller: Caller; sealId: string }): Promise<SealItem> {
  const found = await visibleSeal(options.db, options.caller, options.sealId)
  return toItem({ ...options, found, needPic: true })
}

/**
 * The unit seals the caller may see, one group per unit (the 电子印章 tab of /seal-preview-list): an
 * enterprise account sees its unit's seals; a person sees the seals of the units they represent. Seals
 * of one unit come in seal-type order.
 */
export async function unitSealGroups(options: {
  db: Database
  store: FileStore
  caller: Caller
  needPic: boolean
  queryAvailable: boolean
  businessName?: string | undefined
}): Promise<SealGroup[]> {
  const { db, caller } = options
  const unitFilter =
    caller.kind === 'enterprise' && caller.unit ? eq(units.id, caller.unit.id) : eq(units.legalPersonId, caller.person.id)
  const nameFilter = options.businessName?.trim() ? ilike(units.name, `%${options.businessName.trim()}%`) : undefined
  const visibleUnits = await db.select().from(units).where(and(unitFilter, nameFilter)).orderBy(asc(units.name))
  if (visibleUnits.length === 0) return []
  const rows = await db
    .select({ id: seals.id, unitId: seals.unitId })
    .from(seals)
    .where(
      and(
        eq(seals.ownerKind, 'unit'),
        inArray(
          seals.unitId,
          visibleUnits.map((unit) => unit.id),
        ),
        options.queryAvailable ? eq(seals.status, '1') : undefined,
      ),
    )
    .orderBy(asc(seals.sealTypeCode), desc(seals.createdAt))
  const groups: SealGroup[] = []
  for (const unit of visibleUnits) {
    const list: SealItem[] = []
    for (const row of rows.filter((r) => r.unitId === unit.id)) {
      const found = await loadSealHolder(db, row.id)
      if (found) list.push(await toItem({ ...options, found }))
    }
    if (list.length > 0) groups.push({ businessName: unit.name, socialCreditCode: unit.socialCreditCode, list })
  }
  return groups
}
