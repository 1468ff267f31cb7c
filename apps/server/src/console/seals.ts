import type { z } from 'zod'
import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ConsoleSealDetail, ConsoleSealItem, sealSearchQuery } from '@seal/shared/api/console'
import { persons, units } from '../auth/tables.ts'
import { sealBindings } from '../bindings/tables.ts'
import type { Database } from '../db/client.ts'
import { containsPattern, containsText, firstHits, WALK_ROWS } from '../db/search.ts'
import { notFound } from '../errors.ts'
import { platforms } from '../platforms/tables.ts'
import { sealPictureLink } from '../seals/picture-link.ts'
import { sealAuths, seals } from '../seals/tables.ts'
import { sealCredentials } from '../trust/tables.ts'
import { describeCertificate } from '../trust/x509.ts'
import { searchUseRecords } from './use-records.ts'

const s = seals
const holder = alias(persons, 'holder')
const epoch = (date: Date | null) => (date ? date.getTime() : null)

type Page<T> = { records: T[]; lastId: string | null; hasMore: boolean }
type Search = Omit<z.output<typeof sealSearchQuery>, 'pageSize'> & { pageSize: number }

/** The seals whose holder (the person of a personal seal, the legal representative of a unit seal) is among `who`. */
function heldBy(who: SQL): SQL {
  return sql`${s.id} in (
    select hs.id from ${seals} hs where hs.person_id in (select hp.id from ${persons} hp where ${who})
    union all
    select hs.id from ${seals} hs join ${units} hu on hu.id = hs.unit_id where hu.legal_person_id in (select hp.id from ${persons} hp where ${who}))`
}

/**
 * The holder-name filter. A name many people share (张伟) is found by walking the seals newest first and
 * looking up each one's holder (db/search.ts firstHits); a rarer name by its candidates (the trigram
 * index of persons' names, then the holders' seals).
 */
async function heldByNamed(db: Database, listed: (SQL | undefined)[], name: string, limit: number): Promise<SQL> {
  const ids = await firstHits(db, {
    walk: sql`select ${s.id} as id, ${s.createdAt} as created_at,
                     exists (select 1 from ${persons} hp
                             where hp.id = coalesce(${s.personId}, (select hu.legal_person_id from ${units} hu where hu.id = ${s.unitId}))
                               and ${ilike(sql`hp.name`, containsPattern(name))}) as hit
              from ${seals} where ${and(...listed) ?? sql`true`}
              order by ${s.createdAt} desc, ${s.id} desc limit ${WALK_ROWS}`,
    order: sql`w.created_at desc, w.id desc`,
    limit,
  })
  return ids ? inArray(s.id, ids) : heldBy(containsText(alias(persons, 'hp').name, name))
}

/**
 * The console's seal search (GET /admin/seals): newest made first, keyset-paged on (created_at, id) by
 * seals_created_idx. The unit filters go through units (trigram of the tripled name, the unique credit code)
 * to seals_unit_idx; the holder filters through persons (trigram of the tripled name, persons_identity_no_idx)
 * to seals_person_idx and units_legal_person_idx; the seal code is seals_code_idx. One query.
 */
export async function searchSeals(
  db: Database,
  query: Search,
  pictureKey: Buffer,
  now = Date.now(),
): Promise<Page<ConsoleSealItem>> {
  const filters: (SQL | undefined)[] = [
    query.sealId ? eq(s.id, query.sealId) : undefined,
    query.sealCode ? eq(s.sealCode, query.sealCode) : undefined,
    query.status ? eq(s.status, query.status) : undefined,
    query.sealTypeCode ? eq(s.sealTypeCode, query.sealTypeCode) : undefined,
    query.socialCreditCode
      ? inArray(
          s.unitId,
          db
            .select({ id: units.id })
            .from(units)
            .where(eq(units.socialCreditCode, query.socialCreditCode.toUpperCase())),
        )
      : undefined,
    query.unitName
      ? inArray(
          s.unitId,
          db.select({ id: units.id }).from(units).where(containsText(units.name, query.unitName)),
        )
      : undefined,
    query.identityNo ? heldBy(sql`hp.identity_no = ${query.identityNo.toUpperCase()}`) : undefined,
    query.lastId
      ? sql`(${s.createdAt}, ${s.id}) < (select c.created_at, c.id from ${seals} c where c.id = ${query.lastId})`
      : undefined,
  ]
  if (query.personName) filters.push(await heldByNamed(db, filters, query.personName, query.pageSize + 1))
  // The page is chosen from seals alone; only its rows are joined to their unit and holder.
  const pageIds = db
    .select({ id: s.id })
    .from(s)
    .where(and(...filters))
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(query.pageSize + 1)
  const rows = await db
    .select(sealColumns)
    .from(s)
    .leftJoin(units, eq(units.id, s.unitId))
    .innerJoin(holder, eq(holder.id, sql`coalesce(${s.personId}, ${units.legalPersonId})`))
    .where(inArray(s.id, pageIds))
    .orderBy(desc(s.createdAt), desc(s.id))
  const records = rows.slice(0, query.pageSize)
  const hasMore = rows.length > query.pageSize
  return {
    records: records.map((row) => sealItem(row, pictureKey, now)),
    lastId: hasMore ? (records.at(-1)?.id ?? null) : null,
    hasMore,
  }
}

const sealColumns = {
  id: s.id,
  sealName: s.sealName,
  sealTypeCode: s.sealTypeCode,
  sealCode: s.sealCode,
  status: s.status,
  ownerKind: s.ownerKind,
  unitId: s.unitId,
  unitName: units.name,
  socialCreditCode: units.socialCreditCode,
  holderName: holder.name,
  imageFileId: s.imageFileId,
  certStartTime: s.certStartTime,
  certEndTime: s.certEndTime,
  revokedAt: s.revokedAt,
  createdAt: s.createdAt,
}

type SealRow = {
  id: string
  sealName: string
  sealTypeCode: string
  sealCode: string
  status: string
  ownerKind: 'unit' | 'person'
  unitId: string | null
  unitName: string | null
  socialCreditCode: string | null
  holderName: string
  imageFileId: string
  certStartTime: Date
  certEndTime: Date
  revokedAt: Date | null
  createdAt: Date
}

function sealItem(row: SealRow, pictureKey: Buffer, now: number): ConsoleSealItem {
  const { imageFileId, ...seal } = row
  return {
    ...seal,
    pictureUrl: sealPictureLink(pictureKey, imageFileId, now),
    certStartTime: seal.certStartTime.getTime(),
    certEndTime: seal.certEndTime.getTime(),
    revokedAt: epoch(seal.revokedAt),
    createdAt: seal.createdAt.getTime(),
  }
}

/** GET /admin/seals/:id: the seal, its holder and unit, every certificate, its authorisations, bindings and newest uses. */
export async function sealDetail(
  db: Database,
  sealId: string,
  pictureKey: Buffer,
  now = Date.now(),
): Promise<ConsoleSealDetail> {
  const revoker = alias(persons, 'revoker')
  const [row] = await db
    .select({
      ...sealColumns,
      useType: s.useType,
      imageSha256: s.imageSha256,
      failureReason: s.failureReason,
      revokedByName: revoker.name,
      holder: {
        id: holder.id,
        name: holder.name,
        identityNo: holder.identityNo,
        phone: holder.phone,
        verifiedAt: holder.verifiedAt,
      },
      unitTypeCode: units.unitTypeCode,
    })
    .from(s)
    .leftJoin(units, eq(units.id, s.unitId))
    .innerJoin(holder, eq(holder.id, sql`coalesce(${s.personId}, ${units.legalPersonId})`))
    .leftJoin(revoker, eq(revoker.id, s.revokedByPersonId))
    .where(eq(s.id, sealId))
    .limit(1)
  if (!row) throw notFound('印章不存在')

  const grantee = alias(persons, 'grantee')
  const grantor = alias(persons, 'grantor')
  const binder = alias(persons, 'binder')
  const [credentials, authorizations, bindings, uses] = await Promise.all([
    db
      .select()
      .from(sealCredentials)
      .where(eq(sealCredentials.sealId, sealId))
      .orderBy(desc(sealCredentials.createdAt)),
    db
      .select({ auth: sealAuths, granteeName: grantee.name, grantorName: grantor.name })
      .from(sealAuths)
      .innerJoin(grantee, eq(grantee.id, sealAuths.granteePersonId))
      .innerJoin(grantor, eq(grantor.id, sealAuths.grantorPersonId))
      .where(eq(sealAuths.sealId, sealId))
      .orderBy(desc(sealAuths.createdAt)),
    db
      .select({ binding: sealBindings, platformName: platforms.clientName, personName: binder.name })
      .from(sealBindings)
      .innerJoin(platforms, eq(platforms.id, sealBindings.platformId))
      .innerJoin(binder, eq(binder.id, sealBindings.personId))
      .where(eq(sealBindings.sealId, sealId))
      .orderBy(desc(sealBindings.createdAt)),
    searchUseRecords(db, { sealId, pageSize: 20 }),
  ])

  const { holder: person, useType, imageSha256, failureReason, revokedByName, unitTypeCode, ...listed } = row
  return {
    seal: { ...sealItem(listed, pictureKey, now), useType, imageSha256, failureReason, revokedByName },
    holder: {
      id: person.id,
      name: person.name,
      identityNo: person.identityNo,
      phone: person.phone,
      verified: person.verifiedAt !== null,
    },
    unit: row.unitId
      ? {
          id: row.unitId,
          name: row.unitName ?? '',
          socialCreditCode: row.socialCreditCode ?? '',
          unitTypeCode: unitTypeCode ?? '',
        }
      : null,
    certificates: credentials.map((credential) => ({
      serialNumber: credential.serialNumber,
      ...describeCertificate(credential.certificateDer),
      algorithm: credential.algorithm,
      notBefore: credential.notBefore.getTime(),
      notAfter: credential.notAfter.getTime(),
      status: credential.status,
      revokedAt: epoch(credential.revokedAt),
      revocationReason: credential.revocationReason,
      revocationReasonCode: credential.revocationReasonCode,
    })),
    authorizations: authorizations.map(({ auth, granteeName, grantorName }) => ({
      id: auth.id,
      granteeName,
      granteePhone: auth.granteePhone,
      grantorName,
      authUseType: auth.authUseType,
      status: auth.status,
      startTime: auth.startTime.getTime(),
      endTime: auth.endTime.getTime(),
      acceptedAt: epoch(auth.acceptedAt),
      revokedAt: epoch(auth.revokedAt),
    })),
    bindings: bindings.map(({ binding, platformName, personName }) => ({
      id: binding.id,
      platformId: binding.platformId,
      platformName,
      personName,
      bindState: binding.bindState,
      boundAt: binding.boundAt.getTime(),
      cancelledAt: epoch(binding.cancelledAt),
    })),
    latestUses: uses.records,
  }
}
