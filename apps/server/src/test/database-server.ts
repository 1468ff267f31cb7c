/**
 * Statements on a PostgreSQL server as a whole (creating and dropping databases), for the test setup and
 * the benchmarks alike: no Vitest here, so `bench/` can import it outside a test run.
 */
import { randomBytes } from 'node:crypto'

/** Runs one statement on DATABASE_URL's server over a connection of its own, closed at once (no pool left behind). */
export async function onServer(adminUrl: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}

/** The URL of another database on the same server. */
export function databaseOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * A name for a database this process makes and drops, carrying its process id: `prefix_<pid>_<random>`.
 * A run killed before its teardown leaves the database behind; `dropDatabasesOfEndedRuns` finds it by that id.
 */
export function databaseNameOfThisProcess(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(6).toString('hex')}`
}

/**
 * Drops the databases named by `databaseNameOfThisProcess(prefix)` whose process has ended (a run killed
 * before its teardown). Databases of runs still going, here or in another checkout, are left alone.
 */
export async function dropDatabasesOfEndedRuns(adminUrl: string, prefix: string): Promise<string[]> {
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`${prefix}_`])
    const ended = rows
      .map((row) => row.datname)
      .filter((name) => {
        const pid = /^(\d+)_[0-9a-f]+$/.exec(name.slice(prefix.length + 1))?.[1]
        return pid !== undefined && !processIsRunning(Number(pid))
      })
    for (const name of ended) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    return ended
  } finally {
    await admin.end()
  }
}

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
