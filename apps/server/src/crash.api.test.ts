import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPdf } from '@seal/pdf/verify/verify-pdf'
import { renderPersonalSeal } from '@seal/seal/personal-seal'
import { sealStatusHeld } from '@seal/shared/codes/seal-status'
import { buildApp } from './app.ts'
import { createSession } from './auth/sessions.ts'
import { persons } from './auth/tables.ts'
import { ensureAccount } from './auth/login.ts'
import { loadConfig } from './config.ts'
import { openDatabase, type OpenDatabase } from './db/client.ts'
import { saveFile } from './files/service.ts'
import { localFileStore } from './files/store.ts'
import { files } from './files/tables.ts'
import { createProviders } from './identity/providers.ts'
import { personalSealApplications } from './personal-seal/tables.ts'
import { sealUseRecords } from './records/tables.ts'
import { seals } from './seals/tables.ts'
import { loadSecrets } from './secrets.ts'
import { createPostgresDatabase } from './test/harness.ts'
import { samplePdf } from './test/seals.ts'
import { killServerProcesses, startServerProcess } from './test/server-process.ts'
import { until } from './test/waits.ts'
import { loadCertificateAuthority } from './trust/ca.ts'
import { makeSeal } from './seals/make-seal.ts'
import { sealCredentials } from './trust/tables.ts'
import { openssl } from './trust/testing.ts'

/**
 * Kills the real server with SIGKILL in the middle of bursts of seal uses, cancellations and personal
 * seal submissions, starts it again on the same data, and checks that nothing is half-made (issue 9,
 * security 8; decisions.md "Crash safety"): every use record's signed document is stored and verifies,
 * every revoked certificate is on the served CRL, no application draft stays open beside its seal, and
 * no stored file is left without its record. On PGlite in a temporary folder, and on a fresh PostgreSQL
 * database when the server-postgres project runs.
 */
const ROUNDS = 3
const PER_KIND = 6
/** Answers before the kill, per round (of PER_KIND × 3 calls). */
const KILL_AFTER = [3, 7, 11]
const PIN = 'seal2026'

type Burst = { url: string; token: string; body: unknown }[]

describe('a server killed mid-burst leaves nothing half-made', () => {
  let dataDir: string
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined
  const bursts: Burst[] = []

  const open = () => openDatabase({ databaseUrl: postgres?.url, dataDir, warn: () => {} })

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'seal-crash-'))
    postgres = process.env.TEST_DATABASE === 'postgres' ? await createPostgresDatabase() : undefined
    const database = await open()
    try {
      const pdf = Buffer.from(await samplePdf())
      for (let round = 0; round < ROUNDS; round++) bursts.push(await prepareBurst({ database, dataDir, round, pdf }))
    } finally {
      await database.close()
    }
  })
  afterAll(async () => {
    killServerProcesses()
    await postgres?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('keeps every record pointing at what is durable, across kills at different moments', async () => {
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      TSA_PROVIDER: 'none',
    }
    // Each restart repairs the last kill and then takes the next burst.
    let server = await startServerProcess(env)
    const served: { killedAt: Date; crl: Buffer }[] = []
    for (const [round, burst] of bursts.entries()) {
      // Six callers at a time work through the burst, so uses, cancellations and submissions are in flight together.
      const answered: string[] = []
      let sent = 0
      let killed = false
      const caller = async () => {
        while (sent < burst.length && !killed) {
          const request = burst[sent++]!
          await fetch(`${server.url}/api${request.url}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${request.token}` },
            body: JSON.stringify(request.body),
          })
            // Only calls that did their work count towards the moment of the kill.
            .then(async (response) => (((await response.json()) as { resultStatus: string }).resultStatus === '00' ? answered.push(request.url) : undefined))
            .catch(() => 'cut off by the kill')
        }
      }
      const callers = Array.from({ length: 6 }, caller)
      // Each round kills at another point of the burst, once every kind of call has been answered at least
      // once (on a loaded machine the first seal use waits for a cold worker while the others answer).
      const kinds = new Set(burst.map((request) => request.url))
      await until(() => answered.length >= KILL_AFTER[round]! && [...kinds].every((url) => answered.includes(url)), { timeoutMs: 60_000, everyMs: 5, waitingFor: 'answers' })
      killed = true
      await server.kill()
      const killedAt = new Date()
      await Promise.all(callers)
      expect(answered.length).toBeLessThan(burst.length)

      server = await startServerProcess(env)
      served.push({ killedAt, crl: Buffer.from(await (await fetch(`${server.url}/api/trust/crl`)).arrayBuffer()) })
      await server.swept
    }
    await server.stop()
    await checkInvariants(served)
  }, 240_000)

  async function checkInvariants(served: { killedAt: Date; crl: Buffer }[]) {
    const database = await open()
    const { db } = database
    try {
      const store = localFileStore(join(dataDir, 'files'))
      const ca = await loadCertificateAuthority({ db })
      const records = await db.select().from(sealUseRecords)
      expect(records.length).toBeGreaterThan(0)
      for (const record of records) {
        const [file] = await db
          .select()
          .from(files)
          .where(record.documentFileId ? eq(files.id, record.documentFileId) : eq(files.sha256, record.documentSha256))
        expect(file, `use record ${record.id} without its signed document`).toBeDefined()
        const bytes = await store.get(file!.storageKey)
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(record.documentSha256)
        const [report] = await verifyPdf(new Uint8Array(bytes), { trustedRoots: [ca.root.certificateDer] })
        expect(report).toMatchObject({ documentUnchanged: true, signatureValid: true, chainTrusted: true })
      }

      // The CRL served right after each restart lists every certificate revoked before that kill.
      const revoked = await db
        .select({ serialNumber: sealCredentials.serialNumber, revokedAt: sealCredentials.revokedAt })
        .from(sealCredentials)
        .where(eq(sealCredentials.status, 'revoked'))
      expect(revoked.length).toBeGreaterThan(0)
      for (const { killedAt, crl } of served) {
        const listed = openssl(['crl', '-inform', 'DER', '-in', 'crl.der', '-text', '-noout'], { 'crl.der': crl })
        for (const { serialNumber, revokedAt } of revoked) {
          if (revokedAt! < killedAt) expect(listed, `revoked ${serialNumber} missing from the CRL`).toContain(`Serial Number: ${serialNumber.toUpperCase()}`)
        }
      }

      const openBesideSeal = await db
        .select({ id: personalSealApplications.id })
        .from(personalSealApplications)
        .innerJoin(seals, eq(seals.personId, personalSealApplications.personId))
        .where(and(eq(personalSealApplications.status, 'draft'), eq(seals.sealTypeCode, '1000'), inArray(seals.status, [...sealStatusHeld])))
      expect(openBesideSeal).toEqual([])
      expect((await db.select().from(personalSealApplications).where(eq(personalSealApplications.status, 'done'))).length).toBeGreaterThan(0)

      // PGlite: the restarted server was the only writer, so its sweep settled every stored file.
      if (!postgres) {
        const keys = new Set((await db.select({ key: files.storageKey }).from(files)).map((row) => row.key))
        for await (const object of store.list()) expect(keys.has(object.key), `stored ${object.key} without a record`).toBe(true)
      }
    } finally {
      await database.close()
    }
  }
})

/** People with sessions, seals, a PDF and complete drafts, written directly; then the calls of one burst. */
async function prepareBurst({ database, dataDir, round, pdf: pdfBytes }: { database: OpenDatabase; dataDir: string; round: number; pdf: Buffer }): Promise<Burst> {
  const { db } = database
  const config = { ...loadConfig({ DATA_DIR: dataDir }), logLevel: 'silent', webDist: '/nonexistent', timestamping: { provider: 'none' as const, timeoutMs: 10_000 } }
  const store = localFileStore(join(dataDir, 'files'))
  const app = await buildApp({ config, db, files: store, providers: createProviders({ config, db, log: () => {} }), secrets: loadSecrets(dataDir, {}), logger: false })
  try {
    let next = 0
    const person = async () => {
      const n = round * 100 + next++
      const identityNo = idNumber(`11010119900101${String(n).padStart(3, '0')}`)
      const [row] = await db.insert(persons).values({ name: `崩溃测${'甲乙丙丁戊己庚辛'[n % 8]}`, identityNo, phone: `139${String(n).padStart(8, '0')}` }).returning()
      const accountId = await ensureAccount(db, { kind: 'personal', personId: row!.id, unitId: null })
      return { row: row!, accountId, token: (await createSession(db, accountId)).token }
    }
    // Any name seal picture will do for these seals; drawing one per person would only slow the set-up.
    const image = (await renderPersonalSeal({ name: '崩溃测', style: '1' })).png
    const sealOf = async (holder: Awaited<ReturnType<typeof person>>) =>
      makeSeal(app.trust, {
        owner: { kind: 'person', personId: holder.row.id, name: holder.row.name, identityNo: holder.row.identityNo },
        sealName: `${holder.row.name}的个人名章`,
        sealTypeCode: '1000',
        image,
        certStartTime: new Date(),
        certEndTime: new Date(Date.now() + 365 * 86_400_000),
        pin: PIN,
      })

    const signer = await person()
    const signerSeal = await sealOf(signer)
    const pdf = await saveFile({ db, store, ownerAccountId: signer.accountId, bytes: pdfBytes, originalName: '合同.pdf' })
    const burst: Burst = []
    for (let i = 0; i < PER_KIND; i++) {
      // A session per use: the duplicate guard must not be what keeps the uses apart.
      const { token } = await createSession(db, signer.accountId)
      burst.push({ url: '/seal/signDocument', token, body: { sealId: signerSeal.seal.id, pin: PIN, fileId: pdf.id, remark: `第${i + 1}份` } })
      const holder = await person()
      const held = await sealOf(holder)
      burst.push({ url: '/seal/revokeNew', token: holder.token, body: { sealId: held.seal.id, pin: PIN } })
      const applicant = await person()
      await db.insert(personalSealApplications).values({
        personId: applicant.row.id,
        accountId: applicant.accountId,
        tel: applicant.row.phone,
        identityChecked: true,
        frontSerial: 'front',
        backSerial: 'back',
        faceSerialNo: 'face',
        agreementFiles: [{ key: 'apply', fileId: 'agreement' }],
        signatureId: 'signature',
        style: '1',
        step: 6,
      })
      burst.push({
        url: '/seal-apply/apply/save/person',
        token: applicant.token,
        body: { personIdentity: applicant.row.identityNo, personName: applicant.row.name, personFront: 'front', personBack: 'back', makeDate: '20261123', tel: applicant.row.phone, style: '1', serialNo: 'face', pin: PIN },
      })
    }
    return burst
  } finally {
    await app.close()
  }
}

/** A resident ID number with its check digit. */
function idNumber(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...first17].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0)
  return first17 + '10X98765432'[sum % 11]!
}
