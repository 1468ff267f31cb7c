import type { Database } from '../db/client.ts'

/**
 * Counts the SQL statements sent through `db` while `run` runs: the driver's own `query` (PGlite's, or the
 * node-postgres pool's) is wrapped for the duration. Statements inside a transaction on a pooled
 * connection are not seen; the lists read without one.
 */
export async function countStatements<T>(db: Database, run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client
  const original = client.query
  const own = Object.hasOwn(client, 'query')
  let statements = 0
  client.query = function (this: unknown, ...args: unknown[]) {
    statements++
    return original.apply(this, args)
  }
  try {
    return { result: await run(), statements }
  } finally {
    if (own) client.query = original
    else delete (client as { query?: unknown }).query
  }
}
