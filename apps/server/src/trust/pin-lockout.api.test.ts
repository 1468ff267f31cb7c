import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idCardCheckCharacter } from '@seal/shared/rules/id-card'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor, samplePdf, uploadFile } from '../test/seals.ts'

const PIN = 'seal2026'
const TRIES_LEFT = /^印章密码错误，还可尝试(\d)次$/
const LOCKED = /^印章密码已锁定，请于\d\d:\d\d后重试$/

/**
 * The seal PIN lockout under a burst: wrong PINs fired at once are checked one after another, so at most
 * five are ever checked, whichever call carries them (issue 9, security item 2). Right PINs fired at once:
 * pin-burst.api.test.ts.
 */
describe('seal PIN lockout under concurrent checks', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  let people = 0
  /** A fresh person with a fresh personal seal: each test starts with a clean count. */
  const holderWithSeal = async () => {
    people++
    const token = await t.loginPersonal(`1370000${String(people).padStart(4, '0')}`, {
      name: '孙并发',
      identityNo: identityNo(people),
    })
    const { seal } = await personalSealFor(t, token, { pin: PIN })
    return { token, sealId: seal.id }
  }

  const pinVerify = async (token: string, sealId: string, pin: string) => {
    const answer = await t.call({ url: '/api/seal/pinVerifyNew', body: { sealId, pin }, token })
    return answer.body.data.success ? 'ok' : (answer.body.data.mess as string)
  }

  /** The 还可尝试 counts among the answers, in the order the answers name them. */
  const triesLeft = (answers: string[]) =>
    answers.flatMap((answer) => {
      const match = TRIES_LEFT.exec(answer)
      return match ? [Number(match[1])] : []
    })

  for (const burst of [30, 100]) {
    it(`checks at most five of ${burst} wrong PINs fired at once, then refuses the right one`, async () => {
      const { token, sealId } = await holderWithSeal()
      // Different wrong PINs, as a guesser sends them (identical bodies would meet the duplicate guard).
      const answers = await Promise.all(Array.from({ length: burst }, (_, i) => pinVerify(token, sealId, `guess${1000 + i}`)))

      expect(triesLeft(answers).sort().reverse()).toEqual([4, 3, 2, 1])
      const others = answers.filter((answer) => !TRIES_LEFT.test(answer))
      expect(others).toHaveLength(burst - 4)
      for (const answer of others) expect(answer).toMatch(LOCKED)

      expect(await pinVerify(token, sealId, PIN)).toMatch(LOCKED)
    })
  }

  it('counts wrong PINs the same on every call that checks one: verify, password change, cancel, sign', async () => {
    const { token, sealId } = await holderWithSeal()
    const fileId = await uploadFile(t, token, { name: '合同.pdf', bytes: await samplePdf(), type: 'application/pdf' })
    const attempt = async (route: number, pin: string): Promise<string> => {
      switch (route % 5) {
        case 0:
          return pinVerify(token, sealId, pin)
        case 1: {
          const answer = await t.call({ url: '/api/sealAuth/sealVerify', body: { sealId, password: pin }, token })
          return answer.body.data?.pass ? 'ok' : (answer.body.data?.message ?? answer.body.responseInfo)
        }
        case 2: {
          const answer = await t.call({ url: '/api/sealAuth/editPassword', body: { sealId, oldPassword: pin, password: 'next2026' }, token })
          return answer.body.resultStatus === '00' ? 'ok' : answer.body.responseInfo
        }
        case 3: {
          const answer = await t.call({ url: '/api/seal/revokeNew', body: { sealId, pin }, token })
          return answer.body.resultStatus === '00' ? 'ok' : answer.body.responseInfo
        }
        default: {
          const answer = await t.call({ url: '/api/seal/signDocument', body: { sealId, pin, fileId }, token })
          return answer.body.resultStatus === '00' ? 'ok' : answer.body.responseInfo
        }
      }
    }

    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(i, `guess${2000 + i}`)))
    expect(triesLeft(answers).sort().reverse()).toEqual([4, 3, 2, 1])
    for (const answer of answers.filter((a) => !TRIES_LEFT.test(a))) expect(answer).toMatch(LOCKED)

    for (let route = 0; route < 5; route++) expect(await attempt(route, PIN)).toMatch(LOCKED)
  })

  it('still says how many tries are left, one at a time, and a right PIN starts the count again', async () => {
    const { token, sealId } = await holderWithSeal()
    expect(await pinVerify(token, sealId, 'guess3001')).toBe('印章密码错误，还可尝试4次')
    expect(await pinVerify(token, sealId, 'guess3002')).toBe('印章密码错误，还可尝试3次')
    expect(await pinVerify(token, sealId, PIN)).toBe('ok')
    expect(await pinVerify(token, sealId, 'guess3003')).toBe('印章密码错误，还可尝试4次')
  })
})

/** A valid resident ID number that differs by `n`. */
function identityNo(n: number): string {
  const first17 = `11010119900101${String(n).padStart(3, '0')}`
  return first17 + idCardCheckCharacter(first17)
}
