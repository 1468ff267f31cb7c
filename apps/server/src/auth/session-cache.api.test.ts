import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { createSession, findCaller, forgetCallers, hashToken } from './sessions.ts'
import { persons, sessions } from './tables.ts'

// Sessions are answered from an in-process cache (auth/sessions.ts): these check that what ends or
// changes a session is seen on the very next request, not when the cache entry runs out.
describe('cached sessions', () => {
  let t: TestApp
  const me = (token: string) => t.call({ method: 'GET', url: '/api/auth/me', token })

  // A second session of the same account, as a second login makes (the SMS rule allows one code a minute).
  const anotherSession = async (token: string) => (await createSession(t.db, (await findCaller(t.db, token))!.accountId)).token
  let token: string

  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(demo.person.phone)
  })
  afterAll(() => t.close())

  it('refuses a logged-out token on the next call although the session was cached', async () => {
    const ending = await anotherSession(token)
    const other = await anotherSession(token)
    expect((await me(ending)).body.resultStatus).toBe('00')
    expect((await me(other)).body.resultStatus).toBe('00')
    expect((await t.call({ url: '/api/auth/logout', token: ending })).body.resultStatus).toBe('00')
    expect((await me(ending)).status).toBe(401)
    // Only that session ends: the same person's other session is still good.
    expect((await me(other)).body.resultStatus).toBe('00')
  })

  it('refuses a session once it has expired, even while it is cached', async () => {
    const expiring = await anotherSession(token)
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(expiring)))
    expect((await me(expiring)).body.resultStatus).toBe('00')
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    expect((await me(expiring)).status).toBe(401)
  })

  it('shows a changed person on the next call once the change is announced', async () => {
    const changing = await t.loginPersonal('13500000051', { name: '钱七', identityNo: '440306198808151235' })
    expect((await me(changing)).body.data.personName).toBe('钱七')
    const [person] = await t.db.update(persons).set({ name: '钱七七' }).where(eq(persons.phone, '13500000051')).returning()
    forgetCallers(t.db, { personId: person!.id })
    expect((await me(changing)).body.data.personName).toBe('钱七七')
  })
})
