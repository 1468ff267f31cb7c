#!/usr/bin/env node
// A business platform talking to the seal service (README.md beside this file):
//   node examples/platform-client/client.mjs [options]        register, wait for a binding, seal, listen
//   node examples/platform-client/client.mjs seal [options]   seal once more with the saved credentials
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
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
    timestamp: { type: 'boolean', default: false },
    once: { type: 'boolean', default: false },
    'webhook-port': { type: 'string', default: '8790' },
    'webhook-host': { type: 'string', default: '127.0.0.1' },
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
const log = (...words) => console.log(`[平台 ${new Date().toLocaleTimeString('zh-CN', { hour12: false })}]`, ...words)

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
  const sealed = await client.sealDocument({ sealId: seal.sealId, pdf, fileName, positions: positions(own), timestamp: options.timestamp, remark: '示例平台签章' })
  log(`已签章：${sealed.fileName}，${sealed.signatures} 处，文档 ${sealed.documentId}`)
  const document = await client.document(sealed.documentId)
  const out = join(stateDir, `sealed-${sealed.documentId}.pdf`)
  writeFileSync(out, document.pdf)
  log(`已保存：${out}（SHA-256 ${document.sha256}）`)
  return sealed
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
  const client = createOpenApiClient({ baseUrl, ...credentials })
  // The seal named, else the one sealed with last (so a cancelled binding is heard as a refusal), else any.
  const sealId = options['seal-id'] ?? credentials.lastSealId
  const seal = sealId ? { sealId } : await pickSeal(client)
  if (!seal) {
    log('没有绑定本平台且可用的印章')
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
      log(`收到推送 ${event.event}（签名有效）：`, JSON.stringify(event.data))
      if (event.event === 'binding.created' || event.event === 'binding.rebound') bindingArrived?.()
    },
    onRejected: (reason) => log(`拒收推送：${reason}`),
  })
  log(`推送接收地址：${receiver.url}`)

  const admin = adminToken()
  if (credentials) {
    await setWebhookUrl({ baseUrl, adminToken: admin, platformId: credentials.platformId, webhookUrl: receiver.url })
    log(`沿用已登记的平台「${credentials.clientName}」（${credentials.clientId}）`)
  } else {
    credentials = await registerPlatform({ baseUrl, adminToken: admin, clientName: options.name, webhookUrl: receiver.url })
    writeFileSync(credentialsFile, JSON.stringify({ server: baseUrl, ...credentials }, null, 2), { mode: 0o600 })
    log(`已登记平台「${credentials.clientName}」：clientId ${credentials.clientId}（凭据保存在 ${credentialsFile}）`)
  }
  const client = createOpenApiClient({ baseUrl, ...credentials })

  let seal = await pickSeal(client)
  if (!seal) log(`等待绑定：请在 App 的「印章绑定」中选择平台「${credentials.clientName}」并绑定一枚印章…`)
  while (!seal) {
    await new Promise((done) => {
      bindingArrived = done
      setTimeout(done, 3000)
    })
    seal = await pickSeal(client)
  }
  log(`可用印章：${seal.sealName}（${seal.sealTypeName}，${seal.holderName}），证书至 ${seal.certEndTime}`)
  await sealOnce(client, seal)
  writeFileSync(credentialsFile, JSON.stringify({ server: baseUrl, ...credentials, lastSealId: seal.sealId }, null, 2), { mode: 0o600 })

  if (options.once) {
    await receiver.close()
    return
  }
  log('继续接收推送（解除绑定、印章注销等）；再签一次：node examples/platform-client/client.mjs seal；Ctrl-C 退出')
  process.on('SIGINT', () => receiver.close().then(() => process.exit(0)))
}

try {
  await (positionals[0] === 'seal' ? sealCommand() : runCommand())
} catch (error) {
  if (error instanceof OpenApiRefusal) {
    log(`开放接口拒绝：HTTP ${error.status} ${error.code} ${error.body?.message ?? ''}`)
    process.exit(2)
  }
  log(`失败：${error.message}`)
  process.exit(1)
}
