import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { persons } from '../auth/tables.ts'
import { makeSeal } from '../seals/make-seal.ts'
import { sealInput, startTrustFixture, type TrustFixture } from '../trust/testing.ts'
import { querySealUseRecords, recordSealUse } from './use-records.ts'
import { sealUseRecords } from './tables.ts'

describe('seal use records', () => {
  let f: TrustFixture
  let sealId: string
  let otherSealId: string
  const sha = (text: string) => createHash('sha256').update(text).digest('hex')
  beforeAll(async () => {
    f = await startTrustFixture()
    sealId = (await makeSeal(f.trust, await sealInput(f.unitOwner))).seal.id
    otherSealId = (await makeSeal(f.trust, await sealInput(f.personOwner))).seal.id
  })
  afterAll(() => f.close())

  it("records a use with the user's name as it was, and lists it as the use-record screen shows it", async () => {
    const record = await recordSealUse(f.db, {
      sealId,
      userPersonId: f.personOwner.personId,
      fileName: '采购合同.pdf',
      documentSha256: sha('contract').toUpperCase(),
      businessName: '示例科技有限公司',
      platformName: '采购平台',
      remark: '年度采购合同盖章',
    })
    expect(record.documentSha256).toBe(sha('contract'))
    await f.db.update(persons).set({ name: '张三丰' }).where(eq(persons.id, f.personOwner.personId))
    const [item] = await querySealUseRecords(f.db, { sealIds: [sealId] })
    expect(item).toMatchObject({
      fileName: '采购合同.pdf',
      name: '张三',
      businessName: '示例科技有限公司',
      platformName: '采购平台',
      remark: '年度采购合同盖章',
    })
    expect(Math.abs(item!.timestamp - Date.now())).toBeLessThan(60_000)
    await f.db.update(persons).set({ name: '张三' }).where(eq(persons.id, f.personOwner.personId))
  })

  it('filters by seal, user name, a keyword of the remark or file name, and time range, newest first', async () => {
    await recordSealUse(f.db, {
      sealId,
      fileName: '平台自动.pdf',
      documentSha256: sha('auto'),
      platformName: '平台',
    })
    await recordSealUse(f.db, {
      sealId: otherSealId,
      userPersonId: f.personOwner.personId,
      fileName: '个人.pdf',
      documentSha256: sha('p'),
    })
    const all = await querySealUseRecords(f.db, { sealIds: [sealId] })
    expect(all.map((r) => r.fileName)).toEqual(['平台自动.pdf', '采购合同.pdf'])
    expect(
      (await querySealUseRecords(f.db, { sealIds: [sealId], userName: '张' })).map((r) => r.fileName),
    ).toEqual(['采购合同.pdf'])
    expect(
      (await querySealUseRecords(f.db, { sealIds: [sealId], keyword: '采购' })).map((r) => r.fileName),
    ).toEqual(['采购合同.pdf'])
    expect((await querySealUseRecords(f.db, { sealIds: [sealId], keyword: '自动' })).map((r) => r.fileName)).toEqual(['平台自动.pdf'])
    // One character, mixed case, and wildcards that match only themselves (the index reads tripled text).
    expect((await querySealUseRecords(f.db, { sealIds: [sealId], keyword: '采' })).map((r) => r.fileName)).toEqual(['采购合同.pdf'])
    expect(await querySealUseRecords(f.db, { sealIds: [sealId], keyword: '.PDF' })).toHaveLength(2)
    expect(await querySealUseRecords(f.db, { sealIds: [sealId], keyword: '采_合' })).toEqual([])
    expect((await querySealUseRecords(f.db, { sealIds: [sealId], userName: '三' })).map((r) => r.fileName)).toEqual(['采购合同.pdf'])
    expect(await querySealUseRecords(f.db, { sealIds: [sealId], userName: '%' })).toEqual([])
    const tomorrow = new Date(Date.now() + 24 * 3600_000)
    expect(await querySealUseRecords(f.db, { sealIds: [sealId], from: tomorrow })).toEqual([])
    expect(await querySealUseRecords(f.db, { sealIds: [sealId], to: tomorrow })).toHaveLength(2)
    expect(await querySealUseRecords(f.db, { sealIds: [] })).toEqual([])
    expect((await f.db.select().from(sealUseRecords)).length).toBe(3)
  })

  it('keeps uses made in the same clock tick in the order they were made', async () => {
    const tick = new Date('2026-11-01T08:00:00.000Z')
    const fileNames = ['同刻-1.pdf', '同刻-2.pdf', '同刻-3.pdf', '同刻-4.pdf', '同刻-5.pdf']
    for (const fileName of fileNames) {
      await f.db.insert(sealUseRecords).values({ sealId: otherSealId, fileName, documentSha256: sha(fileName), createdAt: tick })
    }
    const sameTick = await querySealUseRecords(f.db, { sealIds: [otherSealId], to: new Date(tick.getTime() + 1) })
    expect(sameTick.map((r) => r.fileName)).toEqual([...fileNames].reverse())
  })
})
