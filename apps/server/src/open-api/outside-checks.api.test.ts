import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { bindingMessages } from '@seal/shared/api/binding'
import { xrefBombPdf } from '@seal/pdf/test/payload-bombs'
import { chineseContract } from '@seal/pdf/test/test-documents'
import { bindingInEffect } from '../bindings/state.ts'
import { sealBindings } from '../bindings/tables.ts'
import { bindSealForTest } from '../bindings/test-support.ts'
import { platformTokens, webhookDeliveries } from '../platforms/tables.ts'
import { adminCall, registerTestPlatform } from '../platforms/test-support.ts'
import { callAs, idNumber, personFor } from '../seal-auth/test-support.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'
import { STALL_MS, underLoad } from '../test/under-load.ts'
import type { TestPerson } from '../unit-apply/test-support.ts'
import { platformClient } from './test-support.ts'

/**
 * Issue #12's calls probed as an attacker, a load test and a careless client would (DESIGN.md "Rules
 * learned from outside checks"): races of 100 copies, payload bombs on the open API, and records that are
 * not the caller's. Odd URL spellings of the binding and operator routes are swept with every other
 * protected route in auth/route-auth.api.test.ts; the webhook receivers that misbehave are in
 * webhooks.api.test.ts.
 */

const PIN = 'out12345'
const base = '/paas-composite-seal/sealBind'

/** A PDF of `pages` empty A4 pages, written by hand (a page tree of one level, a classic xref table). */
function blankPages(pages: number): Uint8Array {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Count ${pages} /Kids [${Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ')}] >>`]
  for (let i = 0; i < pages; i++) objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>')
  let text = '%PDF-1.7\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(text.length)
    text += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = text.length
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(text, 'latin1'))
}

describe('outside checks on the binding calls and the open API', () => {
  let t: TestApp
  let call: ReturnType<typeof callAs>
  let n = 0
  const person = (name: string) => personFor(t, { name, identityNo: idNumber(1200 + ++n) })
  const tokenFor = async (who: TestPerson, platformId: string) => {
    const answer = await call(who.token, `${base}/platform/token`, { id: platformId })
    expect(answer.body.resultStatus, answer.body.responseInfo).toBe('00')
    return answer.body.data.accessToken as string
  }
  const holderWithSeal = async (name: string) => {
    const who = await person(name)
    return { who, sealId: (await personalSealFor(t, who.token, { pin: PIN })).seal.id }
  }
  const inEffectOn = async (platformId: string) => t.db.$count(sealBindings, and(eq(sealBindings.platformId, platformId), bindingInEffect(new Date())))

  beforeAll(async () => {
    t = await startTestApp()
    call = callAs(t)
  })
  afterAll(() => t.close())

  describe('100 concurrent copies', () => {
    it('cancels a binding once: one 取消绑定成功, one binding.cancelled event', async () => {
      const { who, sealId } = await holderWithSeal('冯撤销')
      const platform = await registerTestPlatform(t, { webhookUrl: 'http://127.0.0.1:9/hooks' })
      const accessToken = await tokenFor(who, platform.id)
      const bound = await call(who.token, `${base}/sealVerifyAndReturnSealInfo`, { id: platform.id, sealId, password: PIN, accessToken })
      expect(bound.body.resultStatus, bound.body.responseInfo).toBe('00')
      const recordId = bound.body.data.recordId as string
      // Each body differs, so the duplicate guard lets every copy reach the cancellation itself.
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => call(who.token, `${base}/cancel`, { id: recordId, password: PIN, copy: i })))
      expect(answers.every((a) => a.status === 200)).toBe(true)
      expect(answers.filter((a) => a.body.resultStatus === '00').map((a) => a.body.responseInfo)).toEqual([bindingMessages.cancelled])
      // Copies past the PIN check's attempts in flight hear that it is locked (seal-auth: counted before the slow check).
      const refusals = new Set(answers.filter((a) => a.body.resultStatus !== '00').map((a) => a.body.responseInfo.replace(/\d{2}:\d{2}/, 'HH:mm')))
      for (const message of refusals) expect([bindingMessages.notCancellable, '印章密码已锁定，请于HH:mm后重试']).toContain(message)
      const events = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.platformId, platform.id))
      expect(events.filter((e) => e.event === 'binding.cancelled')).toHaveLength(1)
    })

    it('rebinds a cancelled record once: one in effect, one binding.rebound event', async () => {
      const { who, sealId } = await holderWithSeal('陈重绑')
      const platform = await registerTestPlatform(t, { webhookUrl: 'http://127.0.0.1:9/hooks' })
      const accessToken = await tokenFor(who, platform.id)
      const bound = await call(who.token, `${base}/sealVerifyAndReturnSealInfo`, { id: platform.id, sealId, password: PIN, accessToken })
      const recordId = bound.body.data.recordId as string
      expect((await call(who.token, `${base}/cancel`, { id: recordId, password: PIN })).body.resultStatus).toBe('00')
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => call(who.token, `${base}/rebind`, { id: platform.id, sealId, recordId, password: PIN, accessToken, identityType: String(i) })),
      )
      expect(answers.every((a) => a.status === 200)).toBe(true)
      expect(answers.filter((a) => a.body.resultStatus === '00')).toHaveLength(1)
      const refusals = new Set(answers.filter((a) => a.body.resultStatus !== '00').map((a) => a.body.responseInfo.replace(/\d{2}:\d{2}/, 'HH:mm')))
      for (const message of refusals) expect([bindingMessages.stillInEffect, bindingMessages.alreadyBound, '印章密码已锁定，请于HH:mm后重试']).toContain(message)
      expect(await inEffectOn(platform.id)).toBe(1)
      const events = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.platformId, platform.id))
      expect(events.filter((e) => e.event === 'binding.rebound')).toHaveLength(1)
    })

    it('never puts more than its totality in effect on a platform, however many different seals arrive at once', async () => {
      const platform = await registerTestPlatform(t, { totality: 3 })
      const holders = await Promise.all(Array.from({ length: 10 }, (_, i) => holderWithSeal(`限额${'甲乙丙丁戊己庚辛壬癸'[i]}`)))
      const tokens = await Promise.all(holders.map(({ who }) => tokenFor(who, platform.id)))
      // Ten seals, ten copies each.
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => {
          const { who, sealId } = holders[i % 10]!
          return call(who.token, `${base}/sealVerifyAndReturnSealInfo`, { id: platform.id, sealId, password: PIN, accessToken: tokens[i % 10], identityType: String(i) })
        }),
      )
      expect(answers.every((a) => a.status === 200)).toBe(true)
      expect(answers.filter((a) => a.body.resultStatus === '00')).toHaveLength(3)
      const refusals = new Set(answers.filter((a) => a.body.resultStatus !== '00').map((a) => a.body.responseInfo.replace(/\d{2}:\d{2}/, 'HH:mm')))
      for (const message of refusals) expect([bindingMessages.platformFull, bindingMessages.alreadyBound, '印章密码已锁定，请于HH:mm后重试']).toContain(message)
      expect(await inEffectOn(platform.id)).toBe(3)
    })

    it('leaves no token working that was got with a secret the operator rotated away, however the calls interleave', async () => {
      // From many addresses, so the token call's per-address limit lets them all reach the exchange.
      let address = 0
      // A key service that answers in 30 ms (a KMS over the network): an exchange that has just read the
      // platform waits there while the operator's rotation runs past it.
      const keys = t.app.trust.keys
      const unwrap = keys.unwrap.bind(keys)
      keys.unwrap = async (wrapped, context) => {
        await sleep(30)
        return unwrap(wrapped, context)
      }
      onTestFinished(() => void (keys.unwrap = unwrap))
      for (const delayMs of [0, 5, 15]) {
        const platform = await registerTestPlatform(t)
        const exchange = () =>
          t.app.inject({ method: 'POST', url: '/api/open/v1/token', remoteAddress: `10.12.${Math.floor(++address / 250)}.${address % 250}`, payload: { clientId: platform.clientId, clientSecret: platform.clientSecret } })
        const [rotated, ...exchanges] = await Promise.all([
          (async () => {
            await sleep(delayMs)
            return adminCall(t, 'POST', `/api/admin/platforms/${platform.id}/rotate-secret`)
          })(),
          ...Array.from({ length: 25 }, exchange),
        ])
        expect(rotated.resultStatus, rotated.responseInfo).toBe('00')
        for (const answer of exchanges) if (answer.statusCode !== 200) expect([answer.statusCode, answer.json().code]).toEqual([401, 'INVALID_CLIENT'])
        // Whatever was handed out with the old secret is dead now: nothing of it is kept.
        expect(await t.db.$count(platformTokens, eq(platformTokens.platformId, platform.id)), `rotation after ${delayMs} ms`).toBe(0)
        const issued = exchanges.filter((a) => a.statusCode === 200).map((a) => a.json().accessToken as string)
        for (const token of issued.slice(0, 3)) {
          const answer = await platformClient(t, { clientId: platform.clientId, clientSecret: platform.clientSecret }).call({ path: '/api/open/v1/seals', token })
          expect(answer.body.code).toBe('TOKEN_INVALID')
        }
        expect((await exchange()).json().code).toBe('INVALID_CLIENT')
      }
    })
  })

  describe('payload bombs on POST /api/open/v1/documents', () => {
    let open: ReturnType<typeof platformClient>
    let sealId: string

    beforeAll(async () => {
      const { who, sealId: id } = await holderWithSeal('褚炸弹')
      sealId = id
      const platform = await registerTestPlatform(t, { rateLimitPerMinute: 1000 })
      open = platformClient(t, platform)
      await bindSealForTest(t.db, { sealId, platformId: platform.id, personId: who.id })
      // Warm up: the first task starts a worker thread.
      expect((await open.seal({ sealId, fileName: '热身.pdf', pdf: Buffer.from(await chineseContract({ pages: 1 })).toString('base64'), positions: [{ page: 1, x: 100, y: 100 }] })).status).toBe(200)
    })

    it('refuses a 1 MB PDF whose xref stream inflates to 1 GB with PDF_INVALID, quickly, the loop free', async () => {
      const pdf = Buffer.from(xrefBombPdf()).toString('base64')
      const { result, totalMs, cheapMs, loopMaxMs } = await underLoad(t, () => open.seal({ sealId, fileName: '炸弹.pdf', pdf, positions: [{ page: 1, x: 100, y: 100 }] }))
      expect([result.status, result.body.code], JSON.stringify(result.body)).toEqual([422, 'PDF_INVALID'])
      expect(totalMs).toBeLessThan(5_000)
      expect(cheapMs).toBeLessThan(STALL_MS)
      expect(loopMaxMs).toBeLessThan(STALL_MS)
    })

    it('refuses a keyword search in the same bomb the same way', async () => {
      const pdf = Buffer.from(xrefBombPdf()).toString('base64')
      const { result, cheapMs, loopMaxMs } = await underLoad(t, () => open.seal({ sealId, fileName: '炸弹.pdf', pdf, positions: [{ keyword: '甲方' }] }))
      expect([result.status, result.body.code], JSON.stringify(result.body)).toEqual([422, 'PDF_INVALID'])
      expect(cheapMs).toBeLessThan(STALL_MS)
      expect(loopMaxMs).toBeLessThan(STALL_MS)
    })

    it('refuses JSON nested 100 000 deep with INVALID_JSON', async () => {
      const deep = `{"sealId":"x","fileName":"a.pdf","pdf":"JVBE","positions":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`
      const { result, cheapMs, loopMaxMs } = await underLoad(t, () => open.call({ path: '/api/open/v1/documents', body: {}, sendBody: deep, signature: undefined }))
      // Signed over other bytes, so refused before or at the signature; either way a 4xx in the open API's words.
      expect(result.status).toBeLessThan(500)
      expect(result.body.code).toMatch(/^(INVALID_JSON|SIGNATURE_INVALID)$/)
      expect(cheapMs).toBeLessThan(STALL_MS)
      expect(loopMaxMs).toBeLessThan(STALL_MS)
      // Signed as sent: the depth itself is refused.
      const signedDeep = await open.call({ path: '/api/open/v1/documents', body: JSON.parse(`{"positions":${'['.repeat(200)}${']'.repeat(200)}}`) })
      expect([signedDeep.status, signedDeep.body.code]).toEqual([400, 'INVALID_JSON'])
    })

    it('refuses a keyword of 1 MB with INVALID_REQUEST', async () => {
      const pdf = Buffer.from(await chineseContract({ pages: 1 })).toString('base64')
      const answer = await open.seal({ sealId, fileName: '合同.pdf', pdf, positions: [{ keyword: '甲'.repeat(1_000_000) }] })
      expect([answer.status, answer.body.code]).toEqual([400, 'INVALID_REQUEST'])
    })

    it('seals 20 positions spread over a 2000-page PDF without holding the loop, and refuses a 21st', async () => {
      const pdf = Buffer.from(blankPages(2000)).toString('base64')
      const positions = Array.from({ length: 20 }, (_, i) => ({ page: 1 + i * 105, x: 100, y: 100 }))
      const { result, cheapMs, loopMaxMs } = await underLoad(t, () => open.seal({ sealId, fileName: '长文档.pdf', pdf, positions }))
      expect(result.status, JSON.stringify(result.body)).toBe(200)
      expect(result.body.signatures).toBe(20)
      expect(cheapMs).toBeLessThan(STALL_MS)
      expect(loopMaxMs).toBeLessThan(STALL_MS)
      const tooMany = await open.seal({ sealId, fileName: '长文档.pdf', pdf, positions: [...positions, { page: 2000, x: 100, y: 100 }] })
      expect([tooMany.status, tooMany.body.code]).toEqual([422, 'TOO_MANY_SIGNATURES'])
      // Keyword positions search at most 500 pages.
      const keyword = await open.seal({ sealId, fileName: '长文档.pdf', pdf, positions: [{ keyword: '甲方', occurrence: 'all' }] })
      expect([keyword.status, keyword.body.code]).toEqual([422, 'REQUEST_REFUSED'])
    })
  })

  describe('who may act on what', () => {
    it('refuses another person’s binding record to rebind or cancel, with their seal or one’s own', async () => {
      const owner = await holderWithSeal('蒋甲主')
      const other = await holderWithSeal('沈乙客')
      const platform = await registerTestPlatform(t)
      const bound = await call(owner.who.token, `${base}/sealVerifyAndReturnSealInfo`, { id: platform.id, sealId: owner.sealId, password: PIN, accessToken: await tokenFor(owner.who, platform.id) })
      const recordId = bound.body.data.recordId as string
      expect((await call(owner.who.token, `${base}/cancel`, { id: recordId, password: PIN })).body.resultStatus).toBe('00')

      const accessToken = await tokenFor(other.who, platform.id)
      for (const sealId of [owner.sealId, other.sealId]) {
        const rebind = await call(other.who.token, `${base}/rebind`, { id: platform.id, sealId, recordId, password: PIN, accessToken })
        expect(rebind.body.responseInfo).toBe('数据不存在')
      }
      // The owner's own seal but a record of another platform: not this record.
      const elsewhere = await registerTestPlatform(t)
      const wrongPlatform = await call(owner.who.token, `${base}/rebind`, { id: elsewhere.id, sealId: owner.sealId, recordId, password: PIN, accessToken: await tokenFor(owner.who, elsewhere.id) })
      expect(wrongPlatform.body.responseInfo).toBe('数据不存在')
      expect(await t.db.$count(sealBindings, and(eq(sealBindings.id, recordId), eq(sealBindings.bindState, '0')))).toBe(1)
    })
  })
})
