import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCaller } from './auth/sessions.ts'
import { sweepOrphanFiles } from './files/repair.ts'
import { files } from './files/tables.ts'
import { personalSealApplications } from './personal-seal/tables.ts'
import { sealUseRecords } from './records/tables.ts'
import { repairAtStart } from './repair.ts'
import { startTestApp, type TestApp } from './test/harness.ts'
import { personalSealFor, samplePdf, uploadFile } from './test/seals.ts'
import { sealCredentials } from './trust/tables.ts'
import { openssl } from './trust/testing.ts'

const holder = { phone: '13700000041', name: '冯守恒', identityNo: '110101199001011253' }

/**
 * What a crash between two writes could leave (issue 9, security 8), each state made directly as the
 * killed process would have left it; apps/server/src/crash.api.test.ts kills a real server to find them.
 */
describe('nothing half-made after a crash', () => {
  let t: TestApp
  let token: string

  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(holder.phone, { name: holder.name, identityNo: holder.identityNo })
  })
  afterAll(() => t.close())

  it('records a use only with its signed document already stored', async () => {
    const sealId = (await personalSealFor(t, token, { pin: 'seal2026' })).seal.id
    const fileId = await uploadFile(t, token, { name: '合同.pdf', bytes: await samplePdf(), type: 'application/pdf' })
    const signed = await t.call({ url: '/api/seal/signDocument', body: { sealId, pin: 'seal2026', fileId }, token })
    expect(signed.body.resultStatus).toBe('00')

    const [record] = await t.db.select().from(sealUseRecords).where(eq(sealUseRecords.sealId, sealId))
    expect(record).toMatchObject({ documentFileId: signed.body.data.fileId, documentSha256: signed.body.data.sha256 })
    const [file] = await t.db.select().from(files).where(eq(files.id, record!.documentFileId!))
    expect(file!.sha256).toBe(signed.body.data.sha256)
    expect((await t.app.files.get(file!.storageKey)).length).toBe(file!.size)
  })

  it('serves a CRL listing a certificate revoked in the database though the process died before publishing', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/trust/crl' })
    expect(before.statusCode).toBe(200)
    const other = await t.loginPersonal('13700000042', { name: '褚未发', identityNo: '110101199202023488' })
    const made = await personalSealFor(t, other, { pin: 'seal2026' })
    // The revocation's commit, and nothing after it.
    await t.db.update(sealCredentials).set({ status: 'revoked', revokedAt: new Date(), revocationReasonCode: 5 }).where(eq(sealCredentials.id, made.credential.id))

    const served = await t.app.inject({ method: 'GET', url: '/api/trust/crl' })
    const text = openssl(['crl', '-inform', 'DER', '-in', 'crl.der', '-text', '-noout'], { 'crl.der': served.rawPayload })
    expect(text).toContain(`Serial Number: ${made.credential.serialNumber.toUpperCase()}`)
  })

  it('closes at start a draft whose seal was made', async () => {
    const applicant = await t.loginPersonal('13700000043', { name: '卫草稿', identityNo: '110101199303033458' })
    const caller = (await findCaller(t.db, applicant))!
    const [draft] = await t.db
      .insert(personalSealApplications)
      .values({ personId: caller.person.id, accountId: caller.accountId, tel: '13700000043', identityChecked: true, step: 6 })
      .returning()
    const made = await personalSealFor(t, applicant, { pin: 'seal2026' })

    expect((await repairAtStart(t.app.trust)).draftsClosed).toBe(1)
    const [closed] = await t.db.select().from(personalSealApplications).where(eq(personalSealApplications.id, draft!.id))
    expect(closed).toMatchObject({ status: 'done', sealId: made.seal.id })
    expect((await repairAtStart(t.app.trust)).draftsClosed).toBe(0)
  })

  it('sweeps stored bytes no file row points at, and temporary files of interrupted writes, keeping recorded files', async () => {
    const kept = await uploadFile(t, token, { name: '留存.pdf', bytes: await samplePdf(), type: 'application/pdf' })
    await t.app.files.put('2026/11/orphan-of-a-crash', Buffer.from('%PDF-1.7 never recorded'))
    await t.app.files.put('2026/11/half-written.tmp-0a1b2c3d', Buffer.from('%PDF-1.7 torn'))

    const { removed } = await sweepOrphanFiles({ db: t.db, store: t.app.files, before: new Date(Date.now() + 1000) })
    expect(removed).toBe(2)
    await expect(t.app.files.get('2026/11/orphan-of-a-crash')).rejects.toThrow()
    const [file] = await t.db.select().from(files).where(eq(files.id, kept))
    expect((await t.app.files.get(file!.storageKey)).length).toBe(file!.size)
  })
})
