import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chineseContract } from '@seal/pdf/test/test-documents'
import { platformClient } from '../open-api/test-support.ts'
import { registerTestPlatform, type RegisteredPlatform } from '../platforms/test-support.ts'
import { sealAuths } from '../seals/tables.ts'
import { accept, callAs, grant, idNumber, personFor, sceneFor, signAs, USE_PASSWORD, type Scene } from '../seal-auth/test-support.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'
import type { TestPerson } from '../unit-apply/test-support.ts'

type Listed = { id: string; fileName: string; platformName: string | null; name: string | null; fileId: string | null }

/**
 * Issue #12: the signed document of a use record is readable by whoever sees that record in 用章记录 —
 * the holder and managers every record of the seal, an authorised user only their own — and by no one
 * else, who hears 文件ID不存在 exactly as for a file that does not exist.
 */
describe('用章记录: reading a use record’s signed document', () => {
  let t: TestApp
  let call: ReturnType<typeof callAs>
  let scene: Scene
  let manager: TestPerson
  let user: TestPerson
  let otherUser: TestPerson
  let stranger: TestPerson
  let otherHolder: TestPerson
  let platformA: RegisteredPlatform
  let platformB: RegisteredPlatform
  let contract: Uint8Array
  let n = 0
  const person = (name: string) => personFor(t, { name, identityNo: idNumber(980 + ++n) })

  const list = async (token: string, sealId = scene.sealId) => {
    const answer = await call(token, '/signSealLog/queryByTypeAndSocialCreditCode', { sealId })
    expect(answer.body.resultStatus, answer.body.responseInfo).toBe('00')
    return answer.body.data as Listed[]
  }
  const download = (token: string, fileId: string) =>
    t.app.inject({ method: 'GET', url: `/api/file/download/${fileId}`, headers: { authorization: `Bearer ${token}` } })
  const previewLink = (token: string, fileId: string) => call(token, '/file/previewLink', { fileId })
  /** Both ways in are shut, with the answer a missing file gets. */
  const expectRefused = async (token: string, fileId: string) => {
    const bytes = await download(token, fileId)
    expect([bytes.statusCode, bytes.json()]).toEqual([200, { resultStatus: '404', responseInfo: '文件ID不存在', data: null }])
    expect((await previewLink(token, fileId)).body).toEqual({ resultStatus: '404', responseInfo: '文件ID不存在', data: null })
  }
  const expectReads = async (token: string, fileId: string, pdf: Buffer) => {
    const bytes = await download(token, fileId)
    expect(bytes.headers['content-type']).toBe('application/pdf')
    expect(bytes.rawPayload.equals(pdf)).toBe(true)
    const link = await previewLink(token, fileId)
    expect(link.body.resultStatus).toBe('00')
    expect((await t.app.inject({ method: 'GET', url: link.body.data.url })).rawPayload.equals(pdf)).toBe(true)
  }
  /** The manager binds the unit's seal to a platform through the binding calls, with their use password. */
  const bindAsManager = async (platformId: string) => {
    const token = await call(manager.token, '/paas-composite-seal/sealBind/platform/token', { id: platformId })
    expect(token.body.resultStatus, token.body.responseInfo).toBe('00')
    const bound = await call(manager.token, '/paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo', {
      id: platformId,
      sealId: scene.sealId,
      password: USE_PASSWORD,
      identityType: '111',
      accessToken: token.body.data.accessToken,
    })
    expect(bound.body.resultStatus, bound.body.responseInfo).toBe('00')
  }
  const sealThrough = async (platform: RegisteredPlatform, sealId: string, fileName: string) => {
    const sealed = await platformClient(t, platform).seal({ sealId, fileName, pdf: Buffer.from(contract).toString('base64'), positions: [{ page: 1, x: 380, y: 60 }] })
    expect(sealed.status, JSON.stringify(sealed.body)).toBe(200)
    const fetched = await platformClient(t, platform).document(sealed.body.documentId)
    return Buffer.from(fetched.body.pdf, 'base64')
  }

  let platformFileId: string
  let platformPdf: Buffer

  beforeAll(async () => {
    t = await startTestApp()
    call = callAs(t)
    scene = await sceneFor(t, 61)
    manager = await person('钱管理')
    user = await person('孙用章')
    otherUser = await person('李同事')
    stranger = await person('周路人')
    otherHolder = await person('吴别家')
    await accept(t, manager, await grant(t, scene, manager, { authUseType: 2 }), scene.sealId)
    await accept(t, user, await grant(t, scene, user), scene.sealId)
    await accept(t, otherUser, await grant(t, scene, otherUser), scene.sealId)
    platformA = await registerTestPlatform(t)
    platformB = await registerTestPlatform(t)
    contract = await chineseContract({ pages: 1 })
    await bindAsManager(platformA.id)

    platformPdf = await sealThrough(platformA, scene.sealId, '平台采购合同.pdf')
    const [record] = await list(scene.enterprise)
    expect(record).toMatchObject({ fileName: '平台采购合同.pdf', platformName: platformA.clientName, name: manager.name, fileId: expect.any(String) })
    platformFileId = record!.fileId!
  })
  afterAll(() => t.close())

  it('lets the seal’s holder read what a platform sealed with it: the unit’s account and its legal representative', async () => {
    await expectReads(scene.enterprise, platformFileId, platformPdf)
    expect((await list(scene.legal.token))[0]!.fileId).toBe(platformFileId)
    await expectReads(scene.legal.token, platformFileId, platformPdf)
  })

  it('lets the manager who bound the seal read it, as their list shows it, and no longer once their authorisation has ended', async () => {
    expect((await list(manager.token)).map((r) => r.fileId)).toContain(platformFileId)
    await expectReads(manager.token, platformFileId, platformPdf)

    await t.db.update(sealAuths).set({ endTime: new Date(Date.now() - 1000) }).where(eq(sealAuths.granteePersonId, manager.id))
    try {
      expect((await call(manager.token, '/signSealLog/queryByTypeAndSocialCreditCode', { sealId: scene.sealId })).body.resultStatus).not.toBe('00')
      await expectRefused(manager.token, platformFileId)
    } finally {
      await t.db.update(sealAuths).set({ endTime: new Date(Date.now() + 86_400_000) }).where(eq(sealAuths.granteePersonId, manager.id))
    }
  })

  it('refuses an authorised user whose list leaves the record out, an unrelated person, and another platform’s holder, as if there were no such file', async () => {
    expect((await list(user.token)).map((r) => r.fileId)).not.toContain(platformFileId)
    await expectRefused(user.token, platformFileId)
    await expectRefused(stranger.token, platformFileId)

    // Another holder whose own seal platform B uses: they read B's document of their seal, not A's of the unit's.
    const otherSealId = (await personalSealFor(t, otherHolder.token, { pin: 'seal2026' })).seal.id
    const bound = await call(otherHolder.token, '/paas-composite-seal/sealBind/platform/token', { id: platformB.id })
    const binding = await call(otherHolder.token, '/paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo', { id: platformB.id, sealId: otherSealId, password: 'seal2026', identityType: '111', accessToken: bound.body.data.accessToken })
    expect(binding.body.resultStatus, binding.body.responseInfo).toBe('00')
    const theirPdf = await sealThrough(platformB, otherSealId, '另一平台合同.pdf')
    const [theirs] = await list(otherHolder.token, otherSealId)
    await expectReads(otherHolder.token, theirs!.fileId!, theirPdf)
    await expectRefused(otherHolder.token, platformFileId)
    await expectRefused(scene.enterprise, theirs!.fileId!)
    await expectRefused(manager.token, theirs!.fileId!)
  })

  it('answers a guessed file id exactly as one that exists but is not theirs', async () => {
    await expectRefused(stranger.token, randomUUID())
    await expectRefused(stranger.token, 'not-a-file')
    expect((await download('', platformFileId)).statusCode).toBe(401)
  })

  it('lets the holder and managers read what an authorised user sealed in the app; the user’s colleague may not', async () => {
    const signed = await signAs(t, user, scene.sealId, { pin: USE_PASSWORD })
    expect(signed.body.resultStatus, signed.body.responseInfo).toBe('00')
    const fileId = signed.body.data.fileId as string
    const pdf = (await download(user.token, fileId)).rawPayload
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')

    const [record] = await list(scene.enterprise)
    expect(record).toMatchObject({ name: user.name, fileId })
    expect((await list(user.token)).map((r) => r.fileId)).toEqual([fileId])
    await expectReads(scene.enterprise, fileId, pdf)
    await expectReads(scene.legal.token, fileId, pdf)
    await expectReads(manager.token, fileId, pdf)
    expect((await list(otherUser.token)).map((r) => r.fileId)).toEqual([])
    await expectRefused(otherUser.token, fileId)
    await expectRefused(stranger.token, fileId)
  })

  it('still reads only their own uploads to anyone else: an upload is no use record', async () => {
    const upload = await call(user.token, '/file/uploadBase64', { originalName: '草稿.pdf', fileBase64: Buffer.from(contract).toString('base64') })
    await expectRefused(scene.enterprise, upload.body.data.fileId)
  })
})
