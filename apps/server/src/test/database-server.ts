/**
 * Statements on a PostgreSQL server as a whole (creating and dropping databases), for the test setup and
 * the benchmarks alike: no Vitest here, so `bench/` can import it outside a test run.
 */

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
