import type { z } from 'zod'
import { inArray, sql, type SQL } from 'drizzle-orm'
import type { AuditEventItem, auditEventQuery } from '@seal/shared/api/console'
import { accounts, persons } from '../auth/tables.ts'
import { auditEvents } from '../audit/tables.ts'
import type { Database } from '../db/client.ts'
import { firstHits, prefixPattern, WALK_ROWS } from '../db/search.ts'

export type AuditEventSearch = Omit<z.output<typeof auditEventQuery>, 'pageSize'> & { pageSize: number }

type Row = {
  id: string
  chain_seq: string | number | null
  entry_hash: string | null
  action: string
  target: string | null
  operator_id: string | null
  operator_name: string | null
  account_id: string | null
  person_name: string | null
  ip: string | null
  detail: unknown
  created_at: Date | string
}

/**
 * The audit log as the console searches it (GET /admin/audit/events and its export): newest first,
 * keyset-paged on (created_at, id). `who` (an operator's name, or a person's phone, ID number or name) is
 * first looked for in the newest WALK_ROWS entries (a common name is settled there); when that does not
 * settle the page, it is two searches, each walked in order by its own index and cut at the page: the
 * operator's name (audit_events_operator_idx), and the accounts of the persons it names
 * (audit_events_account_idx); the page is the newest of both.
 * `action` is a prefix (audit_events_action_time_idx, text_pattern_ops), `target` exact
 * (audit_events_target_time_idx), the period alone audit_events_time_idx. One query.
 */
export async function searchAuditEvents(
  db: Database,
  query: AuditEventSearch,
): Promise<{ records: AuditEventItem[]; lastId: string | null; hasMore: boolean }> {
  const rows = await auditEventRows(db, query, query.pageSize + 1)
  const page = rows.slice(0, query.pageSize)
  const hasMore = rows.length > query.pageSize
  return { records: page, lastId: hasMore ? (page.at(-1)?.id ?? null) : null, hasMore }
}

export async function auditEventRows(
  db: Database,
  query: Omit<AuditEventSearch, 'pageSize'>,
  limit: number,
): Promise<AuditEventItem[]> {
  const e = auditEvents
  const common: SQL[] = []
  if (query.action) common.push(sql`${e.action} like ${prefixPattern(query.action)}`)
  if (query.target) common.push(sql`${e.target} = ${query.target}`)
  if (query.from !== undefined) common.push(sql`${e.createdAt} >= ${new Date(query.from)}`)
  if (query.to !== undefined) common.push(sql`${e.createdAt} < ${new Date(query.to)}`)
  if (query.lastId)
    common.push(
      sql`(${e.createdAt}, ${e.id}) < (select c.created_at, c.id from ${auditEvents} c where c.id = ${query.lastId})`,
    )

  const branch = (who: SQL | undefined) => {
    const filters = who ? [...common, who] : common
    const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``
    return sql`(select * from ${auditEvents} ${where} order by ${e.createdAt} desc, ${e.id} desc limit ${limit})`
  }
  const who = query.who
  // The accounts of the persons `who` names (phone, ID number, exact name) or the account it is.
  const accountsOf = (text: string) => sql`select ${text}::text
          union all
          select a.id from ${accounts} a where a.person_id in (
            select p.id from ${persons} p where p.phone = ${text} or p.identity_no = ${text.toUpperCase()} or p.name = ${text})`
  // A name many people share is found by walking the log newest first, each entry's person looked up by
  // its account (db/search.ts firstHits); a phone or ID number names one person, whose accounts' entries are
  // few, and anything the walk does not settle is two searches cut at the page and merged: the operator's
  // name as written, and the persons' accounts.
  // An operator's name that no person bears (审核员3) goes straight to the two searches: its entries are
  // found by the operator index, and walking the log for them would look up the person of every entry.
  const walked =
    who && !/^(\d{11}|\d{17}[\dXx])$/.test(who) && (await somePersonNamed(db, who))
      ? await firstHits(db, {
          // The entry's person by primary keys, row by row (offset 0 keeps the lookup per row: as a join or
          // an EXISTS, PostgreSQL would first hash every account of everyone so named).
          walk: sql`select ${e.id} as id, ${e.createdAt} as created_at,
                           (${e.operatorName} = ${who} or ${e.accountId} = ${who}
                            or coalesce(p.phone = ${who} or p.identity_no = ${who.toUpperCase()} or p.name = ${who}, false)) as hit
                    from ${auditEvents} left join lateral (
                      select p.phone, p.identity_no, p.name from ${accounts} a join ${persons} p on p.id = a.person_id
                      where a.id = ${e.accountId} offset 0) p on true
                    ${common.length > 0 ? sql`where ${sql.join(common, sql` and `)}` : sql``}
                    order by ${e.createdAt} desc, ${e.id} desc limit ${WALK_ROWS}`,
          order: sql`w.created_at desc, w.id desc`,
          limit,
        })
      : null
  const found = walked
    ? sql`select * from ${auditEvents} where ${inArray(e.id, walked)}`
    : who
      ? sql`${branch(sql`${e.operatorName} = ${who}`)} union all ${branch(
          sql`${e.operatorName} is distinct from ${who} and ${e.accountId} in (${accountsOf(who)})`,
        )}`
      : branch(undefined)

  const result = await db.execute(sql`
    select f.id, f.chain_seq, f.entry_hash, f.action, f.target, f.operator_id, f.operator_name, f.account_id, f.ip, f.detail, f.created_at,
           (select p.name from ${accounts} a join ${persons} p on p.id = a.person_id where a.id = f.account_id) as person_name
    from (${found}) f
    order by f.created_at desc, f.id desc
    limit ${limit}`)
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    id: row.id,
    chainSeq: row.chain_seq === null ? null : Number(row.chain_seq),
    entryHash: row.entry_hash,
    action: row.action,
    target: row.target,
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    accountId: row.account_id,
    personName: row.person_name,
    ip: row.ip,
    detail: row.detail,
    createdAt: new Date(row.created_at).getTime(),
  }))
}

async function somePersonNamed(db: Database, name: string): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from ${persons} where name = ${name}) as found`)
  return Boolean((result as unknown as { rows: { found: boolean }[] }).rows[0]?.found)
}
