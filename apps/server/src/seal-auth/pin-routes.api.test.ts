import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureAccount } from '../auth/login.ts'
import { createSession } from '../auth/sessions.ts'
import { persons, units } from '../auth/tables.ts'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { makeSeal, revokeSeal } from '../seals/make-seal.ts'
import { sealInput } from '../trust/testing.ts'

describe('seal PIN calls', () => {
  let t: TestApp
  let personToken: string
  let legalToken: string
  let enterpriseToken: string
  let personalSeal: { id: string; sealCode: string; sealTypeCode: string }
  let unitSeal: { id: string; sealCode: string; sealTypeCode: string }

  beforeAll(async () => {
    t = await startTestApp()
    const [person] = await t.db.select().from(persons).where(eq(persons.identityNo, demo.person.identityNo))
    const [unit] = await t.db
      .select()
      .from(units)
      .where(eq(units.socialCreditCode, demo.unit.socialCreditCode))
    personalSeal = (
      await makeSeal(
        t.app.trust,
        await sealInput({
          kind: 'person',
          personId: person!.id,
          name: person!.name,
          identityNo: person!.identityNo,
        }),
      )
    ).seal
    unitSeal = (
      await makeSeal(
        t.app.trust,
        await sealInput({
          kind: 'unit',
          unitId: unit!.id,
          unitName: unit!.name,
          socialCreditCode: unit!.socialCreditCode,
        }),
      )
    ).seal
    personToken = await t.loginPersonal(demo.person.phone)
    enterpriseToken = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
    // The same phone cannot get a second SMS code within 60 s: the legal representative's personal session is opened directly.
    const [legal] = await t.db
      .select()
      .from(persons)
      .where(eq(persons.identityNo, demo.legalPerson.identityNo))
    legalToken = (
      await createSession(
        t.db,
        await ensureAccount(t.db, { kind: 'personal', personId: legal!.id, unitId: null }),
      )
    ).token
  })
  afterAll(() => t.close())

  const pinVerify = (body: object, token = personToken) =>
    t.call({ url: '/api/seal/pinVerifyNew', body, token })
  const ref = (seal: { id: string; sealCode: string; sealTypeCode: string }) => ({
    sealId: seal.id,
    sealCode: seal.sealCode,
    sealTypeCode: seal.sealTypeCode,
  })

  it('checks the holder PIN: success, then a wrong one with the tries left', async () => {
    const right = await pinVerify({ ...ref(personalSeal), pin: 'abc123' })
    expect(right.body).toMatchObject({
      resultStatus: '00',
      data: { success: true, mess: '印章密码验证通过' },
    })
    const wrong = await pinVerify({ ...ref(personalSeal), pin: 'abc124' })
    expect(wrong.body).toMatchObject({
      resultStatus: '00',
      data: { success: false, mess: '印章密码错误，还可尝试4次' },
    })
    await pinVerify({ ...ref(personalSeal), pin: 'abc123' })
  })

  it('lets the legal representative and the company account check a unit seal PIN', async () => {
    for (const token of [legalToken, enterpriseToken]) {
      const answer = await pinVerify({ ...ref(unitSeal), pin: 'abc123' }, token)
      expect(answer.body.data).toEqual({ success: true, mess: '印章密码验证通过' })
    }
  })

  it("answers 数据不存在 for another person's seal, an unknown seal or mismatching codes, and never spends a try", async () => {
    const cases = [
      { token: personToken, body: { ...ref(unitSeal), pin: 'abc123' } },
      { token: legalToken, body: { ...ref(personalSeal), pin: 'abc123' } },
      { token: personToken, body: { sealId: 'no-such-seal', pin: 'abc123' } },
      { token: personToken, body: { ...ref(personalSeal), sealCode: '0000', pin: 'abc123' } },
      { token: personToken, body: { ...ref(personalSeal), sealTypeCode: '01', pin: 'abc123' } },
    ]
    for (const { token, body } of cases) {
      const answer = await pinVerify(body, token)
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ resultStatus: '404', responseInfo: '数据不存在', data: null })
    }
  })

  it('rejects bad input with a clear message and no 500', async () => {
    const cases: [object, string][] = [
      [{ sealId: personalSeal.id }, '缺少参数：pin'],
      [{ sealId: personalSeal.id, pin: '   ' }, '请输入正确的印章密码'],
      [{ pin: 'abc123' }, '缺少参数：sealId'],
      [{ sealId: 42, pin: 'abc123' }, '参数类型错误：sealId'],
      [{ sealId: personalSeal.id, pin: ['abc123'] }, '参数类型错误：pin'],
      [{ sealId: '', pin: 'abc123' }, '缺少参数：sealId'],
    ]
    for (const [body, message] of cases) {
      const answer = await pinVerify(body)
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ resultStatus: '400', responseInfo: message })
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/seal/pinVerifyNew',
      payload: 'pin=1',
      headers: { authorization: `Bearer ${personToken}`, 'content-type': 'text/plain' },
    })
    expect(notJson.statusCode).toBeLessThan(500)
  })

  it('needs a session', async () => {
    const answer = await t.call({
      url: '/api/seal/pinVerifyNew',
      body: { sealId: personalSeal.id, pin: 'abc123' },
    })
    expect(answer.status).toBe(401)
  })

  it('changes the password in two steps: sealVerify gives a key, editPassword spends it', async () => {
    const wrong = await t.call({
      url: '/api/sealAuth/sealVerify',
      token: personToken,
      body: {
        ...ref(personalSeal),
        identityType: '111',
        personIdentity: demo.person.identityNo,
        password: 'nope12',
      },
    })
    expect(wrong.body.data).toMatchObject({
      pass: false,
      key: null,
      message: expect.stringMatching(/^印章密码错误，还可尝试\d次$/),
    })

    const verified = await t.call({
      url: '/api/sealAuth/sealVerify',
      token: personToken,
      body: { ...ref(personalSeal), identityType: '111', password: 'abc123' },
    })
    expect(verified.body.data).toMatchObject({ pass: true, message: '印章密码验证通过' })
    const key = verified.body.data.key as string

    const weak = await t.call({
      url: '/api/sealAuth/editPassword',
      token: personToken,
      body: { ...ref(personalSeal), password: '12', key },
    })
    expect(weak.body).toMatchObject({
      resultStatus: '400',
      responseInfo: '请输入6-16位密码（数字/字母/特殊符号任意两种）',
    })

    const changed = await t.call({
      url: '/api/sealAuth/editPassword',
      token: personToken,
      body: { ...ref(personalSeal), identityType: '111', password: 'new456', oldPassword: '', key },
    })
    expect(changed.body).toMatchObject({ resultStatus: '00', responseInfo: '密码修改成功' })
    expect((await pinVerify({ ...ref(personalSeal), pin: 'new456' })).body.data.success).toBe(true)
    expect((await pinVerify({ ...ref(personalSeal), pin: 'abc123' })).body.data.success).toBe(false)

    const replay = await t.call({
      url: '/api/sealAuth/editPassword',
      token: personToken,
      body: { ...ref(personalSeal), password: 'again789', key },
    })
    expect(replay.body).toMatchObject({
      resultStatus: '10000',
      responseInfo: '验证已过期，请重新验证印章密码',
    })

    const withOld = await t.call({
      url: '/api/sealAuth/editPassword',
      token: personToken,
      body: { ...ref(personalSeal), password: 'abc123', oldPassword: 'new456' },
    })
    expect(withOld.body.resultStatus).toBe('00')
    const noProof = await t.call({
      url: '/api/sealAuth/editPassword',
      token: personToken,
      body: { ...ref(personalSeal), password: 'abc123' },
    })
    expect(noProof.body).toMatchObject({ resultStatus: '10000', responseInfo: '请先验证原印章密码' })
  })

  it("refuses a password change naming someone else's identity, or another person's seal", async () => {
    const foreignId = await t.call({
      url: '/api/sealAuth/sealVerify',
      token: personToken,
      body: { ...ref(personalSeal), personIdentity: demo.legalPerson.identityNo, password: 'abc123' },
    })
    expect(foreignId.body).toMatchObject({ resultStatus: '10000', responseInfo: '证件号与登录号码不一致' })
    const foreignSeal = await t.call({
      url: '/api/sealAuth/sealVerify',
      token: personToken,
      body: { ...ref(unitSeal), password: 'abc123' },
    })
    expect(foreignSeal.body).toMatchObject({ resultStatus: '404', responseInfo: '数据不存在' })
    const edit = await t.call({
      url: '/api/seal/editPinNew',
      token: personToken,
      body: { ...ref(unitSeal), newPin: 'abc999', key: 'x' },
    })
    expect(edit.body).toMatchObject({ resultStatus: '404', responseInfo: '数据不存在' })
  })

  it('sets a new PIN directly with the key from sealVerify (editPinNew)', async () => {
    const verified = await t.call({
      url: '/api/sealAuth/sealVerify',
      token: enterpriseToken,
      body: { ...ref(unitSeal), password: 'abc123' },
    })
    const body = {
      ...ref(unitSeal),
      socialCreditCode: demo.unit.socialCreditCode,
      newPin: 'unit789',
      key: verified.body.data.key,
      ranId: '',
    }
    const changed = await t.call({ url: '/api/seal/editPinNew', token: enterpriseToken, body })
    expect(changed.body).toMatchObject({ resultStatus: '00', responseInfo: '密码修改成功' })
    expect((await pinVerify({ ...ref(unitSeal), pin: 'unit789' }, legalToken)).body.data.success).toBe(true)
  })

  it('locks after five wrong PINs, then resets the forgotten PIN after a face check of the holder', async () => {
    let last = ''
    for (let i = 0; i < 5; i++)
      last = (await pinVerify({ ...ref(personalSeal), pin: `wrong${i}x` })).body.data.mess
    expect(last).toMatch(/^印章密码已锁定，请于\d\d:\d\d后重试$/)
    expect((await pinVerify({ ...ref(personalSeal), pin: 'abc123' })).body.data).toEqual({
      success: false,
      mess: last,
    })

    const noFace = await t.call({
      url: '/api/seal/editPinNew',
      token: personToken,
      body: { ...ref(personalSeal), newPin: 'face123', ranId: 'made-up' },
    })
    expect(noFace.body).toMatchObject({
      resultStatus: '10000',
      responseInfo: '人脸识别结果无效或已使用，请重新进行人脸识别',
    })

    const selfie = await sharp({
      create: { width: 480, height: 640, channels: 3, background: { r: 180, g: 160, b: 140 } },
    })
      .jpeg()
      .toBuffer()
    const faceToken = (
      await t.call({
        url: '/api/verifySign/paasExchangeToken',
        token: personToken,
        body: { idCardNo: demo.person.identityNo, realName: demo.person.name },
      })
    ).body.data
    const face = await t.call({
      url: '/api/face/verify',
      token: personToken,
      body: { token: faceToken, image: `data:image/jpeg;base64,${selfie.toString('base64')}` },
    })
    expect(face.body.data.status).toBe('2')

    const reset = await t.call({
      url: '/api/seal/editPinNew',
      token: personToken,
      body: { ...ref(personalSeal), newPin: 'face123', ranId: face.body.data.serialNo },
    })
    expect(reset.body).toMatchObject({ resultStatus: '00', responseInfo: '密码修改成功' })
    expect((await pinVerify({ ...ref(personalSeal), pin: 'face123' })).body.data.success).toBe(true)

    const again = await t.call({
      url: '/api/seal/editPinNew',
      token: personToken,
      body: { ...ref(personalSeal), newPin: 'face456', ranId: face.body.data.serialNo },
    })
    expect(again.body.responseInfo).toBe('人脸识别结果无效或已使用，请重新进行人脸识别')
  })

  it('says 印章已注销 when checking or changing the PIN of a cancelled seal', async () => {
    await revokeSeal(t.app.trust, { sealId: personalSeal.id, reason: '印章注销' })
    const answer = await pinVerify({ ...ref(personalSeal), pin: 'face123' })
    expect(answer.body).toMatchObject({ resultStatus: '00', data: { success: false, mess: '印章已注销' } })
    const verify = await t.call({
      url: '/api/sealAuth/sealVerify',
      token: personToken,
      body: { ...ref(personalSeal), password: 'face123' },
    })
    expect(verify.body.data).toEqual({ pass: false, key: null, message: '印章已注销' })
    const edit = await t.call({
      url: '/api/sealAuth/editPassword',
      token: personToken,
      body: { ...ref(personalSeal), password: 'new789', oldPassword: 'face123' },
    })
    expect(edit.body).toMatchObject({ resultStatus: '10000', responseInfo: '印章已注销' })
  })
})
