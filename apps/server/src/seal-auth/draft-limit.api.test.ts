import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sealAuthMessages } from '@seal/shared/api/seal-auth'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { sealAuths } from '../seals/tables.ts'
import { idCardCheckCharacter } from '@seal/shared/rules/id-card'
import { callAs, creationData, sceneFor, type Scene } from './test-support.ts'
import { MAX_OPEN_DRAFTS } from './service.ts'
import type { TestPerson } from '../unit-apply/test-support.ts'

const idOf = (first17: string) => first17 + idCardCheckCharacter(first17)

describe('open authorisation drafts of one seal', () => {
  let t: TestApp
  let scene: Scene
  beforeAll(async () => {
    t = await startTestApp()
    scene = await sceneFor(t, 1)
  })
  afterAll(() => t.close())

  it('holds at most 20 per holder under 100 concurrent creates, and refuses the rest in Chinese', async () => {
    const grantee = (i: number) => ({ name: '李草稿', identityNo: idOf(`11010119850512${String(i).padStart(3, '0')}`), phone: `1390000${1000 + i}` }) as TestPerson
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => callAs(t)(scene.enterprise, '/sealAuth/createAuth', creationData(scene, grantee(i)))))
    const made = answers.filter((a) => a.body.resultStatus === '00')
    expect(made).toHaveLength(MAX_OPEN_DRAFTS)
    expect(new Set(answers.filter((a) => a.body.resultStatus !== '00').map((a) => a.body.responseInfo))).toEqual(new Set([sealAuthMessages.tooManyDrafts]))
    const drafts = await t.app.db.select().from(sealAuths).where(eq(sealAuths.status, 'draft'))
    expect(drafts).toHaveLength(MAX_OPEN_DRAFTS)

    // A day later those drafts, never signed (they cannot be deleted), no longer stand in the way.
    await t.app.db.update(sealAuths).set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) }).where(eq(sealAuths.status, 'draft'))
    expect((await callAs(t)(scene.enterprise, '/sealAuth/createAuth', creationData(scene, grantee(100)))).body.resultStatus).toBe('00')
  })
})
