import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { databaseNameOfThisProcess, dropDatabasesOfEndedRuns, onServer } from './database-server.ts'

describe.runIf(process.env.TEST_DATABASE === 'postgres')('databases left by a killed run', () => {
  it('are dropped when their process has ended; those of a running process stay', async () => {
    const adminUrl = process.env.DATABASE_URL!
    const prefix = 'seal_leftover_check'
    // A process id that has surely ended: one of a child that has exited.
    const endedPid = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString()
    const ended = `${prefix}_${endedPid}_0badc0ffee00`
    const running = databaseNameOfThisProcess(prefix)
    const notOurs = `${prefix}_made_by_hand`
    for (const name of [ended, running, notOurs]) await onServer(adminUrl, `CREATE DATABASE ${name}`)
    try {
      expect(await dropDatabasesOfEndedRuns(adminUrl, prefix)).toEqual([ended])
      const left = await databasesStartingWith(adminUrl, prefix)
      expect(left.sort()).toEqual([notOurs, running].sort())
    } finally {
      for (const name of [ended, running, notOurs]) await onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }
  })
})

async function databasesStartingWith(adminUrl: string, prefix: string): Promise<string[]> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix])
    return rows.map((row) => row.datname)
  } finally {
    await client.end()
  }
}
