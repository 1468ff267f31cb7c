import { asc, count, eq, gt, isNotNull, isNull, desc } from 'drizzle-orm'
import type { ChainSource } from './chain.ts'
import { auditEvents } from './tables.ts'

type AuditRow = typeof auditEvents.$inferSelect

/**
 * What an audit entry's hash covers: every column the row was written with. The operator columns came later
 * (issue #22): a row without an operator leaves them out, so entries linked before them keep their hashes.
 */
export const auditEntryContent = ({ chainSeq: _seq, prevHash: _prev, entryHash: _hash, operatorId, operatorName, ...content }: AuditRow) =>
  operatorId === null && operatorName === null ? content : { ...content, operatorId, operatorName }

/** The audit log (audit_events) as a hash chain. */
export const auditChain: ChainSource = {
  name: 'audit',
  lockKey: 7_301_101,
  async last(db) {
    const [row] = await db
      .select({ chainSeq: auditEvents.chainSeq, entryHash: auditEvents.entryHash })
      .from(auditEvents)
      .where(isNotNull(auditEvents.chainSeq))
      .orderBy(desc(auditEvents.chainSeq))
      .limit(1)
    return row ? { chainSeq: row.chainSeq!, entryHash: row.entryHash! } : null
  },
  async unlinked(db, limit) {
    const rows = await db.select().from(auditEvents).where(isNull(auditEvents.chainSeq)).orderBy(asc(auditEvents.createdAt), asc(auditEvents.id)).limit(limit)
    return rows.map((row) => ({ id: row.id, content: auditEntryContent(row) }))
  },
  async link(db, id, link) {
    await db.update(auditEvents).set(link).where(eq(auditEvents.id, id))
  },
  async linked(db, afterSeq, limit) {
    const rows = await db.select().from(auditEvents).where(gt(auditEvents.chainSeq, afterSeq)).orderBy(asc(auditEvents.chainSeq)).limit(limit)
    return rows.map((row) => ({ id: row.id, chainSeq: row.chainSeq!, prevHash: row.prevHash ?? '', entryHash: row.entryHash ?? '', content: auditEntryContent(row) }))
  },
  async count(db) {
    const [linked] = await db.select({ n: count() }).from(auditEvents).where(isNotNull(auditEvents.chainSeq))
    const [unlinked] = await db.select({ n: count() }).from(auditEvents).where(isNull(auditEvents.chainSeq))
    return { linked: Number(linked?.n ?? 0), unlinked: Number(unlinked?.n ?? 0) }
  },
}
