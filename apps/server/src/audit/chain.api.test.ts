import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { chains, linkChains, verifyAuditTrail } from '../audit-trail.ts'
import { persons } from '../auth/tables.ts'
import { recordSealUse } from '../records/use-records.ts'
import { sealUseRecords } from '../records/tables.ts'
import { makeSeal } from '../seals/make-seal.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { signChainHead } from '../trust/chain-heads.ts'
import { auditChain, auditEntryContent } from './audit-chain.ts'
import { entryHashOf, linkPending } from './chain.ts'
import { recordAudit } from './record.ts'
import { auditEvents } from './tables.ts'

/**
 * The audit log and the use records are hash chains (issue #22 §3): an UPDATE, a DELETE or a reordering of a
 * row is found at that row, and a chain rewritten whole with every hash recomputed no longer matches its
 * signed head.
 */
describe('an audit trail no one can rewrite', () => {
  let t: TestApp
  let sealId: string

  beforeAll(async () => {
    t = await startTestApp()
    const { png } = await renderOrganizationSeal({ unitName: '审计链测试有限公司', sealTypeCode: '01', pxPerMm: 6 })
    const [person] = await t.db.select({ id: persons.id }).from(persons).limit(1)
    const made = await makeSeal(t.app.trust, {
      owner: { kind: 'person', personId: person!.id, name: '审计', identityNo: '110101199001011234' },
      sealName: '审计链测试章',
      sealTypeCode: '1000',
      image: Buffer.from(png),
      certStartTime: new Date(),
      certEndTime: new Date(Date.now() + 86_400_000),
      pin: 'abc12345',
    })
    sealId = made.seal.id
    for (let n = 0; n < 5; n++) await recordSealUse(t.db, { sealId, fileName: `合同${n}.pdf`, documentSha256: 'a'.repeat(64), remark: `第${n}份` })
    for (let n = 0; n < 5; n++) await recordAudit(t.db, { action: 'test.event', target: `t${n}`, detail: { n, nested: { b: 1, a: [n] } } })
    await linkChains(t.db)
    for (const chain of chains) await signChainHead(t.app.trust, chain)
  })
  afterAll(() => t.close())

  const auditRowAt = async (chainSeq: number) => (await t.db.select().from(auditEvents).where(eq(auditEvents.chainSeq, chainSeq)))[0]!
  const breakOf = async (chain: string) => (await verifyAuditTrail(t.db)).chains.find((report) => report.chain === chain)!

  it('links every row in writing order and verifies from the first entry, heads signed and stamped', async () => {
    const report = await verifyAuditTrail(t.db)
    expect(report.ok).toBe(true)
    for (const chain of report.chains) {
      expect(chain.unlinked).toBe(0)
      expect(chain.entries).toBeGreaterThanOrEqual(5)
      expect(chain.heads).toBe(1)
    }
    const uses = await t.db.select().from(sealUseRecords).where(eq(sealUseRecords.sealId, sealId)).orderBy(sealUseRecords.seq)
    expect(uses.map((row) => row.chainSeq)).toEqual([...uses.map((row) => row.chainSeq)].sort((a, b) => a! - b!))
  })

  it('finds an edited row at that row, and holds again when it is put back', async () => {
    const row = await auditRowAt(3)
    await t.db.update(auditEvents).set({ target: 'rewritten' }).where(eq(auditEvents.id, row.id))
    expect((await breakOf('audit')).firstBreak).toMatchObject({ chainSeq: 3, id: row.id, reason: '内容与其哈希不符（被改动）' })
    await t.db.update(auditEvents).set({ target: row.target }).where(eq(auditEvents.id, row.id))
    expect((await verifyAuditTrail(t.db)).ok).toBe(true)
  })

  it('finds a deleted row at its place', async () => {
    const [use] = await t.db.select().from(sealUseRecords).where(eq(sealUseRecords.chainSeq, 2))
    await t.db.delete(sealUseRecords).where(eq(sealUseRecords.id, use!.id))
    const report = await breakOf('use')
    expect(report.firstBreak).toMatchObject({ chainSeq: 2, id: null })
    expect(report.firstBreak!.reason).toContain('缺失')
    await t.db.insert(sealUseRecords).values(use!)
    expect((await verifyAuditTrail(t.db)).ok).toBe(true)
  })

  it('finds two rows swapped at the first of them', async () => {
    const [first, second] = [await auditRowAt(2), await auditRowAt(4)]
    // Each row takes the other's link (its place and hashes), as a reordering by hand would.
    const place = async (row: typeof first, link: typeof first) =>
      t.db.update(auditEvents).set({ chainSeq: link.chainSeq, prevHash: link.prevHash, entryHash: link.entryHash }).where(eq(auditEvents.id, row.id))
    await t.db.update(auditEvents).set({ chainSeq: -1 }).where(eq(auditEvents.id, first.id))
    await place(second, first)
    await place(first, second)
    expect((await breakOf('audit')).firstBreak).toMatchObject({ chainSeq: 2, id: second.id })
    await t.db.update(auditEvents).set({ chainSeq: -1 }).where(eq(auditEvents.id, first.id))
    await place(second, second)
    await place(first, first)
    expect((await verifyAuditTrail(t.db)).ok).toBe(true)
  })

  it('finds a chain rewritten whole (an edit and every later hash recomputed) by its signed head', async () => {
    const rows = await t.db.select().from(auditEvents).orderBy(auditEvents.chainSeq)
    const originals = rows.map((row) => ({ ...row }))
    let prevHash = rows[0]!.prevHash!
    for (const row of rows) {
      const stored = auditEntryContent({ ...row, target: row.chainSeq === 1 ? 'forged' : row.target })
      const entryHash = entryHashOf('audit', row.chainSeq!, prevHash, stored)
      await t.db.update(auditEvents).set({ target: stored.target, prevHash, entryHash }).where(eq(auditEvents.id, row.id))
      prevHash = entryHash
    }
    const report = await breakOf('audit')
    expect(report.firstBreak).toBeNull()
    expect(report.firstBadHead?.reason).toContain('链被重写')
    for (const row of originals) await t.db.update(auditEvents).set({ target: row.target, prevHash: row.prevHash, entryHash: row.entryHash }).where(eq(auditEvents.id, row.id))
    expect((await verifyAuditTrail(t.db)).ok).toBe(true)
  })

  it('links 100 rows written at once by two racing linkers into one unbroken chain', async () => {
    await Promise.all(Array.from({ length: 100 }, (_, n) => recordAudit(t.db, { action: 'test.burst', target: `b${n}` })))
    const linked = await Promise.all([linkPending(t.db, auditChain, 40), linkPending(t.db, auditChain, 40), linkPending(t.db, auditChain, 40)])
    // One linker at a time under the advisory lock: each takes up to 40 of what is still unlinked.
    expect(linked.reduce((sum, n) => sum + n, 0)).toBe(100)
    await linkChains(t.db)
    const report = await verifyAuditTrail(t.db)
    expect(report.ok).toBe(true)
    expect(report.chains.find((chain) => chain.chain === 'audit')!.unlinked).toBe(0)
  })

  it('answers the operator’s check, to the admin token only', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: { authorization: `Bearer ${t.secrets.adminToken}` } })
    expect(answer.json()).toMatchObject({ resultStatus: '00', data: { ok: true } })
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit/verify' })).statusCode).toBe(401)
  })
})
