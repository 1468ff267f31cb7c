import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { demo } from '../seed.ts'
import { startTestApp } from '../test/harness.ts'

describe('database connection', () => {
  // Only PostgreSQL has connections a server can drop; PGlite runs in the process.
  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'carries on when PostgreSQL drops its idle connections (a restart, an administrator kill)',
    async () => {
      const t = await startTestApp()
      try {
        const token = await t.loginPersonal(demo.person.phone)
        const rowsOf = async (query: ReturnType<typeof sql>) =>
          ((await t.db.execute(query)) as unknown as { rows: object[] }).rows
        const [{ database }] = (await rowsOf(sql`select current_database() as database`)) as [
          { database: string },
        ]
        const { default: pg } = await import('pg')
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
        await admin.connect()
        const killed = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        )
        await admin.end()
        expect(killed.rowCount).toBeGreaterThan(0)
        await new Promise((resolve) => setTimeout(resolve, 500)) // time for the pool to see its sockets close

        const me = await t.call({ method: 'GET', url: '/api/auth/me', token })
        expect(me.body.data).toMatchObject({ phone: demo.person.phone })
        expect(await rowsOf(sql`select 1 as one`)).toEqual([{ one: 1 }])
      } finally {
        await t.close()
      }
    },
  )
})
