import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'

/**
 * Hash chains over append-only tables (the audit log, the use records): each entry carries the hash of the
 * entry before it, so editing, deleting or reordering a row breaks the chain at that row.
 *
 * Rows are written as they always were; a chainer links them a moment later, in the order they were
 * written (`linkPending`, one linker at a time per chain under an advisory lock). Writers never wait for
 * each other, and the chain's order is the order of linking. A row's hash covers what the row says
 * (`content`), its place and the hash before it. A chain rewritten whole, every hash recomputed, is caught by
 * the signed heads (trust/chain-heads.ts).
 */
export type ChainEntry = { id: string; chainSeq: number; prevHash: string; entryHash: string; content: unknown }

/** One table as a chain: how to read its entries and write their links. */
export type ChainSource = {
  /** 'audit' or 'use': the name heads and reports use. */
  name: string
  /** The advisory lock the linker of this chain holds. */
  lockKey: number
  /** The newest linked entry, or null. */
  last(db: Database): Promise<{ chainSeq: number; entryHash: string } | null>
  /** Rows not linked yet, oldest first. */
  unlinked(db: Database, limit: number): Promise<{ id: string; content: unknown }[]>
  link(db: Database, id: string, link: { chainSeq: number; prevHash: string; entryHash: string }): Promise<void>
  /** Linked entries after `afterSeq` in chain order. */
  linked(db: Database, afterSeq: number, limit: number): Promise<ChainEntry[]>
  /** Rows linked or not: a linked chain shorter than this has rows missing its links. */
  count(db: Database): Promise<{ linked: number; unlinked: number }>
}

/** The hash before the first entry. */
export const GENESIS_HASH = '0'.repeat(64)

/**
 * The text a row's hash is taken over: JSON with keys sorted at every level, times as ISO strings, bytes as
 * base64, so the same row read by either driver gives the same text.
 */
export function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (value instanceof Date) return JSON.stringify(value.toISOString())
  if (value instanceof Uint8Array) return JSON.stringify(Buffer.from(value).toString('base64'))
  if (typeof value === 'bigint') return JSON.stringify(value.toString())
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** SHA-256 (hex) of the entry at `chainSeq` with `content`, following `prevHash`. */
export function entryHashOf(chain: string, chainSeq: number, prevHash: string, content: unknown): string {
  return createHash('sha256').update(`${chain}\n${chainSeq}\n${prevHash}\n${canonical(content)}`).digest('hex')
}

/**
 * Links the rows written since the last round, oldest first, at most `limit`. Safe to run in every process at
 * once: the advisory lock makes one linker at a time, and a row is linked only while still unlinked.
 * Answers how many it linked.
 */
export async function linkPending(db: Database, source: ChainSource, limit = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const inTx = tx as unknown as Database
    await inTx.execute(sql`select pg_advisory_xact_lock(${source.lockKey})`)
    const pending = await source.unlinked(inTx, limit)
    if (pending.length === 0) return 0
    const last = await source.last(inTx)
    let chainSeq = last?.chainSeq ?? 0
    let prevHash = last?.entryHash ?? GENESIS_HASH
    for (const row of pending) {
      chainSeq += 1
      const entryHash = entryHashOf(source.name, chainSeq, prevHash, row.content)
      await source.link(inTx, row.id, { chainSeq, prevHash, entryHash })
      prevHash = entryHash
    }
    return pending.length
  })
}

/** Links everything pending, round after round. */
export async function linkAll(db: Database, source: ChainSource): Promise<number> {
  let total = 0
  for (let linked = await linkPending(db, source); linked > 0; linked = await linkPending(db, source)) total += linked
  return total
}

export type ChainBreak = { chainSeq: number; id: string | null; reason: string }
export type ChainReport = { chain: string; entries: number; unlinked: number; head: { chainSeq: number; entryHash: string } | null; firstBreak: ChainBreak | null }

/**
 * Walks the chain from its first entry and names the first entry that does not hold: one whose place is not
 * the next (an entry before it deleted, or moved), whose `prevHash` is not the hash before it, or whose hash
 * is not that of what the row now says (edited). Reads in pages, so any length fits in memory.
 */
export async function verifyChain(db: Database, source: ChainSource, pageSize = 2000): Promise<ChainReport> {
  const { unlinked } = await source.count(db)
  let expectedSeq = 1
  let prevHash = GENESIS_HASH
  let entries = 0
  let head: ChainReport['head'] = null
  const report = (firstBreak: ChainBreak | null): ChainReport => ({ chain: source.name, entries, unlinked, head, firstBreak })
  for (;;) {
    const page = await source.linked(db, expectedSeq - 1, pageSize)
    for (const entry of page) {
      if (entry.chainSeq !== expectedSeq) return report({ chainSeq: expectedSeq, id: null, reason: `第 ${expectedSeq} 条缺失（被删除或移动）` })
      if (entry.prevHash !== prevHash) return report({ chainSeq: entry.chainSeq, id: entry.id, reason: '与前一条的哈希不衔接（前一条被改动、删除或调换）' })
      if (entryHashOf(source.name, entry.chainSeq, entry.prevHash, entry.content) !== entry.entryHash)
        return report({ chainSeq: entry.chainSeq, id: entry.id, reason: '内容与其哈希不符（被改动）' })
      prevHash = entry.entryHash
      head = { chainSeq: entry.chainSeq, entryHash: entry.entryHash }
      entries += 1
      expectedSeq += 1
    }
    if (page.length < pageSize) return report(null)
  }
}
