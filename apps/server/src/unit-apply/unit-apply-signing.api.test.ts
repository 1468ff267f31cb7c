import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compactText } from '@seal/pdf/documents/inspect-pdf'
import type { UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { messages } from '@seal/shared/messages'
import { smsSendSlots } from '../auth/tables.ts'
import { createAccessToken } from '../files/service.ts'
import { demo } from '../seed.ts'
import { makeWriter, writeSignature } from '../signing/handwriting-synthetic.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { FORM_LINK_TTL_MS } from './documents.ts'
import { applyServerMessages } from './messages.ts'
import { creditCode, demoUnit, enterpriseSession, idNumber, legalForm, operatorForm, personFor, setVerification, unitFor, type TestPerson } from './test-support.ts'

const passwords = { legalPassword: 'abc123', legalPasswordConfirm: 'abc123' }
const formFileName = `filename*=UTF-8''${encodeURIComponent('电子印章申请表.pdf')}`

describe('the application form, the legal representative’s signature, and who may do what', () => {
  let t: TestApp
  let legal: TestPerson
  let operator: TestPerson
  let otherLegal: TestPerson
  let stranger: TestPerson
  let otherEnterprise: string
  let unitN = 500
  const call = (token: string | undefined, url: string, body?: unknown) => t.call({ method: body === undefined ? 'GET' : 'POST', url: `/api${url}`, body, token })
  const raw = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} })
  const newUnit = () => ({ unitName: `签署第${++unitN}号科技有限公司`, socialCreditCode: creditCode(unitN) })

  async function readyToSubmit(who: TestPerson, form: UnitApplicationFormInput): Promise<string> {
    const id = (await call(who.token, '/seal-apply/apply/temporary', form)).body.data.id as string
    await setVerification(t, id, true)
    await call(who.token, '/seal-apply/apply/save', { ...form, id, step: '2' })
    const moved = await call(who.token, '/seal-apply/apply/save', { ...form, id, step: '3-1', ...passwords })
    expect(moved.body.responseInfo).toBe('操作成功')
    return id
  }

  /** An operator's application for a unit of the legal representative's, waiting for them; with that unit's enterprise session. */
  async function waitingForLegal(): Promise<{ id: string; enterprise: string; unit: { unitName: string; socialCreditCode: string } }> {
    const unit = newUnit()
    await unitFor(t, { name: unit.unitName, socialCreditCode: unit.socialCreditCode, legalPersonId: legal.id })
    const id = await readyToSubmit(operator, operatorForm(operator, legal, unit))
    expect((await call(operator.token, '/seal-apply/apply/submit', { id })).body.data.applyStatus).toBe('PENDING_SIGN')
    return { id, unit, enterprise: await enterpriseSession(t, unit.socialCreditCode, legal.id) }
  }

  /** The sign code just sent to a phone (the sandbox outbox), the 60-second slot freed for the next test. */
  async function signCode(person: TestPerson, applyId: string): Promise<string> {
    const sent = await call(person.token, '/seal-apply/apply/signCode', { applyId })
    expect(sent.body, sent.body.responseInfo).toMatchObject({ resultStatus: '00', data: { resendAfterSeconds: 60 } })
    const outbox = await call(undefined, '/dev/sms-outbox')
    const code = /验证码为(\d{6})/.exec(outbox.body.data.find((m: { phone: string }) => m.phone === person.phone).text)![1]!
    await t.db.delete(smsSendSlots).where(eq(smsSendSlots.phone, person.phone))
    return code
  }

  async function handwriting(person: TestPerson): Promise<string> {
    const saved = await call(person.token, '/sign/handwriting/save', { identity: person.identityNo, name: person.name, signData: writeSignature(makeWriter(11), 'genuine', 1) })
    return saved.body.data.signatureId
  }

  /** pdfsig's verdict on each signature, trusting only our CA's root. */
  async function pdfsig(pdf: Buffer) {
    const dir = mkdtempSync(join(tmpdir(), 'seal-unit-apply-'))
    try {
      writeFileSync(join(dir, 'root.crt'), (await raw('/api/trust/ca.crt')).rawPayload)
      writeFileSync(join(dir, 'signed.pdf'), pdf)
      execFileSync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password'])
      execFileSync('certutil', ['-A', '-d', `sql:${dir}`, '-n', 'seal-root', '-t', 'CT,C,C', '-i', join(dir, 'root.crt')])
      const report = execFileSync('pdfsig', ['-nssdir', `sql:${dir}`, join(dir, 'signed.pdf')], { encoding: 'utf8' })
      return report
        .split(/^Signature #\d+:$/m)
        .slice(1)
        .map((text) => ({
          valid: text.includes('Signature Validation: Signature is Valid.'),
          trusted: text.includes('Certificate Validation: Certificate is Trusted.'),
        }))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  beforeAll(async () => {
    // Reviewers act by hand here: these tests follow the applicant's side to the review queue (review.api.test.ts covers auto review).
    t = await startTestApp({ env: { REVIEW_MODE: 'manual' } })
    legal = await personFor(t, demo.legalPerson)
    operator = await personFor(t, demo.person)
    stranger = await personFor(t, { name: '陈静', identityNo: '320102199511203453' })
    otherLegal = await personFor(t, { name: '王芳', identityNo: idNumber(40) })
    const other = newUnit()
    await unitFor(t, { name: other.unitName, socialCreditCode: other.socialCreditCode, legalPersonId: otherLegal.id })
    otherEnterprise = await enterpriseSession(t, other.socialCreditCode, otherLegal.id)
  })
  afterAll(() => t.close())

  it('gives a 30-minute link that opens the filled form without a session; a tampered, expired or borrowed token opens nothing', async () => {
    const id = (await call(legal.token, '/seal-apply/apply/temporary', legalForm(legal, demoUnit))).body.data.id
    const before = Date.now()
    const link = (await call(legal.token, '/seal-apply/apply/downloadLink', { id })).body.data
    expect(link.expiresAt).toBeGreaterThanOrEqual(before + FORM_LINK_TTL_MS)
    expect(link.expiresAt).toBeLessThanOrEqual(Date.now() + FORM_LINK_TTL_MS)
    const opened = await raw(link.url)
    expect(opened.statusCode).toBe(200)
    expect(opened.headers['content-type']).toBe('application/pdf')
    expect(opened.headers['content-disposition']).toContain(formFileName)
    expect(opened.headers['content-disposition']).toMatch(/^attachment;/)
    const text = compactText(new Uint8Array(opened.rawPayload))
    for (const phrase of ['电子印章申请表', demo.unit.name, demo.unit.socialCreditCode, '北京市北京市海淀区', '合同专用章', `申请编号：${id}`]) expect(text).toContain(phrase)
    // The same application gives the same bytes.
    expect((await raw(link.url)).rawPayload.equals(opened.rawPayload)).toBe(true)

    const token = new URL(link.url, 'http://x').searchParams.get('access_token')!
    const other = (await call(legal.token, '/seal-apply/apply/temporary', legalForm(legal, newUnit()))).body.data.id
    const key = t.secrets.fileAccessKey
    const refusedTokens = [
      undefined,
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      createAccessToken(key, `unit-application-form:${id}`, Date.now() - FORM_LINK_TTL_MS - 1000, FORM_LINK_TTL_MS),
      new URL((await call(legal.token, '/seal-apply/apply/downloadLink', { id: other })).body.data.url, 'http://x').searchParams.get('access_token')!,
      createAccessToken(key, id),
    ]
    for (const bad of refusedTokens) {
      const refused = await raw(`/api/seal-apply/apply/downloadApplication?id=${id}${bad === undefined ? '' : `&access_token=${encodeURIComponent(bad)}`}`)
      expect(refused.statusCode).toBe(200)
      expect(refused.json()).toMatchObject({ resultStatus: '404', responseInfo: messages.fileIdNotFound })
    }
    // The applicant's legal download without a signature is the generated form too.
    const unsigned = await raw(`/api/seal-apply/apply/legalDownload?id=${id}`, legal.token)
    expect(unsigned.rawPayload.equals(opened.rawPayload)).toBe(true)
  })

  it('the legal representative applying signs the form and the confirmation by hand, confirmed by SMS, then submits', async () => {
    const id = await readyToSubmit(legal, legalForm(legal, demoUnit))
    const documents = (await call(legal.token, '/seal-apply/apply/signDocuments', { id })).body.data
    expect(documents.map((d: { key: string; title: string }) => [d.key, d.title])).toEqual([
      ['applyFormId', '电子印章申请表'],
      ['applyConfirmDocumentId', '电子印章申请确认书'],
    ])
    // Opening the page again stores nothing new; the files are the legal representative's to preview.
    expect((await call(legal.token, '/seal-apply/apply/signDocuments', { id })).body.data).toEqual(documents)
    expect((await raw(`/api/file/download/${documents[1].fileId}`, legal.token)).statusCode).toBe(200)

    const signatureId = await handwriting(legal)
    const code = await signCode(legal, id)
    const strangersSample = await handwriting(stranger)
    expect((await call(legal.token, '/seal-apply/apply/submitSign', { applyId: id, signatureId: strangersSample, smsCode: code })).body.resultStatus).not.toBe('00')
    const wrong = await call(legal.token, '/seal-apply/apply/submitSign', { applyId: id, signatureId, smsCode: code === '000000' ? '111111' : '000000' })
    expect(wrong.body.responseInfo).toMatch(/^验证码错误/)
    const signed = await call(legal.token, '/seal-apply/apply/submitSign', { applyId: id, signatureId, smsCode: code })
    expect(signed.body).toMatchObject({ resultStatus: '00', responseInfo: '签署成功', data: { id, applyStatus: 'TEMPORARY_SAVE' } })
    expect(signed.body.data.signedFiles.map((f: { key: string }) => f.key)).toEqual(['applyFormId', 'applyConfirmDocumentId'])
    // The code is used up.
    expect((await call(legal.token, '/seal-apply/apply/submitSign', { applyId: id, signatureId, smsCode: code })).body.responseInfo).toBe('验证码已失效，请重新获取')

    const download = await raw(`/api/seal-apply/apply/legalDownload?id=${id}`, legal.token)
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('电子印章申请表.pdf')}`)
    const report = await pdfsig(download.rawPayload)
    expect(report).toHaveLength(1)
    expect(report[0]).toMatchObject({ valid: true, trusted: true })
    // The reason names who signed what (a hex string in the signature dictionary).
    expect(download.rawPayload.toString('latin1')).toContain(Buffer.from('\ufeff李四（法定代表人）手写签署《电子印章申请表》', 'utf16le').swap16().toString('hex').toUpperCase())

    // Saving the draft unchanged keeps the signatures; changing what the documents print drops them.
    const form = legalForm(legal, demoUnit)
    await call(legal.token, '/seal-apply/apply/temporary', { ...form, id, step: '3-1' })
    expect((await call(legal.token, `/seal-apply/apply/detail?id=${id}`)).body.data.signedFiles).toHaveLength(2)
    await call(legal.token, '/seal-apply/apply/temporary', { ...form, id, step: '3-1', sealInfo: [form.sealInfo![0]!] })
    expect((await call(legal.token, `/seal-apply/apply/detail?id=${id}`)).body.data.signedFiles).toEqual([])
    expect((await call(legal.token, '/seal-apply/apply/submit', { id })).body.responseInfo).toBe(applyServerMessages.signatureRequired)
    await call(legal.token, '/seal-apply/apply/temporary', { ...form, id, step: '3-1' })
    const again = await call(legal.token, '/seal-apply/apply/submitSign', { applyId: id, signatureId, smsCode: await signCode(legal, id) })
    expect(again.body.data.signedFiles).toHaveLength(2)

    expect((await call(legal.token, '/seal-apply/apply/submit', { id })).body.data).toEqual({ id, applyStatus: 'PENDING_REVIEW' })
  })

  it('an operator’s application waits for the legal representative, who signs three documents and sends it to review', async () => {
    const { id, enterprise } = await waitingForLegal()
    const seen = await call(legal.token, `/seal-apply/apply/detail?id=${id}`)
    expect(seen.body.data).toMatchObject({ applyStatus: 'PENDING_SIGN', mine: false, legalPasswordSet: false, legalPinAtSigning: 'set' })
    expect((await call(enterprise, `/seal-apply/apply/detail?id=${id}`)).body.data.mine).toBe(false)
    // The operator neither signs nor refuses for the legal representative.
    expect((await call(operator.token, '/seal-apply/apply/signDocuments', { id })).body.responseInfo).toBe(applyServerMessages.notLegalRepresentative)
    expect((await call(operator.token, `/seal-apply/apply/refuse?id=${id}`)).body.responseInfo).toBe(applyServerMessages.notLegalRepresentative)

    const documents = (await call(legal.token, '/seal-apply/apply/signDocuments', { id })).body.data
    expect(documents.map((d: { key: string }) => d.key)).toEqual(['applyFormId', 'applyConfirmDocumentId', 'authDocumentId'])
    const authorisation = await raw(`/api/file/download/${documents[2].fileId}`, legal.token)
    expect(compactText(new Uint8Array(authorisation.rawPayload))).toContain(`受托人（经办人）：${operator.name}`)

    const signatureId = await handwriting(legal)
    const signed = await call(legal.token, '/seal-apply/apply/submitSign', { applyId: id, signatureId, smsCode: await signCode(legal, id), ...passwords })
    expect(signed.body.data).toMatchObject({ applyStatus: 'PENDING_REVIEW', mine: false, legalPasswordSet: true })
    expect(signed.body.data.signedFiles).toHaveLength(3)
    // The applicant downloads the signed form, though the file is the legal representative's.
    const download = await raw(`/api/seal-apply/apply/legalDownload?id=${id}`, operator.token)
    expect((await call(operator.token, `/file/downloadData/${signed.body.data.signedFiles[0].fileId}`)).body.responseInfo).toBe(messages.fileIdNotFound)
    expect((await pdfsig(download.rawPayload))[0]).toMatchObject({ valid: true, trusted: true })
    expect((await call(operator.token, `/seal-apply/apply/detail?id=${id}`)).body.data.applyStatus).toBe('PENDING_REVIEW')
    expect((await call(legal.token, '/seal-apply/apply/signCode', { applyId: id })).body.responseInfo).toBe(applyServerMessages.cannotSign)

    // The agency centre's preview of each signed document: the operator and the legal representative read it
    // through the application (the file itself is the legal representative's alone); no one else does.
    for (const file of signed.body.data.signedFiles as { key: string; fileId: string }[]) {
      const url = `/api/seal-apply/apply/legalDownload?id=${id}&key=${file.key}`
      for (const reader of [operator.token, legal.token, enterprise]) {
        const preview = await raw(url, reader)
        expect(preview.headers['content-type']).toBe('application/pdf')
        expect(preview.rawPayload.equals((await raw(`/api/file/download/${file.fileId}`, legal.token)).rawPayload)).toBe(true)
      }
      expect((await raw(`/api/file/download/${file.fileId}`, operator.token)).headers['content-type']).not.toBe('application/pdf')
      for (const outsider of [otherLegal.token, otherEnterprise, stranger.token]) {
        expect((await raw(url, outsider)).json()).toMatchObject({ resultStatus: '404', responseInfo: applyServerMessages.notFound })
      }
      expect((await raw(url)).statusCode).toBe(401)
    }
    expect((await raw(`/api/seal-apply/apply/legalDownload?id=${id}&key=nope`, operator.token)).headers['content-type']).not.toBe('application/pdf')
  })

  it('the legal representative refuses an operator’s application once, and the operator may apply again', async () => {
    const { id, enterprise } = await waitingForLegal()
    const refusals = await Promise.all([legal.token, enterprise].map((token) => call(token, `/seal-apply/apply/refuse?id=${id}`)))
    expect(refusals.map((r) => r.body.responseInfo).sort()).toEqual([applyServerMessages.cannotRefuse, messages.applyRefused].sort())
    expect((await call(operator.token, `/seal-apply/apply/detail?id=${id}`)).body.data.applyStatus).toBe('LEGAL_REFUSED')
    expect((await call(operator.token, '/seal-apply/apply/reapply', { id })).body.data.step).toBe('1')
  })

  it('answers every endpoint only to whom it concerns', async () => {
    const { id: waiting, enterprise, unit } = await waitingForLegal()
    const form = operatorForm(operator, legal, unit)
    const draft = (await call(operator.token, '/seal-apply/apply/temporary', form)).body.data.id
    const endpoints = (id: string): [string, unknown?][] => [
      [`/seal-apply/apply/detail?id=${id}`],
      [`/seal-apply/apply/withdraw?id=${id}`],
      [`/seal-apply/apply/delete?id=${id}`],
      [`/seal-apply/apply/refuse?id=${id}`],
      [`/seal-apply/apply/legalDownload?id=${id}`],
      ['/seal-apply/apply/temporary', { ...form, id }],
      ['/seal-apply/apply/save', { ...form, id, step: '2' }],
      ['/seal-apply/apply/submit', { id }],
      ['/seal-apply/apply/reapply', { id }],
      ['/seal-apply/apply/downloadLink', { id }],
      ['/seal-apply/apply/signDocuments', { id }],
      ['/seal-apply/apply/signCode', { applyId: id }],
      ['/seal-apply/apply/submitSign', { applyId: id, signatureId: 'x', smsCode: '123456' }],
    ]
    for (const id of [waiting, draft]) {
      for (const [url, body] of endpoints(id)) {
        for (const token of [otherLegal.token, otherEnterprise, stranger.token]) {
          const answer = await call(token, url, body)
          expect(answer.body, `${url} as someone unrelated`).toMatchObject({ resultStatus: '404', responseInfo: applyServerMessages.notFound })
        }
        expect((await call(undefined, url, body)).status, `${url} without a session`).toBe(401)
      }
    }
    // A draft is the applicant's alone, even for the legal representative it names.
    for (const token of [legal.token, enterprise]) expect((await call(token, `/seal-apply/apply/detail?id=${draft}`)).body.responseInfo).toBe(applyServerMessages.notFound)
    // The legal representative may read a submitted one, not act as its applicant.
    for (const url of [`/seal-apply/apply/withdraw?id=${waiting}`, `/seal-apply/apply/delete?id=${waiting}`]) {
      expect((await call(legal.token, url)).body.responseInfo).toBe(applyServerMessages.notFound)
    }
    for (const [url, body] of [
      ['/seal-apply/apply/page', { applyType: 'OPERATOR_APPLY' }],
      ['/seal-apply/apply/findDraft', { businessType: 'APPLY', applyType: 'OPERATOR_APPLY' }],
      ['/seal-apply/seal/queryCanApply', { socialCreditCode: demo.unit.socialCreditCode }],
      ['/seal-apply/seal/filingInfo', { socialCreditCode: demo.unit.socialCreditCode, sealTypeCode: '01' }],
    ] as const) {
      expect((await call(undefined, url, body)).status).toBe(401)
    }
    expect((await call(stranger.token, '/seal-apply/apply/findDraft', { businessType: 'APPLY', applyType: 'OPERATOR_APPLY' })).body.data).toBeNull()
  })
})
