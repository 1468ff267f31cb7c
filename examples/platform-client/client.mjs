#!/usr/bin/env node
// A business platform talking to the seal service (README.md beside this file):
//   node examples/platform-client/client.mjs [options]        register, wait for a binding, seal, listen
//   node examples/platform-client/client.mjs seal [options]   seal once more with the saved credentials
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createOpenApiClient, OpenApiRefusal, registerPlatform, samplePdf, setWebhookUrl, startWebhookReceiver } from './lib.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string', default: process.env.SEAL_SERVER ?? 'http://127.0.0.1:8080' },
    name: { type: 'string', default: '示例对接平台' },
    pdf: { type: 'string' },
    keyword: { type: 'string' },
    page: { type: 'string' },
    x: { type: 'string' },
    y: { type: 'string' },
    'offset-x': { type: 'string' },
    'seal-id': { type: 'string' },
    'idempotency-key': { type: 'string' },
    timestamp: { type: 'boolean', default: false },
    'json-body': { type: 'boolean', default: false },
    once: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    'webhook-port': { type: 'string', default: '8790' },
    'webhook-host': { type: 'string', default: '127.0.0.1' },
    'rotate-secret': { type: 'boolean', default: false },
    state: { type: 'string', default: join(here, '.state') },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (options.help) {
  console.log(readFileSync(join(here, 'README.md'), 'utf8'))
  process.exit(0)
}

const baseUrl = options.server.replace(/\/+$/, '')
const stateDir = resolve(options.state)
const credentialsFile = join(stateDir, 'credentials.json')
mkdirSync(stateDir, { recursive: true })
/**
 * Says what happened: a line for a person (`[平台 12:00:00] …`), or with --json one JSON object a line,
 * `{ at, kind, message, …details }`, for a program that drives the client (kinds: listening, registered,
 * waiting, webhook, webhook-rejected, seal-ready, sealing, retry, sealed, saved, keep-listening, no-seal, refused, failed).
 */
function log(kind, message, details = {}) {
  if (options.json) console.log(JSON.stringify({ at: new Date().toISOString(), kind, message, ...details }))
  else console.log(`[平台 ${new Date().toLocaleTimeString('zh-CN', { hour12: false })}]`, message)
}

/** The operator's admin token: ADMIN_TOKEN, else the file the server writes into its data folder. */
function adminToken() {
  if (process.env.ADMIN_TOKEN) return process.env.ADMIN_TOKEN.trim()
  const file = join(resolve(process.env.DATA_DIR ?? 'data'), 'secrets', 'admin.token')
  if (!existsSync(file)) throw new Error(`找不到运维令牌：请设置 ADMIN_TOKEN，或在启动服务的目录运行（读取 ${file}），或设置 DATA_DIR`)
  return readFileSync(file, 'utf8').trim()
}

/** Credentials saved by an earlier run against the same server and platform name. */
function savedCredentials() {
  if (!existsSync(credentialsFile)) return undefined
  const saved = JSON.parse(readFileSync(credentialsFile, 'utf8'))
  return saved.server === baseUrl && saved.clientName === options.name ? saved : undefined
}

/** Where to seal: a point if --page/--x/--y are given, else a keyword (the sample PDF's own by default). */
function positions(ownPdf) {
  if (options.x !== undefined && options.y !== undefined) return [{ page: Number(options.page ?? 1), x: Number(options.x), y: Number(options.y) }]
  const keyword = options.keyword ?? (ownPdf ? 'Party A (seal):' : undefined)
  if (!keyword) throw new Error('请用 --keyword 指定关键字，或用 --page --x --y 指定坐标')
  return [{ keyword, ...(options.page ? { page: Number(options.page) } : {}), offsetX: Number(options['offset-x'] ?? 90) }]
}

async function sealOnce(client, seal) {
  const own = !options.pdf
  const pdf = own ? samplePdf() : readFileSync(options.pdf)
  const fileName = own ? 'platform-sample.pdf' : basename(options.pdf)
  // One Idempotency-Key for this document: the client sends it again on its own retries, and a run that
  // was cut off can be repeated with --idempotency-key to get the document it may have made.
  const idempotencyKey = options['idempotency-key'] ?? randomUUID()
  log('sealing', `签章请求 Idempotency-Key：${idempotencyKey}`, { idempotencyKey })
  const sealed = await client.sealDocument({ sealId: seal.sealId, pdf, fileName, positions: positions(own), timestamp: options.timestamp, remark: '示例平台签章', idempotencyKey, form: options['json-body'] ? 'json' : 'pdf' })
  log('sealed', `已签章：${sealed.fileName}，${sealed.signatures} 处，文档 ${sealed.documentId}${sealed.replayed ? '（重发请求，服务返回首次签章的结果）' : ''}`, {
    documentId: sealed.documentId,
    sealId: seal.sealId,
    fileName: sealed.fileName,
    signatures: sealed.signatures,
    idempotencyKey,
    replayed: sealed.replayed,
  })
  const document = await client.document(sealed.documentId)
  const out = join(stateDir, `sealed-${sealed.documentId}.pdf`)
  writeFileSync(out, document.pdf)
  log('saved', `已保存：${out}（SHA-256 ${document.sha256}）`, { documentId: sealed.documentId, file: out, sha256: document.sha256 })
  return sealed
}

/** The open-API client, saying when it sends a call again. */
function openApiClient(credentials) {
  return createOpenApiClient({
    baseUrl,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    onRetry: ({ attempt, reason, waitMs }) => log('retry', `第 ${attempt} 次请求未成功（${reason}），${waitMs} 毫秒后重发`, { attempt, reason, waitMs }),
  })
}

async function pickSeal(client) {
  const { seals } = await client.boundSeals()
  const usable = seals.filter((s) => s.usable && (!options['seal-id'] || s.sealId === options['seal-id']))
  return usable[0]
}

/** `seal`: one sealing with the saved credentials; exits 2 with the refusal's code when refused. */
async function sealCommand() {
  const credentials = savedCredentials()
  if (!credentials) throw new Error(`还没有平台凭据（${credentialsFile}）：先不带参数运行一次`)
  const client = openApiClient(credentials)
  // The seal named, else the one sealed with last (so a cancelled binding is heard as a refusal), else any.
  const sealId = options['seal-id'] ?? credentials.lastSealId
  const seal = sealId ? { sealId } : await pickSeal(client)
  if (!seal) {
    log('no-seal', '没有绑定本平台且可用的印章')
    process.exit(2)
  }
  await sealOnce(client, seal)
}

/** The whole story: register (or reuse), receive webhooks, wait for a binding, seal, keep listening. */
async function runCommand() {
  let credentials = savedCredentials()
  let bindingArrived
  const receiver = await startWebhookReceiver({
    port: Number(options['webhook-port']),
    host: options['webhook-host'],
    clientSecret: () => credentials?.clientSecret ?? '',
    onEvent: (event) => {
      log('webhook', `收到推送 ${event.event}（签名有效）： ${JSON.stringify(event.data)}`, { event: event.event, id: event.id, data: event.data })
      if (event.event === 'binding.created' || event.event === 'binding.rebound') bindingArrived?.()
    },
    onRejected: (reason) => log('webhook-rejected', `拒收推送：${reason}`, { reason }),
  })
  log('listening', `推送接收地址：${receiver.url}`, { webhookUrl: receiver.url })

  const admin = adminToken()
  if (credentials) {
    await setWebhookUrl({ baseUrl, adminToken: admin, platformId: credentials.platformId, webhookUrl: receiver.url })
    log('registered', `沿用已登记的平台「${credentials.clientName}」（${credentials.clientId}）`, { platformId: credentials.platformId, clientId: credentials.clientId, clientName: credentials.clientName, reused: true })
  } else {
    credentials = await registerPlatform({ baseUrl, adminToken: admin, clientName: options.name, webhookUrl: receiver.url, rotateSecret: options['rotate-secret'] })
    writeFileSync(credentialsFile, JSON.stringify({ server: baseUrl, ...credentials }, null, 2), { mode: 0o600 })
    log('registered', `已登记平台「${credentials.clientName}」：clientId ${credentials.clientId}（凭据保存在 ${credentialsFile}）`, { platformId: credentials.platformId, clientId: credentials.clientId, clientName: credentials.clientName, reused: false })
  }
  const client = openApiClient(credentials)

  let seal = await pickSeal(client)
  if (!seal) log('waiting', `等待绑定：请在 App 的「印章绑定」中选择平台「${credentials.clientName}」并绑定一枚印章…`)
  while (!seal) {
    await new Promise((done) => {
      bindingArrived = done
      setTimeout(done, 3000)
    })
    seal = await pickSeal(client)
  }
  log('seal-ready', `可用印章：${seal.sealName}（${seal.sealTypeName}，${seal.holderName}），证书至 ${seal.certEndTime}`, { sealId: seal.sealId, sealName: seal.sealName, holderName: seal.holderName })
  await sealOnce(client, seal)
  writeFileSync(credentialsFile, JSON.stringify({ server: baseUrl, ...credentials, lastSealId: seal.sealId }, null, 2), { mode: 0o600 })

  if (options.once) {
    await receiver.close()
    return
  }
  log('keep-listening', '继续接收推送（解除绑定、印章注销等）；再签一次：node examples/platform-client/client.mjs seal；Ctrl-C 退出')
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => receiver.close().then(() => process.exit(0)))
}

try {
  await (positionals[0] === 'seal' ? sealCommand() : runCommand())
} catch (error) {
  if (error instanceof OpenApiRefusal) {
    log('refused', `开放接口拒绝：HTTP ${error.status} ${error.code} ${error.body?.message ?? ''}`, { status: error.status, code: error.code, refusal: error.body?.message })
    process.exit(2)
  }
  log('failed', `失败：${error.message}`)
  process.exit(1)
}
