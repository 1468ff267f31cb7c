import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chineseContract } from '@seal/pdf/test/test-documents'
import { sealAuthMessages } from '@seal/shared/api/seal-auth'
import { findCaller } from '../auth/sessions.ts'
import { bindSealForTest } from '../bindings/test-support.ts'
import { platformClient } from '../open-api/test-support.ts'
import { registerTestPlatform } from '../platforms/test-support.ts'
import { sealUseRecords } from '../records/tables.ts'
import {
  accept,
  callAs,
  grant,
  idNumber,
  personFor,
  sceneFor,
  USE_PASSWORD,
  type Scene,
} from '../seal-auth/test-support.ts'
import type { TestPerson } from '../unit-apply/test-support.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor, samplePdf, uploadFile } from '../test/seals.ts'

/** Uses started one after another, this far apart; the revoke is sent in the middle of them. */
const USES = 10
const APART_MS = 40

/**
 * A revoke that has answered binds every later use (issue #19 §2 item 5: use records were stamped up to
 * 467 ms after the answer, 219 ms through the open API). Uses are in flight while the authorisation or the
 * binding ends: each either was recorded before the revoke answered, or is refused as a use after it is.
 */
describe('uses in flight when the right to use ends', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  /** Starts `USES` uses `APART_MS` apart, `revoke` after half of them; answers when all are done. */
  async function raceRevoke<A>(use: (i: number) => Promise<A>, revoke: () => Promise<void>) {
    const answers: Promise<A>[] = []
    let revokedAt = 0
    let revoking: Promise<void> = Promise.resolve()
    for (let i = 0; i < USES; i++) {
      answers.push(use(i))
      if (i === USES / 2) revoking = revoke().then(() => void (revokedAt = Date.now()))
      await new Promise((resolve) => setTimeout(resolve, APART_MS))
    }
    await revoking
    return { answers: await Promise.all(answers), revokedAt }
  }
  const recordsOf = (sealId: string, personId: string) =>
    t.db
      .select({ createdAt: sealUseRecords.createdAt })
      .from(sealUseRecords)
      .where(and(eq(sealUseRecords.sealId, sealId), eq(sealUseRecords.userPersonId, personId)))

  describe('an authorised user (H5 用章), their authorisation revoked', () => {
    let scene: Scene
    let user: TestPerson
    let authId: string
    const fileIds: string[] = []
    // Authorising (letters, handwriting samples) takes long on a busy machine: done before the test's clock.
    beforeAll(async () => {
      scene = await sceneFor(t, 62)
      user = await personFor(t, { name: '冯用章', identityNo: idNumber(962) })
      authId = await grant(t, scene, user)
      await accept(t, user, authId, scene.sealId)
      const pdf = await samplePdf()
      for (let i = 0; i < USES; i++)
        fileIds.push(
          await uploadFile(t, user.token, {
            name: `合同${String(i).padStart(2, '0')}.pdf`,
            bytes: pdf,
            type: 'application/pdf',
          }),
        )
    })

    it('records no use by an authorised user after the revoke of their authorisation has answered', async () => {
      const call = callAs(t)
      const { answers, revokedAt } = await raceRevoke(
        (i) =>
          call(user.token, '/seal/signDocument', {
            sealId: scene.sealId,
            fileId: fileIds[i],
            pin: USE_PASSWORD,
            page: 1,
          }),
        async () => {
          const revoked = await call(scene.enterprise, '/sealAuth/cancelAuth', { authId })
          expect(revoked.body.resultStatus, revoked.body.responseInfo).toBe('00')
        },
      )

      const records = await recordsOf(scene.sealId, user.id)
      for (const record of records) expect(record.createdAt.getTime()).toBeLessThanOrEqual(revokedAt)
      expect(records).toHaveLength(answers.filter((answer) => answer.body.resultStatus === '00').length)
      const refusals = answers
        .filter((answer) => answer.body.resultStatus !== '00')
        .map((answer) => answer.body.responseInfo)
      expect(refusals.length).toBeGreaterThan(0)
      for (const refusal of refusals) expect(refusal).toBe(sealAuthMessages.notAuthorised)
    })
  })

  it('records no open-API use by a platform after the cancellation of its binding has answered', async () => {
    const holderToken = await t.loginPersonal('13700000963', { name: '褚绑定', identityNo: idNumber(963) })
    const holder = (await findCaller(t.db, holderToken))!.person
    const sealId = (await personalSealFor(t, holderToken, { pin: 'seal2026' })).seal.id
    const platform = await registerTestPlatform(t)
    const binding = await bindSealForTest(t.db, { sealId, platformId: platform.id, personId: holder.id })
    const client = platformClient(t, platform)
    const contract = Buffer.from(await chineseContract({ pages: 3 })).toString('base64')

    const { answers, revokedAt } = await raceRevoke(
      (i) =>
        client.seal({
          sealId,
          fileName: `采购合同${i}.pdf`,
          pdf: contract,
          positions: [{ page: 1, x: 380, y: 60 }],
        }),
      async () => {
        const cancelled = await t.call({
          url: '/api/paas-composite-seal/sealBind/cancel',
          body: { id: binding.id, password: 'seal2026' },
          token: holderToken,
        })
        expect(cancelled.body.resultStatus, cancelled.body.responseInfo).toBe('00')
      },
    )

    // However the race fell (on a loaded machine every use may come before the cancellation), one more use
    // after the answer is refused.
    const after = await client.seal({ sealId, fileName: '采购合同-之后.pdf', pdf: contract, positions: [{ page: 1, x: 380, y: 60 }] })
    const records = await recordsOf(sealId, holder.id)
    for (const record of records) expect(record.createdAt.getTime()).toBeLessThanOrEqual(revokedAt)
    expect(records).toHaveLength(answers.filter((answer) => answer.status === 200).length)
    const refusals = [...answers, after]
      .filter((answer) => answer.status !== 200)
      .map((answer) => [answer.status, answer.body.code])
    expect(refusals.length).toBeGreaterThan(0)
    for (const refusal of refusals) expect(refusal).toEqual([403, 'BINDING_NOT_IN_EFFECT'])
  })
})
