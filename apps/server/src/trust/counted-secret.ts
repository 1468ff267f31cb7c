import { channel } from 'node:diagnostics_channel'
import { hash, verify } from '@node-rs/argon2'
import { and, eq, getTableName, isNull } from 'drizzle-orm'
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import { stripWhitespace } from '@seal/shared/rules/seal-password'
import { isEmbedded, type Database } from '../db/client.ts'

/** Wrong tries in a row before a secret locks, and for how long. */
export const MAX_ATTEMPTS = 5
export const LOCK_MS = 30 * 60_000

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 30 ms here, costly in bulk. */
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/** The argon2id PHC string of a secret checked by `checkCountedSecret` (whitespace removed first, as the inputs do). */
export async function hashCountedSecret(secret: string): Promise<string> {
  return hash(stripWhitespace(secret), ARGON2)
}

/**
 * A row holding an argon2id hash of a secret (a seal PIN, an authorised user's use password) and the counter
 * of wrong tries against it: the table, the column naming the row, the hash column. Both tables call their
 * counter columns `failedAttempts` and `lockedUntil`.
 */
type CountedTable = PgTable & { failedAttempts: PgColumn; lockedUntil: PgColumn }
export type CountedSecret<T extends CountedTable> = { table: T; key: PgColumn; hash: PgColumn }

export type SecretCheck =
  | { ok: true }
  | { ok: false; reason: 'not-set' }
  | { ok: false; reason: 'locked'; lockedUntil: Date }
  /** `remainingAttempts` 0 comes with the lock the try set. */
  | { ok: false; reason: 'wrong'; remainingAttempts: number; lockedUntil: Date | null }

/**
 * Published once for every typed secret compared with its hash (the slow argon2 check), with the table's
 * name: what a monitor counts to see guessing, and what the tests count to see that a lock stops it.
 */
export const secretCompared = channel('seal.counted-secret.compared')

/**
 * Checks a typed secret against the row `id` of `secret`. Five wrong tries in a row lock it for 30 minutes;
 * while locked nothing is compared, so a lock cannot be used to guess. A right secret starts the count again.
 *
 * The checks of one secret take turns (DESIGN.md "Limits hold under concurrency without punishing honest
 * callers"): each reads the counter, compares, and writes the counter before the next one reads it. So 100
 * right secrets sent at once all pass, and of 100 wrong ones five are compared, the fifth locks, and the
 * rest answer locked without being compared. Counting before comparing (the earlier rule) stopped guessing
 * as well but answered honest concurrent callers "locked" (issue #19 §2 item 4).
 *
 * Turns are kept twice. In this process, a queue per secret: waiters hold no database connection, so a
 * long queue cannot drain the pool or stall other requests. Across processes (PostgreSQL), the secret's row
 * is locked (SELECT … FOR UPDATE) in the transaction that compares and writes the counter. PGlite has one
 * process by construction and holds every other query while a transaction is open, so there the queue alone
 * keeps the turns and the comparison runs outside any transaction. argon2 runs on libuv's threads either way.
 */
export async function checkCountedSecret<T extends CountedTable>(
  db: Database,
  secret: CountedSecret<T>,
  options: { id: string; typed: string; now: Date },
): Promise<SecretCheck> {
  return inTurn(turnsOf(db), `${getTableName(secret.table)}:${options.id}`, () =>
    isEmbedded(db) ? checkOnce(db, secret, options, false) : db.transaction((tx) => checkOnce(tx as unknown as Database, secret, options, true)),
  )
}

/** One check, alone on its secret: read the counter (locking the row), compare, write the counter. */
async function checkOnce<T extends CountedTable>(
  db: Database,
  secret: CountedSecret<T>,
  options: { id: string; typed: string; now: Date },
  lockRow: boolean,
): Promise<SecretCheck> {
  const { table } = secret
  const { id, now } = options
  const read = db
    .select({ hash: secret.hash, failedAttempts: table.failedAttempts, lockedUntil: table.lockedUntil })
    .from(table as PgTable)
    .where(eq(secret.key, id))
    .limit(1)
  const [row] = (lockRow ? await read.for('update') : await read) as { hash: string | null; failedAttempts: number; lockedUntil: Date | null }[]
  if (!row) return { ok: false, reason: 'not-set' }
  if (row.lockedUntil && row.lockedUntil > now) return { ok: false, reason: 'locked', lockedUntil: row.lockedUntil }

  const typed = stripWhitespace(options.typed)
  const matches = typed.length > 0 && row.hash !== null && (await compare(row.hash, typed, table))
  // The counter is written only where the hash is still the one compared: a PIN set meanwhile (its own
  // reset of the counter) wins.
  const sameSecret = and(eq(secret.key, id), row.hash === null ? isNull(secret.hash) : eq(secret.hash, row.hash))
  // An expired lock starts a fresh window.
  const before = row.lockedUntil ? 0 : row.failedAttempts
  if (matches) {
    if (before > 0 || row.lockedUntil) await db.update(table).set(counter(table, 0, null)).where(sameSecret)
    return { ok: true }
  }
  const attempt = before + 1
  const lockedUntil = attempt >= MAX_ATTEMPTS ? new Date(now.getTime() + LOCK_MS) : null
  await db.update(table).set(counter(table, attempt, lockedUntil)).where(sameSecret)
  if (lockedUntil) return { ok: false, reason: 'locked', lockedUntil }
  return { ok: false, reason: 'wrong', remainingAttempts: MAX_ATTEMPTS - attempt, lockedUntil: null }
}

async function compare(hash: string, typed: string, table: PgTable): Promise<boolean> {
  secretCompared.publish({ table: getTableName(table) })
  return verify(hash, typed)
}

/** The counter columns' new values, as the table's update takes them. */
const counter = <T extends CountedTable>(_table: T, failedAttempts: number, lockedUntil: Date | null) =>
  ({ failedAttempts, lockedUntil }) as unknown as PgUpdateSetSource<T>

/**
 * The last turn queued on each secret (a secret nobody is checking has no entry), per database client: one
 * pool per server process, so two processes' turns meet only at the row lock. Two apps in one test process on
 * one PostgreSQL database have a pool each and meet there too; on PGlite they share its one client and queue.
 */
const turnsByClient = new WeakMap<object, Map<string, Promise<void>>>()
const noClient = {}

function turnsOf(db: Database): Map<string, Promise<void>> {
  const client = (db as unknown as { $client?: object }).$client ?? noClient
  let turns = turnsByClient.get(client)
  if (!turns) turnsByClient.set(client, (turns = new Map()))
  return turns
}

/** Runs `check` after the checks of the same secret queued before it, and before those queued after. */
async function inTurn<R>(turns: Map<string, Promise<void>>, key: string, check: () => Promise<R>): Promise<R> {
  const mine = (turns.get(key) ?? Promise.resolve()).then(check)
  const done = mine.then(
    () => {},
    () => {},
  )
  turns.set(key, done)
  try {
    return await mine
  } finally {
    if (turns.get(key) === done) turns.delete(key)
  }
}
