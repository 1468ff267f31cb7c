import type { PGlite } from '@electric-sql/pglite'
import { sql, type SQL } from 'drizzle-orm'
import type pg from 'pg'

/**
 * A Drizzle handle (the database or a transaction of it), as far as the queue needs one. Structural, so the
 * queue stays below db/, whose opening prepares it.
 */
export type JobDatabase = { execute: (query: SQL) => PromiseLike<unknown> }

/** What pg-boss runs its SQL through (its `db` option): the service's own connection, never a pool of its own. */
export type SqlExecutor = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> }

/**
 * The database's own client as pg-boss's executor: PostgreSQL's pool (so the queue counts in the pool's
 * limit and its gauge), or the one PGlite. pg-boss sends its schema changes as one text of several
 * statements between BEGIN and COMMIT without values; PGlite's `query` takes one statement, its `exec` many.
 */
export function clientExecutor(db: JobDatabase): SqlExecutor {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client
  if (!('exec' in client)) return { executeSql: (text, values) => client.query(text, values) }
  const pglite = client
  return {
    async executeSql(text, values) {
      if (values?.length) return pglite.query(text, values)
      try {
        const results = await pglite.exec(text)
        return results.at(-1) ?? { rows: [] }
      } catch (error) {
        // A failed statement between BEGIN and COMMIT leaves the one connection in an aborted transaction.
        await pglite.exec('ROLLBACK').catch(() => {})
        throw error
      }
    },
  }
}

/**
 * A Drizzle handle (a transaction, usually) as an executor of one statement with `$n` parameters: a job sent
 * through it exists exactly when that transaction commits.
 */
export function drizzleExecutor(db: JobDatabase): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = await db.execute(withParameters(text, values))
      return { rows: (result as unknown as { rows: unknown[] }).rows }
    },
  }
}

/** pg-boss's `$1 … $n` as Drizzle parameters. Its statements hold no `$` inside literals. */
function withParameters(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/)
  const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${parameter(values[Number(part) - 1])}`))
  return sql.join(chunks, sql.raw(''))
}

/** A job's data travels as JSON text (cast to jsonb by the statement); dates as ISO text. */
function parameter(value: unknown): unknown {
  if (value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return value
}
