import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerTestPlatform } from '../platforms/test-support.ts'
import { idNumber, personFor } from '../seal-auth/test-support.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor, samplePdf, uploadFile } from '../test/seals.ts'

const PIN = 'seal2026'
const TRIES_LEFT = /^印章密码错误，还可尝试(\d)次$/
const LOCKED = /^印章密码已锁定，请于\d\d:\d\d后重试$/
/** Published once for each typed secret actually compared with its hash (trust/counted-secret.ts). */
const COMPARED = 'seal.counted-secret.compared'

/**
 * Right PINs sent at once all pass; wrong ones sent at once are compared five at most (issue #19 §2 item 4:
 * ten binds of one seal to ten platforms answered 印章密码已锁定 to five of them, all with the right PIN).
 * Checks of one secret take turns, each comparing against what the one before left.
 */
describe('seal PIN checks sent at once', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  let people = 0
  const holderWithSeal = async () => {
    const holder = await personFor(t, { name: '钱并发', identityNo: idNumber(700 + ++people) })
    const { seal } = await personalSealFor(t, holder.token, { pin: PIN })
    return { token: holder.token, sealId: seal.id }
  }
  /** `n` differs between calls, as requests from different screens differ (identical bodies meet the duplicate guard). */
  const pinVerify = async (token: string, sealId: string, pin: string, n = 0) => {
    const answer = await t.call({ url: '/api/seal/pinVerifyNew', body: { sealId, pin, n }, token })
    return answer.body.data?.success ? 'ok' : ((answer.body.data?.mess ?? answer.body.responseInfo) as string)
  }
  /** How many typed secrets were compared with their hash while `run` ran. */
  const comparing = async <T>(run: () => Promise<T>): Promise<{ result: T; compared: number }> => {
    let compared = 0
    const count = () => compared++
    subscribe(COMPARED, count)
    try {
      return { result: await run(), compared }
    } finally {
      unsubscribe(COMPARED, count)
    }
  }

  it('passes 100 right PINs sent at once, and the count still starts from zero after them', async () => {
    const { token, sealId } = await holderWithSeal()
    const { result: answers, compared } = await comparing(() => Promise.all(Array.from({ length: 100 }, (_, i) => pinVerify(token, sealId, PIN, i))))
    expect(answers.filter((answer) => answer !== 'ok')).toEqual([])
    expect(compared).toBe(100)
    expect(await pinVerify(token, sealId, 'guess0001')).toBe('印章密码错误，还可尝试4次')
  })

  it('compares exactly five of 100 wrong PINs sent at once; the rest answer locked without being compared', async () => {
    const { token, sealId } = await holderWithSeal()
    const { result: answers, compared } = await comparing(() =>
      Promise.all(Array.from({ length: 100 }, (_, i) => pinVerify(token, sealId, `guess${1000 + i}`, i))),
    )
    expect(compared).toBe(5)
    const triesLeft = answers.flatMap((answer) => TRIES_LEFT.exec(answer)?.[1] ?? []).map(Number)
    expect(triesLeft.sort().reverse()).toEqual([4, 3, 2, 1])
    for (const answer of answers.filter((a) => !TRIES_LEFT.test(a))) expect(answer).toMatch(LOCKED)
    expect(await pinVerify(token, sealId, PIN)).toMatch(LOCKED)
  })

  it('passes the right PIN among wrong ones sent at once, and the guesses still count', async () => {
    const { token, sealId } = await holderWithSeal()
    const sent = ['guess2001', PIN, 'guess2002', PIN, 'guess2003']
    const answers = await Promise.all(sent.map((pin, i) => pinVerify(token, sealId, pin, i)))
    expect(answers.filter((answer) => answer === 'ok')).toHaveLength(2)
    // Whichever order they were checked in, at most three guesses remain counted after the last right PIN.
    const left = Number(TRIES_LEFT.exec(await pinVerify(token, sealId, 'guess2004'))?.[1])
    expect(left).toBeGreaterThanOrEqual(1)
  })

  it('binds one seal to ten platforms at once with the right PIN: every binding is made', async () => {
    const { token, sealId } = await holderWithSeal()
    const platforms = await Promise.all(Array.from({ length: 10 }, () => registerTestPlatform(t)))
    const bind = async (platformId: string) => {
      const base = '/api/paas-composite-seal/sealBind'
      const grant = await t.call({ url: `${base}/platform/token`, body: { id: platformId }, token })
      const accessToken = grant.body.data?.accessToken as string
      const answer = await t.call({ url: `${base}/sealVerifyAndReturnSealInfo`, body: { id: platformId, sealId, password: PIN, identityType: '111', accessToken }, token })
      return answer.body.resultStatus === '00' ? 'ok' : answer.body.responseInfo
    }
    const answers = await Promise.all(platforms.map((platform) => bind(platform.id)))
    expect(answers).toEqual(platforms.map(() => 'ok'))
    expect(await pinVerify(token, sealId, PIN)).toBe('ok')
  })

  it('signs ten documents at once with the right PIN: every one is sealed', async () => {
    const { token, sealId } = await holderWithSeal()
    const pdf = await samplePdf()
    const fileIds: string[] = []
    for (let i = 0; i < 10; i++) fileIds.push(await uploadFile(t, token, { name: `合同${i}.pdf`, bytes: pdf, type: 'application/pdf' }))
    const answers = await Promise.all(
      fileIds.map(async (fileId) => {
        const answer = await t.call({ url: '/api/seal/signDocument', body: { sealId, pin: PIN, fileId, page: 1 }, token })
        return answer.body.resultStatus === '00' ? 'ok' : answer.body.responseInfo
      }),
    )
    expect(answers).toEqual(fileIds.map(() => 'ok'))
  })
})
