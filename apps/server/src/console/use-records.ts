import type { z } from 'zod'
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import type { ConsoleUseRecord, useRecordSearchQuery } from '@seal/shared/api/console'
import { persons } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { containsText } from '../db/search.ts'
import { sealUseRecords } from '../records/tables.ts'
import { seals } from '../seals/tables.ts'

const r = sealUseRecords

export type UseRecordSearch = Omit<z.output<typeof useRecordSearchQuery>, 'pageSize'> & { pageSize: number }

/** An ID number (18 characters, the last a digit or X) is looked up exactly; anything else is a part of the name. */
const looksLikeIdNumber = (text: string) => /^\d{17}[\dXx]$/.test(text)

/**
 * The use records across every seal (GET /admin/audit/use-records and its export): newest first, keyset-paged
 * on (created_at, seq). Each filter has an index that leads with it and then holds the order: the seal
 * (seal_use_records_seal_time_idx), the user (…_user_time_idx; a part of the name: the tripled trigram
 * index), the platform (…_platform_time_idx), the period alone (…_time_idx). One query.
 */
export async function searchUseRecords(
  db: Database,
  query: UseRecordSearch,
): Promise<{ records: ConsoleUseRecord[]; lastId: string | null; hasMore: boolean }> {
  const rows = await useRecordRows(db, query, query.pageSize + 1)
  const page = rows.slice(0, query.pageSize)
  const hasMore = rows.length > query.pageSize
  return { records: page, lastId: hasMore ? (page.at(-1)?.id ?? null) : null, hasMore }
}

export async function useRecordRows(
  db: Database,
  query: Omit<UseRecordSearch, 'pageSize'>,
  limit: number,
): Promise<ConsoleUseRecord[]> {
  const person = query.person
  const filters: (SQL | undefined)[] = [
    query.sealId ? eq(r.sealId, query.sealId) : undefined,
    query.platformId ? eq(r.platformId, query.platformId) : undefined,
    person && looksLikeIdNumber(person)
      ? sql`${r.userPersonId} in (select p.id from ${persons} p where p.identity_no = ${person.toUpperCase()})`
      : undefined,
    person && !looksLikeIdNumber(person) ? containsText(r.userName, person) : undefined,
    query.from !== undefined ? gte(r.createdAt, new Date(query.from)) : undefined,
    query.to !== undefined ? lt(r.createdAt, new Date(query.to)) : undefined,
    query.lastId
      ? sql`(${r.createdAt}, ${r.seq}) < (select c.created_at, c.seq from ${sealUseRecords} c where c.id = ${query.lastId})`
      : undefined,
  ]
  const rows = await db
    .select({
      id: r.id,
      chainSeq: r.chainSeq,
      sealId: r.sealId,
      sealName: seals.sealName,
      sealCode: seals.sealCode,
      userName: r.userName,
      userPersonId: r.userPersonId,
      fileName: r.fileName,
      businessName: r.businessName,
      platformId: r.platformId,
      platformName: r.platformName,
      remark: r.remark,
      documentSha256: r.documentSha256,
      documentFileId: r.documentFileId,
      createdAt: r.createdAt,
    })
    .from(r)
    .innerJoin(seals, eq(seals.id, r.sealId))
    .where(and(...filters))
    .orderBy(desc(r.createdAt), desc(r.seq))
    .limit(limit)
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.getTime() }))
}
