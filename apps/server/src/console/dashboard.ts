import { sql, type SQLWrapper } from 'drizzle-orm'
import { DASHBOARD_DAYS, type DashboardAnswer } from '@seal/shared/api/console'
import { applyStatus, type ApplyStatus } from '@seal/shared/codes/apply-status'
import { beijingDate } from '@seal/shared/text/beijing-time'
import type { Database } from '../db/client.ts'
import { sealUseRecords } from '../records/tables.ts'
import { seals } from '../seals/tables.ts'
import { unitApplications } from '../unit-apply/tables.ts'

const DAY_MS = 86_400_000
const CHINA = 'Asia/Shanghai'

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}
type SQL = ReturnType<typeof sql>

/** Statuses an application decided by review ends in. */
const decided: ApplyStatus[] = [applyStatus.APPLY_SUCCESS, applyStatus.APPLY_FAIL]

/**
 * GET /admin/dashboard: four queries, each read from an index alone (measured in bench/console.bench.ts):
 * applications by status (unit_applications_review_idx), seals made per day (seals_created_idx), uses per day
 * (seal_use_records_time_idx), and the review times (the waiting ones by unit_applications_review_idx, the
 * decided ones by unit_applications_reviewed_idx).
 */
export async function dashboard(db: Database, now = Date.now()): Promise<DashboardAnswer> {
  const days = lastDays(now)
  const since = new Date(Date.parse(`${days[0]}T00:00:00+08:00`))
  const a = unitApplications
  const [byStatus, sealsPerDay, usesPerDay, waiting, decidedTimes] = await Promise.all([
    rowsOf<{ status: string; count: number }>(
      db,
      sql`select ${a.applyStatus} as status, count(*)::int as count from ${a} where ${a.deletedAt} is null group by 1`,
    ),
    perDay(
      db,
      sql`select (${seals.createdAt} at time zone ${CHINA})::date::text as day, count(*)::int as count from ${seals} where ${seals.createdAt} >= ${since} group by 1`,
    ),
    perDay(
      db,
      sql`select (${sealUseRecords.createdAt} at time zone ${CHINA})::date::text as day, count(*)::int as count from ${sealUseRecords} where ${sealUseRecords.createdAt} >= ${since} group by 1`,
    ),
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
  const counted = (rows: { day: string; count: number }[]) => {
    const byDay = new Map(rows.map((row) => [row.day, row.count]))
    return days.map((day) => ({ day, count: byDay.get(day) ?? 0 }))
  }
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

const perDay = (db: Database, query: SQL) => rowsOf<{ day: string; count: number }>(db, query)

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
