import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCaller } from '../auth/sessions.ts'
import { sandboxUnits } from '../identity/enterprise/sandbox-units.ts'
import { enterpriseVerifications } from '../identity/tables.ts'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { unitApplications } from './tables.ts'
import { MAX_VERIFICATIONS_PER_DAY } from './verification.ts'
import { saveStep1Draft, verificationBodyOf, type TestPerson, type TestUnit } from './verification-test-support.ts'

const URL = '/api/apply/fourElementsOfEnterpriseVerification'
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`
type Person = TestPerson
const personOf = (unit: TestUnit): Person => ({ name: unit.legalPersonName, identityNo: unit.legalPersonIdentityNo, phone: unit.phone! })
/** An operator who is nobody's legal representative. */
const operator: Person = { name: '钱十', identityNo: '11010519920415345X', phone: '13600000301' }

describe('unit verification of step 1 (POST /apply/fourElementsOfEnterpriseVerification)', () => {
  let t: TestApp
  const tokens = new Map<string, string>()
  const tokenOf = (person: Person) => tokens.get(person.identityNo)!
  const draft = (options: Parameters<typeof saveStep1Draft>[2]) => saveStep1Draft(t, tokenOf(options.as), options)
  const bodyOf = verificationBodyOf
  const admin = (url: string, body: unknown, method: 'POST' | 'PUT' = 'POST') =>
    t.app.inject({ method, url, payload: body as object, headers: { authorization: `Bearer ${t.secrets.adminToken}` } }).then((r) => r.json())

  /** The person's own face check through the real face routes (sandbox provider). */
  async function faceCheck(person: Person, background = '#c8a27c') {
    const token = tokenOf(person)
    const exchange = await t.call({ url: '/api/verifySign/paasExchangeToken', body: { idType: '111', idCardNo: person.identityNo, realName: person.name }, token })
    const selfie = await sharp({ create: { width: 480, height: 480, channels: 3, background } }).png().toBuffer()
    const face = await t.call({ url: '/api/face/verify', body: { token: exchange.body.data, image: dataUrl(selfie) }, token })
    return face.body.data.serialNo as string
  }

  const verify = (as: Person, body: unknown) => t.call({ url: URL, body, token: tokenOf(as) })
  const reload = async (id: string) => (await t.db.select().from(unitApplications).where(eq(unitApplications.id, id)))[0]!
  const attempts = (id: string) => t.db.select().from(enterpriseVerifications).where(eq(enterpriseVerifications.applicationId, id))

  beforeAll(async () => {
    t = await startTestApp()
    tokens.set(demo.legalPerson.identityNo, await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone))
    for (const person of [operator, personOf(sandboxUnits.trading), personOf(sandboxUnits.undecided), personOf(sandboxUnits.timeout), personOf(sandboxUnits.institution)]) {
      tokens.set(person.identityNo, await t.loginPersonal(person.phone, { name: person.name, identityNo: person.identityNo }))
    }
  })
  afterAll(() => t.close())

  it('passes the demo legal representative with his face check and moves the draft to seal setup', async () => {
    const li = personOf(sandboxUnits.demo)
    const application = await draft({ as: li, unit: sandboxUnits.demo })
    const faceSerialNo = await faceCheck(li)
    const answer = await verify(li, bodyOf(application, { faceSerialNo }))
    expect(answer.body.resultStatus).toBe('00')
    expect(answer.body.data).toMatchObject({ resultStatus: '00', data: { passed: true, nextStep: '2', reason: null } })
    const ranId = answer.body.data.data.ranId as string
    expect(await reload(application.id)).toMatchObject({ companyVerifyPass: true, companyVerifyReason: null, serialNo: ranId, faceSerialNo, step: '2' })
    expect((await reload(application.id)).form.step).toBe('2')
    const [record] = await attempts(application.id)
    expect(record).toMatchObject({ ranId, method: 'fourElements', provider: 'sandbox', resultStatus: '00', passed: true, requestedBy: (await findCaller(t.db, tokenOf(li)))!.accountId })
    // The legal representative's ID number is kept only as its hash.
    expect(record!.legalIdentitySha256).toBe(createHash('sha256').update(li.identityNo).digest('hex'))
    expect(JSON.stringify(record)).not.toContain(li.identityNo)
  })

  it('requires a successful face check of the legal representative himself', async () => {
    const zhao = personOf(sandboxUnits.trading)
    const application = await draft({ as: zhao, unit: sandboxUnits.trading })
    expect((await verify(zhao, bodyOf(application))).body.responseInfo).toBe('请先完成法定代表人人脸识别')
    const dark = await faceCheck(zhao, '#050505')
    expect((await verify(zhao, bodyOf(application, { faceSerialNo: dark }))).body.responseInfo).toBe('人脸核验未通过，请先完成人脸识别')
    // Another person's successful face check does not count.
    const others = await faceCheck(operator)
    expect((await verify(zhao, bodyOf(application, { faceSerialNo: others }))).body.responseInfo).toBe('人脸核验未通过，请先完成人脸识别')
    expect(await attempts(application.id)).toHaveLength(0)
    expect((await reload(application.id)).companyVerifyPass).toBeNull()
  })

  it('refuses a legal representative application by someone else, and an operator application not by its operator', async () => {
    const legal = await draft({ as: operator, unit: sandboxUnits.trading })
    expect((await verify(operator, bodyOf(legal))).body.responseInfo).toBe('上传证件信息与当前法人身份信息不一致，请重新上传！')
    const operated = await draft({ as: operator, unit: sandboxUnits.trading, kind: 'OPERATOR_APPLY', form: { operatorIdCardNo: demo.person.identityNo } })
    expect((await verify(operator, bodyOf(operated))).body.responseInfo).toBe('上传证件信息与当前经办人身份信息不一致，请重新上传！')
  })

  it.each([
    ['unit name', { unitName: '示例贸易股份有限公司' }, '单位名称不一致'],
    ['legal representative name', { legalPersonName: '赵七' }, '法定代表人姓名不一致'],
    ['legal representative ID number', { legalPersonIdentityNo: '110101199003071233' }, '法定代表人证件号码不一致'],
  ])('fails the four-element check naming the %s that differs, and stays on step 1', async (_what, change, reason) => {
    const application = await draft({ as: operator, unit: { ...sandboxUnits.trading, ...change }, kind: 'OPERATOR_APPLY' })
    const answer = await verify(operator, bodyOf(application))
    expect(answer.body.resultStatus).toBe('00')
    expect(answer.body.data).toMatchObject({ resultStatus: '40001', responseInfo: '四要素验证失败', data: { passed: false, nextStep: '1', reason } })
    expect(await reload(application.id)).toMatchObject({ companyVerifyPass: false, companyVerifyReason: `四要素验证失败：${reason}`, serialNo: answer.body.data.data.ranId, step: '1' })
  })

  it('fails a unit the register does not know', async () => {
    const unknown = { ...sandboxUnits.trading, socialCreditCode: '91440300MA5EXAMP3M' }
    const application = await draft({ as: operator, unit: unknown, kind: 'OPERATOR_APPLY' })
    const answer = await verify(operator, bodyOf(application))
    expect(answer.body.data).toMatchObject({ resultStatus: '40004', responseInfo: '四要素验证失败', data: { passed: false, nextStep: '1', reason: '未查询到该统一社会信用代码登记的单位' } })
  })

  it('answers 40075 and moves on to manual review only when the applicant chose to continue', async () => {
    const zhou = personOf(sandboxUnits.undecided)
    const application = await draft({ as: zhou, unit: sandboxUnits.undecided })
    const faceSerialNo = await faceCheck(zhou)
    const first = await verify(zhou, bodyOf(application, { faceSerialNo }))
    expect(first.body.data).toMatchObject({ resultStatus: '40075', data: { passed: false, nextStep: '1' } })
    expect(await reload(application.id)).toMatchObject({ companyVerifyPass: false, step: '1', faceSerialNo })
    // Back from the dialog with 继续申请: the face check kept on the application still counts.
    const onward = await verify(zhou, bodyOf(application, { continueToManualReview: true }))
    expect(onward.body.data).toMatchObject({ resultStatus: '40075', data: { passed: false, nextStep: '2' } })
    expect(await reload(application.id)).toMatchObject({ companyVerifyPass: false, step: '2', serialNo: onward.body.data.data.ranId })
    expect((await reload(application.id)).companyVerifyReason).toContain('人工审核')

    // A cancellation goes to the upload of the signed form.
    const cancel = await draft({ as: zhou, unit: sandboxUnits.undecided, form: { businessType: 'CANCEL' } })
    const cancelled = await verify(zhou, bodyOf(cancel, { faceSerialNo, continueToManualReview: true }))
    expect(cancelled.body.data.data.nextStep).toBe('2-1')
  })

  it('says the check timed out and leaves the application as it was', async () => {
    const wu = personOf(sandboxUnits.timeout)
    const application = await draft({ as: wu, unit: sandboxUnits.timeout })
    const started = Date.now()
    const answer = await verify(wu, bodyOf(application, { faceSerialNo: await faceCheck(wu) }))
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(answer.body).toMatchObject({ resultStatus: '10000', responseInfo: '单位核验超时，请稍后重试' })
    expect(await reload(application.id)).toMatchObject({ companyVerifyPass: null, serialNo: null, faceSerialNo: null, step: '1' })
    expect(await attempts(application.id)).toMatchObject([{ resultStatus: 'timeout', passed: false }])
  })

  it('finishes a cancellation at once for the legal representative of an ordinary enterprise only', async () => {
    const zhao = personOf(sandboxUnits.trading)
    const faceSerialNo = await faceCheck(zhao)
    const legal = await draft({ as: zhao, unit: sandboxUnits.trading, form: { businessType: 'CANCEL' } })
    expect((await verify(zhao, bodyOf(legal, { faceSerialNo }))).body.data.data).toMatchObject({ passed: true, nextStep: '2-2' })
    const wang = personOf(sandboxUnits.institution)
    const institution = await draft({ as: wang, unit: sandboxUnits.institution, form: { businessType: 'CANCEL' } })
    expect((await verify(wang, bodyOf(institution, { faceSerialNo: await faceCheck(wang) }))).body.data.data).toMatchObject({ passed: true, nextStep: '2-1' })
    const operated = await draft({ as: operator, unit: sandboxUnits.trading, kind: 'OPERATOR_APPLY', form: { businessType: 'CANCEL' } })
    expect((await verify(operator, bodyOf(operated))).body.data.data).toMatchObject({ passed: true, nextStep: '2-1' })
  })

  it('checks step 1 with the wizard rules and the body against the saved draft', async () => {
    const incomplete = await draft({ as: operator, unit: sandboxUnits.trading, kind: 'OPERATOR_APPLY', form: { businessLicense: '' } })
    expect((await verify(operator, bodyOf(incomplete))).body).toMatchObject({ resultStatus: '400', responseInfo: '请上传营业执照' })
    const application = await draft({ as: operator, unit: sandboxUnits.trading, kind: 'OPERATOR_APPLY' })
    expect((await verify(operator, bodyOf(application, { name: '另一家有限公司' }))).body.responseInfo).toBe('核验信息与已暂存的申请不一致，请先暂存后再核验')
    expect((await verify(operator, bodyOf(application, { legalIdentity: demo.person.identityNo }))).body.responseInfo).toBe('核验信息与已暂存的申请不一致，请先暂存后再核验')
    // Lower case is the same code and ID number (the client upper-cases them anyway).
    expect((await verify(operator, bodyOf(application, { socialCode: sandboxUnits.trading.socialCreditCode.toLowerCase() }))).body.data.data.passed).toBe(true)
    expect((await verify(operator, { applyId: application.id })).body.resultStatus).toBe('400')
    expect(await attempts(incomplete.id)).toHaveLength(0)
  })

  it("answers another person's application, a submitted one, and no session as the spec's refusals", async () => {
    const zhaos = await draft({ as: personOf(sandboxUnits.trading), unit: sandboxUnits.trading })
    expect((await verify(operator, bodyOf(zhaos))).body).toMatchObject({ resultStatus: '404', responseInfo: '未查询到申请记录' })
    expect((await verify(operator, bodyOf(zhaos, { applyId: 'not-an-id' }))).body.resultStatus).toBe('404')
    const noSession = await t.call({ url: URL, body: bodyOf(zhaos) })
    expect(noSession.status).toBe(401)
    expect(noSession.body.resultStatus).toBe('401')
    const submitted = await draft({ as: operator, unit: sandboxUnits.trading, kind: 'OPERATOR_APPLY' })
    await t.db.update(unitApplications).set({ applyStatus: 'PENDING_REVIEW' }).where(eq(unitApplications.id, submitted.id))
    expect((await verify(operator, bodyOf(submitted))).body.responseInfo).toBe('该申请已提交，不能修改')
  })

  it('runs the business-licence check when certificationType is 2 for the unit', async () => {
    const unit = { ...sandboxUnits.logistics }
    expect((await admin('/api/admin/config', { scope: `unit:${unit.socialCreditCode}`, key: 'certificationType', value: '2' }, 'PUT')).resultStatus).toBe('00')
    const wrongLegal = await draft({ as: operator, unit: { ...unit, legalPersonName: '孙八' }, kind: 'OPERATOR_APPLY' })
    expect((await verify(operator, bodyOf(wrongLegal))).body.data).toMatchObject({ responseInfo: '营业执照验证不通过，请重试', data: { passed: false } })
    const wrongName = await draft({ as: operator, unit: { ...unit, unitName: '示例快递有限公司' }, kind: 'OPERATOR_APPLY' })
    expect((await verify(operator, bodyOf(wrongName))).body.data).toMatchObject({ responseInfo: '企业信息不匹配!', data: { passed: false } })
    // The licence check does not compare the legal representative's ID number.
    const right = await draft({ as: operator, unit: { ...unit, legalPersonIdentityNo: demo.person.identityNo }, kind: 'OPERATOR_APPLY' })
    expect((await verify(operator, bodyOf(right))).body.data).toMatchObject({ resultStatus: '00', data: { passed: true } })
    expect(await attempts(right.id)).toMatchObject([{ method: 'licence' }])
  })

  it('verifies against a unit an operator added to the sandbox registry, brackets normalised', async () => {
    const added = { socialCreditCode: '91440300MA5EXAMP2J', unitName: '示例(深圳)科技有限公司', legalPersonName: operator.name, legalPersonIdentityNo: operator.identityNo }
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/sandbox/enterprises', payload: added, headers: { authorization: `Bearer ${tokenOf(operator)}` } })
    expect(refused.statusCode).toBe(401)
    expect(await admin('/api/admin/sandbox/enterprises', { ...added, socialCreditCode: '91440300MA5EXAMP2K' })).toMatchObject({ resultStatus: '400', responseInfo: '请输入正确的社会信用代码' })
    expect(await admin('/api/admin/sandbox/enterprises', { ...added, legalPersonIdentityNo: '110105199204153459' })).toMatchObject({ resultStatus: '400', responseInfo: '请输入正确的法人证件号码' })
    expect(await admin('/api/admin/sandbox/enterprises', { ...added, outcome: 'maybe' })).toMatchObject({ resultStatus: '400' })
    const saved = await admin('/api/admin/sandbox/enterprises', added)
    expect(saved).toMatchObject({ resultStatus: '00', data: { ...added, unitTypeCode: '02', regionCode: null, outcome: 'normal' } })

    const unit = { ...added, unitName: '示例（深圳）科技有限公司', unitTypeCode: '02', phone: operator.phone }
    const application = await draft({ as: operator, unit, kind: 'OPERATOR_APPLY' })
    expect((await verify(operator, bodyOf(application))).body.data).toMatchObject({ resultStatus: '00', data: { passed: true, nextStep: '2' } })

    // Replacing the unit changes what the check answers.
    expect((await admin('/api/admin/sandbox/enterprises', { ...added, outcome: '40075' })).data.outcome).toBe('40075')
    const again = await draft({ as: operator, unit, kind: 'OPERATOR_APPLY' })
    expect((await verify(operator, bodyOf(again))).body.data.resultStatus).toBe('40075')
  })

  it(`holds under 100 concurrent calls: ${MAX_VERIFICATIONS_PER_DAY} checks a day for one application, each recorded once`, async () => {
    const application = await draft({ as: operator, unit: sandboxUnits.trading, kind: 'OPERATOR_APPLY' })
    // Different authCodes, so the duplicate guard lets every call through to the service.
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => verify(operator, bodyOf(application, { authCode: `c${i}` }))))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const passed = answers.filter((a) => a.body.resultStatus === '00')
    expect(passed).toHaveLength(MAX_VERIFICATIONS_PER_DAY)
    expect(answers.filter((a) => a.body.responseInfo === '今日单位核验次数已达上限，请明天再试')).toHaveLength(100 - MAX_VERIFICATIONS_PER_DAY)
    const records = await attempts(application.id)
    expect(records).toHaveLength(MAX_VERIFICATIONS_PER_DAY)
    expect(records.every((r) => r.resultStatus === '00')).toBe(true)
    expect(new Set(records.map((r) => r.ranId)).size).toBe(MAX_VERIFICATIONS_PER_DAY)
    const final = await reload(application.id)
    expect(final).toMatchObject({ companyVerifyPass: true, step: '2' })
    expect(records.map((r) => r.ranId)).toContain(final.serialNo)
  })
})
