import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compactText } from '@seal/pdf/documents/inspect-pdf'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

describe('the application entry agreements', () => {
  let t: TestApp
  let enterprise: string
  beforeAll(async () => {
    t = await startTestApp()
    enterprise = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
  })
  afterAll(() => t.close())

  it('lists the agreements with the keys of their pages, to anyone', async () => {
    const answer = await t.call({ method: 'GET', url: '/api/seal-apply/apply/agreement/list' })
    expect(answer.body.data).toEqual([
      { agreementKey: 'apply-use-argument', agreementTitle: '用户使用协议' },
      { agreementKey: 'privacy-argument', agreementTitle: '隐私声明' },
      { agreementKey: 'apply-digit-argument', agreementTitle: '数字证书订户协议' },
      { agreementKey: 'seal-service-argument', agreementTitle: '电子印章服务协议' },
    ])
  })

  it('answers each text clause by clause, and an unknown key with a message, not a 500', async () => {
    const privacy = await t.call({ method: 'GET', url: '/api/seal-apply/apply/agreement/privacy-argument' })
    expect(privacy.body.data.title).toBe('隐私声明')
    expect(privacy.body.data.clauses.map((c: { heading: string }) => c.heading)).toContain('您的权利')
    const unknown = await t.call({ method: 'GET', url: '/api/seal-apply/apply/agreement/nope' })
    expect(unknown.status).toBeLessThan(500)
    expect(unknown.body.responseInfo).toBe('协议不存在')
  })

  it('makes the subscriber agreement a PDF naming the unit of an enterprise login, and only for a logged-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/seal-apply/apply/agreement/apply-digit-argument/pdf' })).statusCode).toBe(401)
    const answer = await t.app.inject({ method: 'GET', url: '/api/seal-apply/apply/agreement/apply-digit-argument/pdf', headers: { authorization: `Bearer ${enterprise}` } })
    expect(answer.headers['content-type']).toBe('application/pdf')
    const text = compactText(new Uint8Array(answer.rawPayload))
    expect(text).toContain('数字证书订户协议')
    expect(text).toContain(demo.unit.name)
  })

  it('keeps the seal-service agreement as the caller’s own file, once, with where it is signed (offline SDK)', async () => {
    const url = '/api/paas-seal-offline-sdk/v1/offlineApply/agreement'
    expect((await t.call({ method: 'GET', url })).status).toBe(401)
    const token = enterprise
    const answer = await t.call({ method: 'GET', url, token })
    expect(answer.body.resultStatus, answer.body.responseInfo).toBe('00')
    const { fileId, localConfig } = answer.body.data
    expect(localConfig.fields.some((field: { kind: string }) => field.kind === 'signature')).toBe(true)
    expect((await t.call({ method: 'GET', url, token })).body.data.fileId).toBe(fileId)
    const file = await t.app.inject({ method: 'GET', url: `/api/file/download/${fileId}`, headers: { authorization: `Bearer ${token}` } })
    const text = compactText(new Uint8Array(file.rawPayload))
    expect(text).toContain('电子印章服务协议')
    expect(text).toContain(demo.unit.name)
    // Another caller gets their own agreement; this one's file stays this caller's.
    const other = await t.loginPersonal(demo.person.phone)
    const theirs = (await t.call({ method: 'GET', url, token: other })).body.data.fileId
    expect(theirs).not.toBe(fileId)
    expect((await t.call({ method: 'GET', url: `/api/file/downloadData/${fileId}`, token: other })).body.responseInfo).toBe('文件ID不存在')
  })
})
