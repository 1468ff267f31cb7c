import { verify } from '@node-rs/argon2'
import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import { stripWhitespace } from '@seal/shared/rules/seal-password'
import type { Database } from '../db/client.ts'

/** Wrong tries in a row before a secret locks, and for how long. */
export const MAX_ATTEMPTS = 5
export const LOCK_MS = 30 * 60_000

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
 * Checks a typed secret against the row `id` of `secret`. Five wrong tries in a row lock it for 30 minutes;
 * while locked nothing is compared, so a lock cannot be used to guess.
 *
 * Each check takes its turn in one conditional UPDATE before the slow hash comparison: the fifth turn locks
 * the row there and then, so however many checks arrive at once, at most five wrong secrets are ever
 * compared (DESIGN.md "Counters that limit attempts change atomically, before the slow check"). A right
 * secret gives back its turn and those before it.
 */
export async function checkCountedSecret<T extends CountedTable>(
  db: Database,
  secret: CountedSecret<T>,
  options: { id: string; typed: string; now: Date },
): Promise<SecretCheck> {
  const { now } = options
  const turn = await takeTurn(db, secret, options.id, now)
  if (turn.kind === 'not-set') return { ok: false, reason: 'not-set' }
  if (turn.kind === 'locked') return { ok: false, reason: 'locked', lockedUntil: turn.lockedUntil }

  const typed = stripWhitespace(options.typed)
  const matches = typed.length > 0 && turn.hash !== null && (await verify(turn.hash, typed))
  if (matches) {
    await giveBackTurns(db, secret, options.id, turn)
    return { ok: true }
  }
  if (turn.lockedUntil) return { ok: false, reason: 'locked', lockedUntil: turn.lockedUntil }
  return { ok: false, reason: 'wrong', remainingAttempts: MAX_ATTEMPTS - turn.attempt, lockedUntil: null }
}

type Turn =
  | { kind: 'not-set' }
  | { kind: 'locked'; lockedUntil: Date }
  /** The attempt's number in the window (1-5); the fifth comes with the lock it sets. */
  | { kind: 'turn'; attempt: number; hash: string | null; lockedUntil: Date | null }

/**
 * Counts an attempt before it is checked, in one UPDATE that also refuses it while the row is locked.
 * An expired lock starts a fresh window. Row-level: concurrent callers queue on the row (PostgreSQL
 * rechecks the condition on the row they waited for; PGlite runs one statement at a time).
 */
async function takeTurn<T extends CountedTable>(db: Database, secret: CountedSecret<T>, id: string, now: Date): Promise<Turn> {
  const { table } = secret
  const lockExpired = sql`${table.lockedUntil} is not null and ${table.lockedUntil} <= ${now}`
  const attempt = sql`case when ${lockExpired} then 1 else ${table.failedAttempts} + 1 end`
  const lockUntil = new Date(now.getTime() + LOCK_MS)
  for (let tries = 0; tries < 3; tries++) {
    const [taken] = await db
      .update(table)
      .set(counter(table, attempt, sql`case when ${attempt} >= ${MAX_ATTEMPTS} then ${lockUntil}::timestamptz else null end`))
      .where(and(eq(secret.key, id), or(isNull(table.lockedUntil), lte(table.lockedUntil, now))))
      .returning({ attempt: table.failedAttempts, hash: secret.hash, lockedUntil: table.lockedUntil })
    if (taken) return { kind: 'turn', ...(taken as { attempt: number; hash: string | null; lockedUntil: Date | null }) }
    const [row] = await db.select({ lockedUntil: table.lockedUntil }).from(table as PgTable).where(eq(secret.key, id)).limit(1)
    if (!row) return { kind: 'not-set' }
    const lockedUntil = row.lockedUntil as Date | null
    if (lockedUntil && lockedUntil > now) return { kind: 'locked', lockedUntil }
    // A right secret lifted the lock between the two statements: take a turn again.
  }
  return { kind: 'locked', lockedUntil: lockUntil }
}

/**
 * A right secret gives back its turn and the turns taken before it, as a right one typed after wrong ones
 * does; turns other checks took meanwhile stay counted, so a guess sent alongside the right secret is not
 * forgotten. The lock its own turn set is lifted. Nothing changes if the secret was replaced meanwhile.
 */
async function giveBackTurns<T extends CountedTable>(db: Database, secret: CountedSecret<T>, id: string, turn: Extract<Turn, { kind: 'turn' }>) {
  const { table } = secret
  const ownLock = turn.lockedUntil ? sql`${table.lockedUntil} = ${turn.lockedUntil}::timestamptz` : sql`false`
  await db
    .update(table)
    .set(counter(table, sql`greatest(${table.failedAttempts} - ${turn.attempt}, 0)`, sql`case when ${ownLock} then null else ${table.lockedUntil} end`))
    .where(and(eq(secret.key, id), turn.hash === null ? isNull(secret.hash) : eq(secret.hash, turn.hash)))
}

/** The counter columns' new values, as the table's update takes them. */
const counter = <T extends CountedTable>(_table: T, failedAttempts: SQL, lockedUntil: SQL) =>
  ({ failedAttempts, lockedUntil }) as unknown as PgUpdateSetSource<T>
