import Fastify, { type FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxUnits } from '../identity/enterprise/sandbox-units.ts'
import { enterpriseVerifications } from '../identity/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { saveStep1Draft, verificationBodyOf, type TestPerson } from './verification-test-support.ts'

const operator: TestPerson = { name: '钱十', identityNo: '11010519920415345X', phone: '13600000302' }

describe('unit verification through a vendor (ENTERPRISE_VERIFY_PROVIDER=http)', () => {
  let vendor: FastifyInstance
  let t: TestApp
  let token: string
  const received: { authorization?: string; body: Record<string, string> }[] = []

  beforeAll(async () => {
    // A fake of the vendor, answering by the documented contract (docs/providers.md).
    vendor = Fastify({ forceCloseConnections: true })
    vendor.post('/verify', async (request, reply) => {
      const body = request.body as Record<string, string>
      received.push({ authorization: request.headers.authorization, body })
      if (body.unitName === sandboxUnits.logistics.unitName) return reply.status(503).send('maintenance')
      return body.legalPersonName === sandboxUnits.trading.legalPersonName ? { resultStatus: '00' } : { resultStatus: '2001', reason: '法人不符' }
    })
    const url = `${await vendor.listen({ port: 0, host: '127.0.0.1' })}/verify`
    t = await startTestApp({ env: { ENTERPRISE_VERIFY_PROVIDER: 'http', ENTERPRISE_VERIFY_URL: url, ENTERPRISE_VERIFY_KEY: 'secret-key' } })
    token = await t.loginPersonal(operator.phone, { name: operator.name, identityNo: operator.identityNo })
  })
  afterAll(async () => {
    await t.close()
    await vendor.close()
  })

  const verify = (body: unknown) => t.call({ url: '/api/apply/fourElementsOfEnterpriseVerification', body, token })

  it('asks the vendor with the key and records its verdict', async () => {
    const application = await saveStep1Draft(t, token, { as: operator, unit: sandboxUnits.trading, kind: 'OPERATOR_APPLY' })
    const answer = await verify(verificationBodyOf(application))
    expect(answer.body.data).toMatchObject({ resultStatus: '00', data: { passed: true, nextStep: '2' } })
    expect(received.at(-1)).toEqual({
      authorization: 'Bearer secret-key',
      body: {
        method: 'fourElements',
        socialCreditCode: sandboxUnits.trading.socialCreditCode,
        unitName: sandboxUnits.trading.unitName,
        legalPersonName: sandboxUnits.trading.legalPersonName,
        legalPersonIdentityNo: sandboxUnits.trading.legalPersonIdentityNo,
      },
    })
    const [record] = await t.db.select().from(enterpriseVerifications).where(eq(enterpriseVerifications.applicationId, application.id))
    expect(record).toMatchObject({ provider: 'http', resultStatus: '00', passed: true })

    const mismatch = await saveStep1Draft(t, token, { as: operator, unit: { ...sandboxUnits.trading, legalPersonName: '赵七' }, kind: 'OPERATOR_APPLY' })
    expect((await verify(verificationBodyOf(mismatch))).body.data).toMatchObject({ resultStatus: '2001', responseInfo: '四要素验证失败', data: { passed: false, reason: '法人不符' } })
  })

  it('says the service is unavailable when the vendor fails, leaving the application as it was', async () => {
    const application = await saveStep1Draft(t, token, { as: operator, unit: sandboxUnits.logistics, kind: 'OPERATOR_APPLY' })
    expect((await verify(verificationBodyOf(application))).body).toMatchObject({ resultStatus: '10000', responseInfo: '单位核验服务暂不可用，请稍后重试' })
    const [record] = await t.db.select().from(enterpriseVerifications).where(eq(enterpriseVerifications.applicationId, application.id))
    expect(record).toMatchObject({ resultStatus: 'unavailable', passed: false })
  })

  it('refuses to add sandbox units when the sandbox is not in use', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sandbox/enterprises',
      payload: { socialCreditCode: sandboxUnits.trading.socialCreditCode, unitName: '示例贸易有限公司', legalPersonName: '赵六', legalPersonIdentityNo: sandboxUnits.trading.legalPersonIdentityNo },
      headers: { authorization: `Bearer ${t.secrets.adminToken}` },
    })
    expect(answer.json()).toMatchObject({ resultStatus: '10000', responseInfo: '单位核验未使用沙箱，不能添加沙箱单位' })
  })
})
