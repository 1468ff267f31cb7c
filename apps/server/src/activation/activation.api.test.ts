import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activationMessages } from '@seal/shared/api/activation'
import { renderIdCardBack, renderIdCardFront } from '../identity/test-images/id-card.ts'
import { auditEvents } from '../audit/tables.ts'
import { ocrRequests } from '../identity/tables.ts'
import { seals, sealAuths } from '../seals/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { samplePdf, uploadFile } from '../test/seals.ts'
import { sealPins } from '../trust/tables.ts'
import { creditCode, enterpriseSession, idNumber, personFor, type TestPerson } from '../unit-apply/test-support.ts'
import { sealActivationTickets } from './tables.ts'
import { callAs, cardholder, idPhotos, ownCard, pendingSealOf, unitOf, type Cardholder } from './test-support.ts'

const NEW_PIN = 'act2026ok'
const notFound = '数据不存在'
const notVerified = '您尚未通过实名核验，请使用本人实名登记的手机号登录后再办理'
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`

describe('activation of a seal made from offline materials (issue #21 §3)', () => {
  let t: TestApp
  let call: ReturnType<typeof callAs>
  let legal: Cardholder
  let unit: Awaited<ReturnType<typeof unitOf>>
  let official: Awaited<ReturnType<typeof pendingSealOf>>
  let contract: Awaited<ReturnType<typeof pendingSealOf>>
  let finance: Awaited<ReturnType<typeof pendingSealOf>>
  let photos: { personFront: string; personBack: string }
  let operator: TestPerson
  let stranger: Cardholder

  const pre = (token: string, seal: { id: string; sealCode: string; sealTypeCode: string }, files = photos) =>
    call(token, '/seal/activeSealPre', { id: seal.id, sealCode: seal.sealCode, sealTypeCode: seal.sealTypeCode, ...files })
  const activate = (token: string, seal: { id: string; sealCode: string; sealTypeCode: string }, ranId: string, newPin = NEW_PIN) =>
    call(token, '/seal/activeSealNew', { ranId, socialCreditCode: unit.socialCreditCode, newPin, sealCode: seal.sealCode, sealTypeCode: seal.sealTypeCode, sealId: seal.id })
  const ranIdFor = async (seal: { id: string; sealCode: string; sealTypeCode: string }) => {
    const answer = await pre(legal.token, seal)
    expect(answer.body.resultStatus, answer.body.responseInfo).toBe('00')
    return answer.body.data.ranId as string
  }
  const statusOf = async (sealId: string) => (await t.db.select({ status: seals.status }).from(seals).where(eq(seals.id, sealId)))[0]!.status

  beforeAll(async () => {
    t = await startTestApp()
    call = callAs(t)
    legal = await cardholder(t, 2)
    unit = await unitOf(t, 901, legal)
    official = await pendingSealOf(t, unit, { sealTypeCode: '01' })
    contract = await pendingSealOf(t, unit, { sealTypeCode: '04' })
    finance = await pendingSealOf(t, unit, { sealTypeCode: '02' })
    await pendingSealOf(t, unit, { sealTypeCode: '03', status: '1', pin: 'inuse2026' })
    photos = await idPhotos(t, legal.token, ownCard(legal))
    operator = await personFor(t, { name: '钱经办', identityNo: idNumber(902) })
    stranger = await cardholder(t, 4)
  })
  afterAll(() => t.close())

  it('lists the seals waiting for the legal representative: unit, seal name, type and a picture link; nobody else sees them', async () => {
    const listed = await call(legal.token, '/seal/queryWaitActive', {})
    expect(listed.body.resultStatus).toBe('00')
    expect(listed.body.data.map((s: { sealTypeCode: string }) => s.sealTypeCode)).toEqual(['01', '02', '04'])
    expect(listed.body.data[0]).toMatchObject({
      id: official.id,
      sealId: official.id,
      sealName: `${unit.name}公章`,
      sealTypeName: '单位公章',
      sealCode: official.sealCode,
      businessName: unit.name,
      socialCreditCode: unit.socialCreditCode,
      status: '4',
      sealPic: expect.stringMatching(/^\/api\/seal\/picture\//),
    })
    const picture = await t.app.inject({ method: 'GET', url: listed.body.data[0].sealPic })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/png')
    // The unit's enterprise account in the legal representative's hands sees them too.
    const enterprise = await enterpriseSession(t, unit.socialCreditCode, legal.id)
    expect((await call(enterprise, '/seal/queryWaitActive', { socialCreditCode: unit.socialCreditCode })).body.data).toHaveLength(3)
    for (const other of [operator.token, stranger.token]) expect((await call(other, '/seal/queryWaitActive', {})).body.data).toEqual([])
    expect((await call(legal.token, '/seal/queryWaitActive', { socialCreditCode: idNumber(1) })).body.data).toEqual([])
  })

  it('shows a seal waiting for activation in the seal list as a 6, the group whose cards go to activation', async () => {
    const groups = (await call(legal.token, '/seal/queryGroupByBusiness', {})).body.data as { businessName: string; list: { id: string; status: string }[] }[]
    const mine = groups.find((group) => group.businessName === unit.name)!
    expect(mine.list.find((seal) => seal.id === official.id)!.status).toBe('6')
    expect(mine.list.filter((seal) => seal.status === '1')).toHaveLength(1)
  })

  it("reads the ID card on the server: another person's card, an expired one, the wrong side or someone else's file are refused", async () => {
    const others = await idPhotos(t, legal.token, ownCard(stranger))
    expect((await pre(legal.token, official, { ...photos, personFront: others.personFront })).body.responseInfo).toBe('上传证件信息与当前法人身份信息不一致，请重新上传！')
    const expired = await uploadFile(t, legal.token, {
      name: 'back.png',
      bytes: await renderIdCardBack({ ...legal.back, validFrom: '20000101', validTo: '20200101' }),
      type: 'image/png',
    })
    expect((await pre(legal.token, official, { ...photos, personBack: expired })).body.responseInfo).toBe('证件已过期，请上传有效证件！')
    expect((await pre(legal.token, official, { ...photos, personFront: photos.personBack })).body.responseInfo).toBe('请上传身份证正面')
    // The legal representative's card uploaded by someone else is not his photo.
    const borrowed = await idPhotos(t, stranger.token, ownCard(legal))
    expect((await pre(legal.token, official, { ...photos, personFront: borrowed.personFront })).body.responseInfo).toBe('请上传法人证件照人像面照片')
    expect((await pre(legal.token, official, { ...photos, personBack: '' })).body.responseInfo).toBe('请上传法人证件照国徽面照片')
    expect(await t.db.$count(sealActivationTickets)).toBe(0)
  })

  it('takes the reading the screen already made of the same picture (its OCR upload) and gives a ranId kept only as a hash', async () => {
    // As the screen does: each side read by OCR, then the same picture stored as a file.
    const sides = { front: await renderIdCardFront({ name: legal.name, idNumber: legal.identityNo }), back: await renderIdCardBack(legal.back) }
    const files: Record<string, string> = {}
    for (const [side, png] of Object.entries(sides)) {
      const read = await call(legal.token, '/paas-ai/ocr/uploadImgBase64', { fileBase64: dataUrl(png), imgType: side === 'front' ? '10' : '11' })
      expect(read.body.resultStatus, read.body.responseInfo).toBe('00')
      files[side] = (await call(legal.token, '/file/uploadBase64', { originalName: `${side}.png`, fileBase64: dataUrl(png) })).body.data.fileId
    }
    const readings = await t.db.$count(ocrRequests)
    const answer = await pre(legal.token, official, { personFront: files.front!, personBack: files.back! })
    expect(answer.body.resultStatus, answer.body.responseInfo).toBe('00')
    expect(answer.body.data).toEqual({ ranId: expect.stringMatching(/^AC/), expiresAt: expect.any(Number) })
    expect(await t.db.$count(ocrRequests)).toBe(readings)
    const [ticket] = await t.db.select().from(sealActivationTickets).where(eq(sealActivationTickets.sealId, official.id))
    expect(ticket!.ranIdSha256).not.toContain(answer.body.data.ranId)
    expect(JSON.stringify(ticket)).not.toContain(answer.body.data.ranId)
  })

  it('refuses a password that breaks the seal password rule, and leaves the seal waiting', async () => {
    const ranId = await ranIdFor(contract)
    const refused = await activate(legal.token, contract, ranId, '12345678')
    expect(refused.body.responseInfo).toBe('请输入6-16位密码（数字/字母/特殊符号任意两种）')
    expect(await statusOf(contract.id)).toBe('4')
  })

  it('activates with the new password: in effect, the PIN set, audited, the ranId spent; then it seals', async () => {
    const ranId = await ranIdFor(contract)
    const activated = await activate(legal.token, contract, ranId)
    expect(activated.body).toMatchObject({ resultStatus: '00', responseInfo: '电子印章已激活', data: { resultStatus: '00', sealId: contract.id, status: '1' } })
    expect(await statusOf(contract.id)).toBe('1')
    expect(await t.db.$count(auditEvents, and(eq(auditEvents.action, 'seal.activated'), eq(auditEvents.target, contract.id)))).toBe(1)
    const verified = await call(legal.token, '/seal/pinVerifyNew', { sealId: contract.id, pin: NEW_PIN })
    expect(verified.body.data).toMatchObject({ success: true })

    const again = await activate(legal.token, contract, ranId)
    expect(again.body.responseInfo).toBe(activationMessages.alreadyActivated)
    expect((await pre(legal.token, contract)).body.responseInfo).toBe(activationMessages.alreadyActivated)
    expect((await call(legal.token, '/seal/queryWaitActive', {})).body.data.map((s: { id: string }) => s.id)).not.toContain(contract.id)

    const fileId = await uploadFile(t, legal.token, { name: '合同.pdf', bytes: await samplePdf(), type: 'application/pdf' })
    const sealed = await call(legal.token, '/seal/signDocument', { sealId: contract.id, fileId, pin: NEW_PIN })
    expect(sealed.body.resultStatus, sealed.body.responseInfo).toBe('00')
  })

  it("refuses a ranId of another seal, a made-up, expired or replaced one", async () => {
    const forOfficial = await ranIdFor(official)
    expect((await activate(legal.token, finance, forOfficial)).body.responseInfo).toBe(activationMessages.ranIdInvalid)
    expect((await activate(legal.token, finance, 'AC-made-up')).body.responseInfo).toBe(activationMessages.ranIdInvalid)
    const forFinance = await ranIdFor(finance)
    await t.db.update(sealActivationTickets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sealActivationTickets.sealId, finance.id))
    expect((await activate(legal.token, finance, forFinance)).body.responseInfo).toBe(activationMessages.ranIdInvalid)
    // A newer pre-step replaces an unspent ranId of the same seal.
    const first = await ranIdFor(finance)
    const second = await ranIdFor(finance)
    expect((await activate(legal.token, finance, first)).body.responseInfo).toBe(activationMessages.ranIdInvalid)
    expect(await statusOf(finance.id)).toBe('4')
    expect((await activate(legal.token, finance, second)).body.resultStatus).toBe('00')
  })

  it('lets nobody but the verified legal representative activate: an unverified one, an operator, a manager and a stranger are refused', async () => {
    const ranId = await ranIdFor(official)
    const body = { ranId, socialCreditCode: unit.socialCreditCode, newPin: NEW_PIN, sealId: official.id }
    // A person who only declared an ID number is told to verify, whatever the seal: nothing is learnt of it.
    const declared = await cardholder(t, 6, { verified: false })
    const declaredUnit = await unitOf(t, 903, declared)
    const declaredSeal = await pendingSealOf(t, declaredUnit)
    const declaredPhotos = await idPhotos(t, declared.token, ownCard(declared))
    expect((await call(declared.token, '/seal/queryWaitActive', {})).body.data).toEqual([])
    expect((await pre(declared.token, declaredSeal, declaredPhotos)).body.responseInfo).toBe(notVerified)
    expect((await call(declared.token, '/seal/activeSealNew', { ...body, sealId: declaredSeal.id })).body.responseInfo).toBe(notVerified)
    expect((await call(declared.token, '/seal/activeSealNew', body)).body.responseInfo).toBe(notVerified)
    // An operator and a stranger: the seal does not exist for them, as an unknown seal does not.
    for (const other of [operator, stranger]) {
      expect((await pre(other.token, official)).body.responseInfo).toBe(notFound)
      expect((await call(other.token, '/seal/activeSealNew', body)).body.responseInfo).toBe(notFound)
    }
    expect((await call(stranger.token, '/seal/activeSealNew', { ...body, sealId: 'no-such-seal' })).body.responseInfo).toBe(notFound)
    expect((await call(legal.token, '/seal/activeSealNew', { ...body, sealCode: 'other-code' })).body.responseInfo).toBe(notFound)
    // A manager of the seal (an authorisation in force) sees it, so he hears why.
    const manager = await cardholder(t, 8)
    await t.db.insert(sealAuths).values({
      sealId: official.id,
      granteePersonId: manager.id,
      granteePhone: manager.phone,
      grantorPersonId: legal.id,
      grantorRole: 1,
      authUseType: '2',
      useType: '2',
      status: 'active',
      startTime: new Date(Date.now() - 60_000),
      endTime: new Date(Date.now() + 86_400_000),
    })
    expect((await pre(manager.token, official)).body.responseInfo).toBe(activationMessages.legalOnly)
    expect((await call(manager.token, '/seal/activeSealNew', body)).body.responseInfo).toBe(activationMessages.legalOnly)
    expect((await call(legal.token, '/seal/activeSealNew', { ...body, socialCreditCode: idNumber(5) })).body.responseInfo).toBe(activationMessages.creditCodeMismatch)
    expect(await statusOf(official.id)).toBe('4')
  })

  it('activates once under 100 concurrent activations: the others hear it is already activated, and the winner’s PIN holds', async () => {
    const ranId = await ranIdFor(official)
    // Each body differs (the PIN), so the duplicate guard lets them all reach the activation itself.
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => activate(legal.token, official, ranId, `race${String(i).padStart(3, '0')}a`)))
    const won = answers.filter((a) => a.body.resultStatus === '00')
    expect(won).toHaveLength(1)
    expect(new Set(answers.filter((a) => a.body.resultStatus !== '00').map((a) => a.body.responseInfo))).toEqual(new Set([activationMessages.alreadyActivated]))
    const winner = answers.indexOf(won[0]!)
    const pin = `race${String(winner).padStart(3, '0')}a`
    expect((await call(legal.token, '/seal/pinVerifyNew', { sealId: official.id, pin })).body.data.success).toBe(true)
    expect(await t.db.$count(sealPins, eq(sealPins.sealId, official.id))).toBe(1)
    expect(await statusOf(official.id)).toBe('1')
  })

  it('lets the operator make a seal waiting for activation in the sandbox (admin token only), for its legal representative to find', async () => {
    const body = { socialCreditCode: creditCode(905), unitName: '沙箱待激活科技有限公司', legalPersonName: stranger.name, legalPersonIdentityNo: stranger.identityNo, legalTel: stranger.phone, sealTypeCode: '04' }
    const withoutAdmin = await t.call({ url: '/api/admin/sandbox/pending-seals', body, token: legal.token })
    expect(withoutAdmin.status).toBe(401)
    const admin = { authorization: `Bearer ${t.secrets.adminToken}` }
    const made = (await t.app.inject({ method: 'POST', url: '/api/admin/sandbox/pending-seals', headers: admin, payload: body })).json()
    expect(made).toMatchObject({ resultStatus: '00', data: { sealName: '沙箱待激活科技有限公司合同专用章', sealTypeCode: '04', status: '4' } })
    expect((await call(stranger.token, '/seal/queryWaitActive', {})).body.data).toEqual([expect.objectContaining({ id: made.data.sealId, businessName: '沙箱待激活科技有限公司' })])
    // One seal of a type per unit, as the making rule says; another person named for the unit is refused.
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/sandbox/pending-seals', headers: admin, payload: body })).json().responseInfo).toBe('该类型印章已申请，请勿重复申请！')
    const other = { ...body, legalPersonName: legal.name, legalPersonIdentityNo: legal.identityNo, sealTypeCode: '01' }
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/sandbox/pending-seals', headers: admin, payload: other })).json().responseInfo).toBe('该单位登记的法定代表人不是此人')
  })
})
