import { spawn } from 'node:child_process'
import { createServer, request as httpRequest } from 'node:http'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import {
  createOpenApiClient,
  OpenApiRefusal,
  registerPlatform,
  samplePdf,
  signatureHeaders,
  startWebhookReceiver,
  verifyWebhook,
} from '../../../../examples/platform-client/lib.mjs'
import { findCaller } from '../auth/sessions.ts'
import { sealBindings } from '../bindings/tables.ts'
import { bindSealForTest } from '../bindings/test-support.ts'
import { createWebhookWorker } from '../platforms/webhook-worker.ts'
import { sealUseRecords } from '../records/tables.ts'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'
import { personalSealFor } from '../test/seals.ts'
import { idNumber } from '../unit-apply/test-support.ts'

const clientScript = fileURLToPath(new URL('../../../../examples/platform-client/client.mjs', import.meta.url))
const holder = { phone: '13700000081', name: '钱示例', identityNo: idNumber(881) }

describe('the sample platform client (examples/platform-client) against the server', () => {
  let t: TestApp
  let baseUrl: string
  let personId: string
  let sealId: string

  beforeAll(async () => {
    t = await startTestApp()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address() as { port: number }
    baseUrl = `http://127.0.0.1:${address.port}`
    const token = await t.loginPersonal(holder.phone, { name: holder.name, identityNo: holder.identityNo })
    personId = (await findCaller(t.db, token))!.person.id
    sealId = (await personalSealFor(t, token, { pin: 'seal2026', sealName: holder.name })).seal.id
  })
  afterAll(() => t.close())

  it('registers, receives the signed binding.created webhook, seals its own PDF by keyword, and the result verifies', async () => {
    const events: { event: string; data: Record<string, unknown> }[] = []
    const rejected: string[] = []
    let secret = ''
    const receiver = await startWebhookReceiver({ clientSecret: () => secret, onEvent: (e) => events.push(e), onRejected: (r) => rejected.push(r) })
    try {
      const platform = await registerPlatform({ baseUrl, adminToken: t.secrets.adminToken, clientName: '示例对接平台（测试）', webhookUrl: receiver.url })
      secret = platform.clientSecret
      const client = createOpenApiClient({ baseUrl, clientId: platform.clientId, clientSecret: platform.clientSecret })
      expect((await client.boundSeals()).seals).toEqual([])

      const binding = await bindSealForTest(t.db, { sealId, platformId: platform.platformId, personId })
      await createWebhookWorker({ db: t.db, keys: t.app.trust.keys, allowPrivateAddresses: true }).runOnce()
      expect(events).toEqual([expect.objectContaining({ event: 'binding.created', data: expect.objectContaining({ bindingId: binding.id, sealId }) })])
      expect(rejected).toEqual([])

      const [seal] = (await client.boundSeals()).seals
      expect(seal).toMatchObject({ sealId, holderName: holder.name, usable: true })
      const sealed = await client.sealDocument({ sealId, pdf: samplePdf(), fileName: 'platform-sample.pdf', positions: [{ keyword: 'Party A (seal):', offsetX: 90 }] })
      expect(sealed).toMatchObject({ signatures: 1, fileName: 'platform-sample（已签章）.pdf' })
      const document = await client.document(sealed.documentId)
      expect(document).toMatchObject({ documentId: sealed.documentId, fileName: 'platform-sample（已签章）.pdf', sha256: sealed.sha256 })
      // The same sealing as one JSON body with the PDF in base64.
      const asJson = await client.sealDocument({ sealId, pdf: samplePdf(), fileName: 'platform-sample.pdf', positions: [{ keyword: 'Party A (seal):', offsetX: 90 }], form: 'json' })
      expect(asJson).toMatchObject({ signatures: 1, fileName: 'platform-sample（已签章）.pdf', replayed: false })
      const { payload, headers } = multipart({ name: 'sealed.pdf', bytes: document.pdf, type: 'application/pdf' })
      const report = (await t.app.inject({ method: 'POST', url: '/api/verify', payload, headers })).json()
      expect(report.data.signatures).toEqual([expect.objectContaining({ valid: true, documentUnchanged: true })])

      // A webhook not signed with the platform's secret is refused by the receiver.
      const body = JSON.stringify({ id: 'forged', event: 'binding.cancelled', data: {} })
      const timestamp = String(Math.floor(Date.now() / 1000))
      const forged = await fetch(receiver.url, { method: 'POST', body, headers: { 'x-seal-timestamp': timestamp, 'x-seal-signature': 'ab'.repeat(32) } })
      expect(forged.status).toBe(401)
      expect(events).toHaveLength(1)

      // Registering the same name again never rotates the live platform's secret behind the user's back:
      // it is refused, saying how to rotate, and the running copy's secret still works.
      const again = await registerPlatform({ baseUrl, adminToken: t.secrets.adminToken, clientName: '示例对接平台（测试）', webhookUrl: receiver.url }).catch((error: unknown) => error)
      expect(again).toBeInstanceOf(Error)
      expect((again as Error).message).toContain('--rotate-secret')
      const live = createOpenApiClient({ baseUrl, clientId: platform.clientId, clientSecret: platform.clientSecret })
      expect((await live.boundSeals()).seals).toHaveLength(1)
      // Asked explicitly, it rotates: the old secret is refused at once.
      const rotated = await registerPlatform({ baseUrl, adminToken: t.secrets.adminToken, clientName: '示例对接平台（测试）', webhookUrl: receiver.url, rotateSecret: true })
      expect(rotated.platformId).toBe(platform.platformId)
      const stale = createOpenApiClient({ baseUrl, clientId: platform.clientId, clientSecret: platform.clientSecret })
      const refusal = await stale.boundSeals().catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(OpenApiRefusal)
      expect(refusal).toMatchObject({ status: 401, code: 'INVALID_CLIENT' })
    } finally {
      await receiver.close()
    }
  })

  it('sends a sealing again with the same Idempotency-Key when its answer is lost, and gets the one document it made', async () => {
    const platform = await registerPlatform({ baseUrl, adminToken: t.secrets.adminToken, clientName: '示例对接平台（重发）' })
    await bindSealForTest(t.db, { sealId, platformId: platform.platformId, personId })
    // Between the platform and the service, a network that loses the answer to the first sealing: the
    // service carries the request out, the platform hears nothing.
    const seen: { key: string | undefined; nonce: string | undefined }[] = []
    const lossy = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        // The client sends the PDF itself, its fields in the query.
        const sealing = request.method === 'POST' && request.url!.split('?')[0] === '/api/open/v1/documents'
        if (sealing) seen.push({ key: request.headers['idempotency-key'] as string | undefined, nonce: request.headers['x-seal-nonce'] as string | undefined })
        const upstream = httpRequest(`${baseUrl}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
          const body: Buffer[] = []
          answer.on('data', (chunk: Buffer) => body.push(chunk))
          answer.on('end', () => {
            if (sealing && seen.length === 1) return request.socket.destroy()
            response.writeHead(answer.statusCode!, answer.headers).end(Buffer.concat(body))
          })
        })
        upstream.end(Buffer.concat(chunks))
      })
    })
    await new Promise<void>((resolve) => lossy.listen(0, '127.0.0.1', resolve))
    try {
      const retries: string[] = []
      const client = createOpenApiClient({
        baseUrl: `http://127.0.0.1:${(lossy.address() as { port: number }).port}`,
        clientId: platform.clientId,
        clientSecret: platform.clientSecret,
        onRetry: ({ reason }) => retries.push(reason),
      })
      const sealed = await client.sealDocument({ sealId, pdf: samplePdf(), fileName: 'platform-retry.pdf', positions: [{ page: 1, x: 380, y: 60 }] })

      expect(retries).toHaveLength(1)
      expect(retries[0]).toMatch(/^无应答/)
      expect(seen).toHaveLength(2)
      expect(seen[0]!.key).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
      expect(seen[1]!.key).toBe(seen[0]!.key)
      expect(seen[1]!.nonce).not.toBe(seen[0]!.nonce)
      expect(sealed).toMatchObject({ signatures: 1, replayed: true, idempotencyKey: seen[0]!.key })
      // One use of the seal: the first attempt's, whose document the retry was given.
      const records = await t.db.select().from(sealUseRecords).where(eq(sealUseRecords.platformId, platform.platformId))
      expect(records).toHaveLength(1)
      expect(records[0]!.documentSha256).toBe(sealed.sha256)
      expect((await client.document(sealed.documentId)).sha256).toBe(sealed.sha256)
    } finally {
      lossy.closeAllConnections()
      await new Promise((resolve) => lossy.close(resolve))
    }
  })

  it('waits and asks again when the token call is answered 429, as Retry-After says', async () => {
    const platform = await registerPlatform({ baseUrl, adminToken: t.secrets.adminToken, clientName: '示例对接平台（限流）' })
    // The service's token call is limited per client address; here the first one meets the limit.
    let tokenCalls = 0
    const limited = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        if (request.url === '/api/open/v1/token' && ++tokenCalls === 1) {
          response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end(JSON.stringify({ code: 'RATE_LIMITED', message: '请求过于频繁，请稍后再试', requestId: 'x' }))
          return
        }
        const upstream = httpRequest(`${baseUrl}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
          response.writeHead(answer.statusCode!, answer.headers)
          answer.pipe(response)
        })
        upstream.end(Buffer.concat(chunks))
      })
    })
    await new Promise<void>((resolve) => limited.listen(0, '127.0.0.1', resolve))
    try {
      const retries: { reason: string; waitMs: number }[] = []
      const client = createOpenApiClient({
        baseUrl: `http://127.0.0.1:${(limited.address() as { port: number }).port}`,
        clientId: platform.clientId,
        clientSecret: platform.clientSecret,
        onRetry: (info) => retries.push(info),
      })
      expect((await client.boundSeals()).seals).toEqual([])
      expect(tokenCalls).toBe(2)
      expect(retries).toEqual([expect.objectContaining({ reason: expect.stringContaining('429 RATE_LIMITED'), waitMs: 1000 })])
    } finally {
      limited.closeAllConnections()
      await new Promise((resolve) => limited.close(resolve))
    }
  })

  it('signs and verifies exactly as the server does', async () => {
    const secret = 'a-platform-secret'
    const headers = signatureHeaders({ method: 'get', pathWithQuery: '/api/open/v1/seals?limit=5&after=b%20c', clientSecret: secret, timestamp: 1_767_225_600, nonce: 'nonce-0123456789abcdef' })
    const { hmacHex, stringToSign, sha256Hex } = await import('../platforms/request-signature.ts')
    const expected = hmacHex(secret, stringToSign({ method: 'GET', path: '/api/open/v1/seals', query: 'after=b%20c&limit=5', timestamp: '1767225600', nonce: 'nonce-0123456789abcdef', bodySha256: sha256Hex('') }))
    expect(headers['x-seal-signature']).toBe(expected)
    const { webhookSignature } = await import('../platforms/request-signature.ts')
    const body = '{"id":"d1"}'
    const now = Date.now()
    const at = String(Math.floor(now / 1000))
    expect(verifyWebhook({ clientSecret: secret, body, headers: { 'x-seal-timestamp': at, 'x-seal-signature': webhookSignature(secret, at, body) }, now })).toBe(true)
    expect(verifyWebhook({ clientSecret: secret, body: `${body} `, headers: { 'x-seal-timestamp': at, 'x-seal-signature': webhookSignature(secret, at, body) }, now })).toBe(false)
    // An old delivery replayed later fails on its timestamp.
    expect(verifyWebhook({ clientSecret: secret, body, headers: { 'x-seal-timestamp': at, 'x-seal-signature': webhookSignature(secret, at, body) }, now: now + 600_000 })).toBe(false)
  })

  it('runs as a program: registers, waits for the binding, seals, saves the PDF and exits', async () => {
    const state = mkdtempSync(join(tmpdir(), 'platform-client-'))
    try {
      const child = spawn(process.execPath, [clientScript, '--server', baseUrl, '--name', '示例对接平台（程序）', '--state', state, '--webhook-port', '0', '--once'], {
        env: { ...process.env, ADMIN_TOKEN: t.secrets.adminToken },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      const credentialsFile = join(state, 'credentials.json')
      // It says what it waits for once it has registered; then the holder binds a seal to it.
      for (let i = 0; i < 200 && !output.includes('等待绑定'); i++) await new Promise((r) => setTimeout(r, 100))
      expect(output).toContain('等待绑定')
      const { platformId } = JSON.parse(readFileSync(credentialsFile, 'utf8'))
      await bindSealForTest(t.db, { sealId, platformId, personId })
      await createWebhookWorker({ db: t.db, keys: t.app.trust.keys, allowPrivateAddresses: true }).runOnce()
      expect(await exited, output).toBe(0)
      expect(output).toContain('收到推送 binding.created（签名有效）')
      expect(output).toContain('签章请求 Idempotency-Key：')
      expect(output).toContain('已签章：platform-sample（已签章）.pdf，1 处')
      const saved = readdirSync(state).filter((name) => name.startsWith('sealed-'))
      expect(saved).toHaveLength(1)
      expect(readFileSync(join(state, saved[0]!)).subarray(0, 5).toString()).toBe('%PDF-')

      // Once the binding is cancelled, the platform's next attempt (`client.mjs seal`) is refused.
      await t.db.update(sealBindings).set({ bindState: '0', cancelledAt: new Date() }).where(eq(sealBindings.platformId, platformId))
      const again = spawn(process.execPath, [clientScript, 'seal', '--server', baseUrl, '--name', '示例对接平台（程序）', '--state', state], { stdio: ['ignore', 'pipe', 'pipe'] })
      let refusal = ''
      again.stdout.on('data', (chunk: Buffer) => (refusal += chunk.toString()))
      expect(await new Promise((resolve) => again.once('exit', resolve)), refusal).toBe(2)
      expect(refusal).toContain('开放接口拒绝：HTTP 403 BINDING_NOT_IN_EFFECT 该印章与本平台的绑定已解除')
    } finally {
      rmSync(state, { recursive: true, force: true })
    }
  })

  /** Runs client.mjs to its end; answers its exit code and what it printed. */
  const runClient = async (args: string[]) => {
    const child = spawn(process.execPath, [clientScript, '--server', baseUrl, ...args], { env: { ...process.env, ADMIN_TOKEN: t.secrets.adminToken }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    return { code, output }
  }

  it('run again without its state file, refuses to rotate the live platform’s secret and says how to', async () => {
    const first = mkdtempSync(join(tmpdir(), 'platform-client-'))
    const second = mkdtempSync(join(tmpdir(), 'platform-client-'))
    const name = '示例对接平台（两份）'
    try {
      // The first copy registers and is left waiting for a binding (killed here once it says so).
      const running = spawn(process.execPath, [clientScript, '--server', baseUrl, '--name', name, '--state', first, '--webhook-port', '0'], {
        env: { ...process.env, ADMIN_TOKEN: t.secrets.adminToken },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      running.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      for (let i = 0; i < 200 && !output.includes('等待绑定'); i++) await new Promise((r) => setTimeout(r, 100))
      running.kill()
      const credentials = JSON.parse(readFileSync(join(first, 'credentials.json'), 'utf8'))

      const again = await runClient(['--name', name, '--state', second, '--webhook-port', '0', '--once'])
      expect(again.code, again.output).toBe(1)
      expect(again.output).toContain(`平台「${name}」已登记`)
      expect(again.output).toContain('--rotate-secret')
      // The first copy's credentials still work.
      const live = createOpenApiClient({ baseUrl, clientId: credentials.clientId, clientSecret: credentials.clientSecret })
      expect((await live.boundSeals()).seals).toEqual([])
    } finally {
      rmSync(first, { recursive: true, force: true })
      rmSync(second, { recursive: true, force: true })
    }
  })

  it('says clearly when its webhook port is taken', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const state = mkdtempSync(join(tmpdir(), 'platform-client-'))
    try {
      const port = (taken.address() as { port: number }).port
      const run = await runClient(['--name', '示例对接平台（端口）', '--state', state, '--webhook-port', String(port), '--once'])
      expect(run.code, run.output).toBe(1)
      expect(run.output).toContain(`推送接收端口 ${port} 已被占用`)
      expect(run.output).toContain('--webhook-port')
    } finally {
      taken.close()
      rmSync(state, { recursive: true, force: true })
    }
  })
})
