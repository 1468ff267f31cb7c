import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '../../audit/tables.ts'
import { persons, smsSendSlots } from '../../auth/tables.ts'
import { demo } from '../../seed.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { sandboxUnits } from '../enterprise/sandbox-units.ts'
import { realNameChecks } from '../tables.ts'
import { realNameMessages } from './verify.ts'

/** Registration and login against the sandbox real-name registry (docs/decisions.md "Who is who"). */
describe('a person is who the real-name check says, never who they typed', () => {
  let t: TestApp
  const call = (url: string, body?: unknown, token?: string) =>
    t.call({ method: body === undefined ? 'GET' : 'POST', url: `/api${url}`, body, token })

  /** A fresh login code for the phone (its 60-second slot freed: these tests log the same phones in again). */
  async function codeFor(phone: string): Promise<string> {
    await t.db.delete(smsSendSlots).where(eq(smsSendSlots.phone, phone))
    await call('/auth/sms/send', { phone })
    const outbox = await call('/dev/sms-outbox')
    return /验证码为(\d{6})/.exec(
      outbox.body.data.find((m: { phone: string }) => m.phone === phone).text,
    )![1]!
  }

  const register = (phone: string, code: string, profile: { name: string; identityNo: string }) =>
    call('/auth/login/personal', { phone, code, name: profile.name, identityNo: profile.identityNo })
  const me = async (token: string) => (await call('/auth/me', undefined, token)).body
  const addToRegistry = (person: { phone: string; name: string; identityNo: string; outcome?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/sandbox/persons',
      headers: { authorization: `Bearer ${t.secrets.adminToken}` },
      payload: person,
    })

  beforeAll(async () => {
    t = await startTestApp({ env: { SMS_SENDS_PER_CLIENT: '1000' } })
  })
  afterAll(() => t.close())

  it('registers a phone whose name and ID number the carrier has on record as verified', async () => {
    const person = { phone: '13700000101', name: '林一', identityNo: '110101199001010015' }
    expect((await addToRegistry(person)).statusCode).toBe(200)
    const answer = await register(person.phone, await codeFor(person.phone), person)
    expect(answer.body.responseInfo).toBe('登录成功')
    expect((await me(answer.body.data.token)).data).toMatchObject({ personName: '林一', verified: true })
  })

  it('refuses a phone that belongs to someone else, keeping the code so the person can correct a typo', async () => {
    const person = { phone: '13700000102', name: '林二', identityNo: '110101199001020010' }
    await addToRegistry(person)
    const code = await codeFor(person.phone)
    const wrongId = await register(person.phone, code, { ...person, identityNo: demo.legalPerson.identityNo })
    expect(wrongId.body).toMatchObject({ resultStatus: '10000', responseInfo: realNameMessages.mismatch })
    const wrongName = await register(person.phone, code, { ...person, name: '林三' })
    expect(wrongName.body.responseInfo).toBe(realNameMessages.mismatch)
    expect(await t.db.select().from(persons).where(eq(persons.phone, person.phone))).toHaveLength(0)
    const corrected = await register(person.phone, code, person)
    expect(corrected.body.responseInfo).toBe('登录成功')
  })

  it('says to try again when the check does not answer, and registers nobody', async () => {
    const person = { phone: '13700000103', name: '林四', identityNo: '110101199001030016' }
    await addToRegistry({ ...person, outcome: 'timeout' })
    const answer = await register(person.phone, await codeFor(person.phone), person)
    expect(answer.body.responseInfo).toBe(realNameMessages.timeout)
    expect(await t.db.select().from(persons).where(eq(persons.phone, person.phone))).toHaveLength(0)
  })

  it('registers a phone the carrier has no record of, unverified, and records every question asked without the ID number', async () => {
    const person = { phone: '13700000104', name: '林五', identityNo: '110101199001040011' }
    const answer = await register(person.phone, await codeFor(person.phone), person)
    expect((await me(answer.body.data.token)).data).toMatchObject({ personName: '林五', verified: false })
    const [asked] = await t.db.select().from(realNameChecks).where(eq(realNameChecks.phone, person.phone))
    expect(asked).toMatchObject({ name: '林五', result: 'unknown', provider: 'sandbox' })
    expect(JSON.stringify(asked)).not.toContain(person.identityNo)
  })

  it('verifies a known unverified person at the next login once the carrier knows their phone', async () => {
    const person = { phone: '13700000105', name: '林六', identityNo: '110101199001050017' }
    const first = await register(person.phone, await codeFor(person.phone), person)
    expect((await me(first.body.data.token)).data.verified).toBe(false)
    await addToRegistry(person)
    const again = await call('/auth/login/personal', {
      phone: person.phone,
      code: await codeFor(person.phone),
    })
    expect((await me(again.body.data.token)).data.verified).toBe(true)
  })

  it('gives an ID number declared by an unverified phone back to the verified person, ending the other phone’s sessions', async () => {
    const owner = sandboxUnits.trading // 赵六, whose real phone the registry knows
    const squatter = {
      phone: '13700000106',
      name: owner.legalPersonName,
      identityNo: owner.legalPersonIdentityNo,
    }
    const squatted = await register(squatter.phone, await codeFor(squatter.phone), squatter)
    const squatterToken = squatted.body.data.token as string
    expect((await me(squatterToken)).data).toMatchObject({
      personCard: owner.legalPersonIdentityNo,
      verified: false,
    })

    // An unverified claim cannot take it from another unverified phone.
    const second = await register('13700000107', await codeFor('13700000107'), squatter)
    expect(second.body.responseInfo).toBe('该身份证号已登记其他手机号，请使用登记的手机号登录')

    const claimed = await register(owner.phone, await codeFor(owner.phone), {
      name: owner.legalPersonName,
      identityNo: owner.legalPersonIdentityNo,
    })
    expect(claimed.body.responseInfo).toBe('登录成功')
    expect((await me(claimed.body.data.token)).data).toMatchObject({
      personCard: owner.legalPersonIdentityNo,
      verified: true,
      phone: owner.phone,
    })
    expect((await call('/auth/me', undefined, squatterToken)).status).toBe(401)

    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'identity.reclaimed'))
    expect(audit!.detail).toMatchObject({ formerPhone: '137****0106', phone: '136****0202' })
    // The squatter's phone is a stranger again: it must register anew, and cannot claim the number back.
    const retry = await register(squatter.phone, await codeFor(squatter.phone), squatter)
    expect(retry.body.responseInfo).toBe('该身份证号已登记其他手机号，请使用登记的手机号登录')
  })

  it('keeps a verified person’s ID number against any later claim', async () => {
    const thief = {
      phone: '13700000108',
      name: demo.legalPerson.name,
      identityNo: demo.legalPerson.identityNo,
    }
    await addToRegistry(thief) // even a registry that (wrongly) names the number at another phone
    const answer = await register(thief.phone, await codeFor(thief.phone), thief)
    expect(answer.body.responseInfo).toBe('该身份证号已登记其他手机号，请使用登记的手机号登录')
  })

  it('lets only a verified legal representative log in as the unit, checking one not yet verified at that moment', async () => {
    const [legal] = await t.db
      .select()
      .from(persons)
      .where(eq(persons.identityNo, demo.legalPerson.identityNo))
    await t.db
      .update(persons)
      .set({ verifiedAt: null, verificationMethod: null })
      .where(eq(persons.id, legal!.id))
    const login = async () =>
      (
        await call('/auth/login/enterprise', {
          socialCreditCode: demo.unit.socialCreditCode,
          phone: demo.legalPerson.phone,
          code: await codeFor(demo.legalPerson.phone),
        })
      ).body
    // The carrier says the phone is someone else's: refused.
    await addToRegistry({ phone: demo.legalPerson.phone, name: '别人', identityNo: '110101199001060012' })
    expect((await login()).responseInfo).toBe(realNameMessages.legalNotVerified)
    // The carrier's record is right: verified now, and in.
    await addToRegistry({
      phone: demo.legalPerson.phone,
      name: demo.legalPerson.name,
      identityNo: demo.legalPerson.identityNo,
    })
    expect((await login()).responseInfo).toBe('登录成功')
    const [after] = await t.db
      .select()
      .from(persons)
      .where(and(eq(persons.id, legal!.id)))
    expect(after).toMatchObject({ verificationMethod: 'three-element' })
    expect(after!.verifiedAt).not.toBeNull()
  })

  it('adds persons to the sandbox registry with the admin token only, by the login form’s rules', async () => {
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sandbox/persons',
      payload: { phone: '13700000109', name: '林七', identityNo: '110101199001070018' },
    })
    expect(noToken.statusCode).toBe(401)
    const badId = await addToRegistry({
      phone: '13700000109',
      name: '林七',
      identityNo: '110101199001070010',
    })
    expect(badId.json().resultStatus).not.toBe('00')
  })
})
