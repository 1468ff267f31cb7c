import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { persons } from '../auth/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { asNamedStatement } from './named-statement.ts'

describe('asNamedStatement', () => {
  let t: TestApp
  const ids = Array.from({ length: 8 }, (_, i) => `named-statement-${i}`)
  beforeAll(async () => {
    t = await startTestApp()
    await t.db.insert(persons).values(ids.map((id, i) => ({ id, name: `名${i}`, identityType: '111', identityNo: `11010119900101${String(1000 + i)}`, phone: `1370000090${i}` })))
  })
  afterAll(() => t.close())

  it('answers every call with its own parameters, past the calls after which PostgreSQL may keep a generic plan', async () => {
    const nameOf = async (id: string) => (await asNamedStatement(t.db.select({ name: persons.name }).from(persons).where(eq(persons.id, id))))[0]?.name
    for (const round of [0, 1]) {
      const names = await Promise.all(ids.map((id) => nameOf(id)))
      expect(names, `round ${round}`).toEqual(ids.map((_, i) => `名${i}`))
    }
    expect(await nameOf('nobody')).toBeUndefined()
  })

  it('keeps two statements of different text apart on the same connections', async () => {
    const byId = (id: string) => asNamedStatement(t.db.select({ name: persons.name }).from(persons).where(eq(persons.id, id)))
    const count = () => asNamedStatement(t.db.select({ n: sql<number>`count(*)::int` }).from(persons).where(sql`${persons.id} like 'named-statement-%'`))
    const answers = await Promise.all([byId(ids[0]!), count(), byId(ids[1]!), count()])
    expect(answers).toEqual([[{ name: '名0' }], [{ n: 8 }], [{ name: '名1' }], [{ n: 8 }]])
  })
})
