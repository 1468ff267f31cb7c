import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayEndMs, dayStartMs } from '@seal/shared/rules/use-record-range'
import { eq } from 'drizzle-orm'
import { sealUseRecords } from './tables.ts'
import { recordSealUse } from './use-records.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor, samplePdf, uploadFile } from '../test/seals.ts'

const holder = { phone: '13700000031', name: '何用章', identityNo: '110101199001011237' }
const stranger = { phone: '13700000032', name: '吴旁观', identityNo: '110101199202023453' }

describe('用章记录: POST /signSealLog/queryByTypeAndSocialCreditCode', () => {
  let t: TestApp
  let token: string
  let otherToken: string
  let sealId: string
  const query = (body: unknown, as = token) => t.call({ url: '/api/signSealLog/queryByTypeAndSocialCreditCode', body, token: as })

  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(holder.phone, holder)
    otherToken = await t.loginPersonal(stranger.phone, stranger)
    sealId = (await personalSealFor(t, token, { pin: 'seal2026' })).seal.id
    for (const [name, remark] of [['采购合同.pdf', '年度采购合同盖章'], ['租赁协议.pdf', '办公室租赁']] as const) {
      const fileId = await uploadFile(t, token, { name, bytes: await samplePdf(), type: 'application/pdf' })
      const signed = await t.call({ url: '/api/seal/signDocument', body: { sealId, pin: 'seal2026', fileId, remark }, token })
      expect(signed.body.resultStatus).toBe('00')
    }
  })
  afterAll(() => t.close())

  it('lists the seal’s uses newest first, with file, seal, user and time', async () => {
    const all = await query({ sealId, sealTypeCode: '1000', userType: 2 })
    expect(all.body.data.map((r: { fileName: string }) => r.fileName)).toEqual(['租赁协议.pdf', '采购合同.pdf'])
    expect(all.body.data[0]).toMatchObject({ sealId, sealName: `${holder.name}的个人名章`, remark: '办公室租赁', name: holder.name, timestamp: expect.any(Number), fileId: expect.any(String) })
  })

  it('filters by the user’s name, a keyword of the remark or file name, and a period', async () => {
    const names = async (body: object) => (await query({ sealId, ...body })).body.data.map((r: { fileName: string }) => r.fileName)
    expect(await names({ userName: '何' })).toHaveLength(2)
    expect(await names({ userName: '别人' })).toEqual([])
    expect(await names({ remark: '采购' })).toEqual(['采购合同.pdf'])
    expect(await names({ remark: '租赁协议' })).toEqual(['租赁协议.pdf'])
    const now = Date.now()
    expect(await names({ startTime: now - 86_400_000, endTime: now + 86_400_000 })).toHaveLength(2)
    expect(await names({ startTime: now + 86_400_000, endTime: now + 2 * 86_400_000 })).toEqual([])
  })

  it('refuses an end before the start and a period over 12 months with the spec’s words', async () => {
    const now = Date.now()
    expect((await query({ sealId, startTime: now, endTime: now - 1 })).body.responseInfo).toBe('您的结束时间不能小于开始时间!')
    expect((await query({ sealId, startTime: now - 400 * 86_400_000, endTime: now })).body.responseInfo).toBe('时间周期不能大于12个月,请重新选择!')
    // The calendar rule of the screen, to the day: 2025-11-23 … 2026-11-23 may be searched, a day earlier may not.
    const period = async (start: string, end: string) => (await query({ sealId, startTime: dayStartMs(start), endTime: dayEndMs(end) })).body
    expect((await period('2025-11-23', '2026-11-23')).resultStatus).toBe('00')
    expect((await period('2025-11-22', '2026-11-23')).responseInfo).toBe('时间周期不能大于12个月,请重新选择!')
  })

  it('does not show one person’s use records to another, nor to nobody', async () => {
    expect((await query({ sealId }, otherToken)).body.responseInfo).toBe('数据不存在')
    expect((await t.call({ url: '/api/signSealLog/queryByTypeAndSocialCreditCode', body: { sealId } })).status).toBe(401)
  })

  it('pages the list newest first, without a record twice or missing, and refuses a page size out of range', async () => {
    for (let i = 1; i <= 43; i++) {
      await recordSealUse(t.db, { sealId, fileName: `批量文件-${i}.pdf`, documentSha256: 'ab'.repeat(32) })
    }
    const page = async (pageNum: number) =>
      (await query({ sealId, pageNum, pageSize: 20 })).body.data.map((r: { fileName: string }) => r.fileName)
    const pages = [await page(1), await page(2), await page(3), await page(4)]
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5, 0])
    const all = pages.flat()
    expect(new Set(all).size).toBe(45)
    expect(all.slice(0, 2)).toEqual(['批量文件-43.pdf', '批量文件-42.pdf'])
    expect(all.slice(-2)).toEqual(['租赁协议.pdf', '采购合同.pdf'])
    // Infinite scroll asks for the page after the last record it has: the same pages, at the cost of the first.
    const byCursor: string[][] = []
    let lastId: string | undefined
    for (let i = 0; i < 4; i++) {
      const data = (await query({ sealId, pageSize: 20, lastId })).body.data as { id: string; fileName: string }[]
      byCursor.push(data.map((r) => r.fileName))
      lastId = data.at(-1)?.id ?? 'none'
    }
    expect(byCursor).toEqual(pages)
    const newest = (await query({ sealId, pageSize: 1 })).body.data[0].id
    expect((await query({ sealId, lastId: 'no-such-record' })).body.data).toEqual([])
    expect((await query({ sealId, remark: '批量', pageSize: 50, lastId: newest })).body.data).toHaveLength(42)
    // A filtered list by number: the page is the filtered list's own, not the whole list's.
    const filtered = (await query({ sealId, remark: '批量', pageSize: 50 })).body.data.map((r: { fileName: string }) => r.fileName)
    expect((await query({ sealId, remark: '批量', pageNum: 3, pageSize: 20 })).body.data.map((r: { fileName: string }) => r.fileName)).toEqual(filtered.slice(40))
    // Without paging, the spec's call gets the whole list (up to the largest page).
    expect((await query({ sealId })).body.data).toHaveLength(45)
    for (const pageSize of [0, 501, 2.5]) {
      expect((await query({ sealId, pageNum: 1, pageSize })).body.resultStatus).toBe('400')
    }
  })

  it('numbers a seal’s uses 1, 2, 3… in writing order, none lost to a use rolled back or made at the same moment, so every page by number is right', async () => {
    const rolledBack = new Error('rolled back')
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.db
          .transaction(async (tx) => {
            await recordSealUse(tx, { sealId, fileName: `同时-${i}.pdf`, documentSha256: 'cd'.repeat(32) })
            if (i % 3 === 0) throw rolledBack
          })
          .catch((error: unknown) => {
            if (error !== rolledBack) throw error
          }),
      ),
    )
    const rows = await t.db.select({ ordinal: sealUseRecords.sealOrdinal }).from(sealUseRecords).where(eq(sealUseRecords.sealId, sealId)).orderBy(sealUseRecords.seq)
    expect(rows.map((row) => row.ordinal)).toEqual(rows.map((_, i) => i + 1))
    expect(rows).toHaveLength(45 + 20)
    const byNumber: string[] = []
    for (let pageNum = 1; pageNum <= 5; pageNum++) {
      byNumber.push(...(await query({ sealId, pageNum, pageSize: 15 })).body.data.map((r: { id: string }) => r.id))
    }
    const whole = (await query({ sealId, pageSize: 100 })).body.data.map((r: { id: string }) => r.id)
    expect(byNumber).toEqual(whole)
  })
})
