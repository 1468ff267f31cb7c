import { and, eq, gte, lte, sql, type AnyColumn, type SQLWrapper } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { DASHBOARD_DAYS, type DashboardAnswer } from '@seal/shared/api/console'
import { applyStatus, type ApplyStatus } from '@seal/shared/codes/apply-status'
import { beijingDate } from '@seal/shared/text/beijing-time'
import type { Database } from '../db/client.ts'
import { sealUseRecords } from '../records/tables.ts'
import { seals } from '../seals/tables.ts'
import { unitApplications } from '../unit-apply/tables.ts'
import { dashboardDays } from './tables.ts'

const DAY_MS = 86_400_000
const CHINA = 'Asia/Shanghai'
/**
 * A day's count is kept an hour after the day ends. A row's created_at is its transaction's start (now()),
 * so a transaction begun before midnight may commit just after it; none of ours runs for an hour.
 */
const SETTLE_MS = 3_600_000

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}
type SQL = ReturnType<typeof sql>

/** Statuses an application decided by review ends in. */
const decided: ApplyStatus[] = [applyStatus.APPLY_SUCCESS, applyStatus.APPLY_FAIL]

/**
 * GET /admin/dashboard: one query per figure. Applications by status (drafts left out: they are the
 * applicant's own, and the only ones an applicant deletes) and the waiting ones read
 * unit_applications_review_idx; seals made and uses per day are the kept counts of settled days
 * (dashboard_days, counted once from seals_created_idx and seal_use_records_time_idx) and a live count of
 * today (and yesterday in the hour after midnight); the decided ones read unit_applications_reviewed_idx.
 * The route still serves one reading for a while (routes.ts DASHBOARD_FRESH_MS);
 * bench/console.bench.ts measures a reading.
 */
export async function dashboard(db: Database, now = Date.now()): Promise<DashboardAnswer> {
  const days = lastDays(now)
  const a = unitApplications
  const [byStatus, sealsPerDay, usesPerDay, waiting, decidedTimes] = await Promise.all([
    rowsOf<{ status: string; count: number }>(
      db,
      sql`select ${a.applyStatus} as status, count(*)::int as count from ${a} where ${a.applyStatus} <> ${applyStatus.TEMPORARY_SAVE} group by 1`,
    ),
    countsPerDay(db, { figure: 'seals', table: seals, createdAt: seals.createdAt }, days),
    countsPerDay(db, { figure: 'uses', table: sealUseRecords, createdAt: sealUseRecords.createdAt }, days),
    rowsOf<Durations>(
      db,
      sql`select count(*)::int as count,
                 percentile_cont(0.5) within group (order by ${msBetween(a.submittedAt, sql`${new Date(now)}::timestamptz`)}) as p50,
                 percentile_cont(0.9) within group (order by ${msBetween(a.submittedAt, sql`${new Date(now)}::timestamptz`)}) as p90
          from ${a} where ${a.applyStatus} = ${applyStatus.PENDING_REVIEW} and ${a.submittedAt} is not null`,
    ),
    rowsOf<Durations>(
      db,
      sql`select count(*)::int as count,
                 percentile_cont(0.5) within group (order by ${msBetween(a.submittedAt, a.reviewedAt)}) as p50,
                 percentile_cont(0.9) within group (order by ${msBetween(a.submittedAt, a.reviewedAt)}) as p90
          from ${a} where ${a.reviewedAt} >= ${new Date(now - DASHBOARD_DAYS * DAY_MS)} and ${a.submittedAt} is not null
            and ${a.applyStatus} in (${sql.join(
              decided.map((status) => sql`${status}`),
              sql`, `,
            )})`,
    ),
  ])
  const counted = (byDay: Map<string, number>) => days.map((day) => ({ day, count: byDay.get(day) ?? 0 }))
  return {
    applicationsByStatus: byStatus
      .filter((row) => row.count > 0)
      .map((row) => ({ status: row.status, count: row.count })),
    sealsIssuedPerDay: counted(sealsPerDay),
    usesPerDay: counted(usesPerDay),
    review: { waiting: durations(waiting[0]), decided: durations(decidedTimes[0]) },
    asOf: now,
  }
}

type Durations = { count: number; p50: number | null; p90: number | null }

type Figure = { figure: 'seals' | 'uses'; table: PgTable; createdAt: AnyColumn }

const startOf = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`))

/** Rows of `figure` per China day, from `from` (and before `to`). */
const countedPerDay = (db: Database, { table, createdAt }: Figure, from: Date, to?: Date) =>
  rowsOf<{ day: string; count: number }>(
    db,
    sql`select (${createdAt} at time zone ${CHINA})::date::text as day, count(*)::int as count from ${table}
        where ${createdAt} >= ${from} ${to ? sql`and ${createdAt} < ${to}` : sql``} group by 1`,
  )

/**
 * The count of each of `days`: a settled day's from dashboard_days (counted and kept the first time it is
 * asked for), the others counted now. Whether a day is settled is judged by the database's clock, the one
 * that stamps created_at, never by the caller's `now`.
 */
async function countsPerDay(db: Database, figure: Figure, days: string[]): Promise<Map<string, number>> {
  const d = dashboardDays
  const [clock] = await rowsOf<{ now: number }>(db, sql`select (extract(epoch from now()) * 1000)::float8 as now`)
  const settled = days.filter((day) => startOf(day).getTime() + DAY_MS + SETTLE_MS <= Number(clock!.now))
  const counts = new Map<string, number>()
  if (settled.length > 0) {
    const kept = await db
      .select({ day: d.day, count: d.count })
      .from(d)
      .where(and(eq(d.figure, figure.figure), gte(d.day, settled[0]!), lte(d.day, settled.at(-1)!)))
    for (const row of kept) counts.set(row.day, row.count)
    const missing = settled.filter((day) => !counts.has(day))
    if (missing.length > 0) {
      const found = await countedPerDay(db, figure, startOf(missing[0]!), new Date(startOf(missing.at(-1)!).getTime() + DAY_MS))
      const byDay = new Map(found.map((row) => [row.day, row.count]))
      const values = missing.map((day) => ({ figure: figure.figure, day, count: byDay.get(day) ?? 0 }))
      // Two readings counting the same day at once count the same rows: the first to write keeps it.
      await db.insert(d).values(values).onConflictDoNothing()
      for (const value of values) counts.set(value.day, value.count)
    }
  }
  const open = days.filter((day) => !settled.includes(day))
  if (open.length > 0)
    for (const row of await countedPerDay(db, figure, startOf(open[0]!))) counts.set(row.day, row.count)
  return counts
}

/** The last DASHBOARD_DAYS days in China time, oldest first, today last. */
function lastDays(now: number): string[] {
  return Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    beijingDate(now - (DASHBOARD_DAYS - 1 - i) * DAY_MS),
  )
}

function durations(row: Durations | undefined) {
  const ms = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value))
  return { count: row?.count ?? 0, p50Ms: ms(row?.p50), p90Ms: ms(row?.p90) }
}

/** Milliseconds from one instant to a later one, as a number both drivers read as such. */
const msBetween = (from: SQLWrapper, to: SQLWrapper) =>
  sql`(extract(epoch from ${to} - ${from}) * 1000)::float8`
