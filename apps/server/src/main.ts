import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { buildApp } from './app.ts'
import { loadConfig, openingSandboxes, sandboxExposure } from './config.ts'
import { openDatabase } from './db/client.ts'
import { localFileStore } from './files/store.ts'
import { createProviders } from './identity/providers.ts'
import { loadSecrets } from './secrets.ts'
import { demo, seedDemo, seedFirstAdministrator } from './seed.ts'
import { seedSandboxPlatforms } from './platforms/registry.ts'
import { ensureOperationManual } from './config/operation-manual.ts'
import { closeWorkerPool } from './workers/pool.ts'
import { repairAtStart, sweepAfterStart } from './repair.ts'
import { createWebhookWorker, type WebhookWorker } from './platforms/webhook-worker.ts'
import { openApiHousekeeping } from './open-api/housekeeping.ts'
import { startAuthExpiryNotices } from './seal-auth/expiry-notices.ts'
import { startChainer } from './audit-trail.ts'

const startedAt = new Date()
// MEMORY_TRACE=1 prints the resident memory after each start-up phase (bench/memory.bench.ts reads it).
const traceMemory = process.env.MEMORY_TRACE
  ? (phase: string) => {
      const mb = (bytes: number) => Math.round(bytes / 1048576)
      const { rss, heapTotal, external } = process.memoryUsage()
      console.error(`memory: ${phase}: rss ${mb(rss)} MB (JavaScript heap ${mb(heapTotal)} MB, external ${mb(external)} MB)`)
    }
  : () => {}
traceMemory('modules loaded')
const config = loadConfig()
mkdirSync(config.dataDir, { recursive: true })
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
traceMemory('database open and migrated')
const secrets = loadSecrets(config.dataDir)
const app = await buildApp({
  config,
  db: database.db,
  files: localFileStore(join(config.dataDir, 'files')),
  providers: createProviders({ config, db: database.db, log: (line) => app.log.info(line) }),
  secrets,
})
traceMemory('app built (CA checked, routes registered)')

let closing = false
/** Work started after listening, stopped before closing. */
const background: { webhooks?: WebhookWorker; stopExpiryNotices?: () => Promise<void>; stopChainer?: () => Promise<void> } = {}
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info(`${signal}: closing`)
  await background.webhooks?.stop()
  await background.stopExpiryNotices?.()
  await background.stopChainer?.()
  await app.close()
  await closeWorkerPool()
  await database.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

// What a crash may have left between two writes is mended before the first request (decisions.md "Crash safety").
const repaired = await repairAtStart(app.trust)
if (repaired.draftsClosed > 0) app.log.warn({ draftsClosed: repaired.draftsClosed }, '启动修复：已关闭印章已制作的申请草稿')
if (repaired.applicationsFinished > 0) app.log.warn({ applicationsFinished: repaired.applicationsFinished }, '启动修复：已完成中断的单位印章制作')
if (config.seedDemo) await seedDemo(database.db)
if (config.seedDemo) await seedSandboxPlatforms(database.db, app.trust.keys)
// The console's first administrator, as the demo accounts are: created once, its initial password printed once.
const firstAdmin = config.seedDemo ? await seedFirstAdministrator(database.db) : null
await ensureOperationManual(database.db, app.files)
traceMemory('demo seeded, operation manual ready')
await app.listen({ port: config.port, host: config.host })
traceMemory('listening')
// Platforms' webhooks (docs/platforms.md "Webhooks"): every server process runs one; they share the work safely.
// The open API's housekeeping rides on its rounds.
background.webhooks = createWebhookWorker({
  db: database.db,
  keys: app.trust.keys,
  allowPrivateAddresses: config.webhookAllowPrivateAddresses,
  housekeeping: openApiHousekeeping,
  log: app.log,
})
// SMS to seal users whose authorisations end soon, now and every AUTH_EXPIRY_NOTICES_EVERY_MINUTES.
background.stopExpiryNotices = startAuthExpiryNotices({ db: database.db, sms: app.providers.sms, everyMs: config.authExpiryNoticeEveryMs, log: app.log })
// The audit log and the use records are hash-chained a moment after they are written, their heads signed at intervals.
background.stopChainer = startChainer({ trust: app.trust, ...config.auditChain, log: app.log })
sweepAfterStart({ db: database.db, trust: app.trust, kind: database.kind, startedAt })
  .then(({ removed }) => app.log.info({ removed }, '启动检查完成：已清理无记录的存储文件'))
  .catch((error: unknown) => app.log.warn({ err: error }, '启动检查未完成：清理存储文件失败'))

const lines = [
  '',
  `电子印章服务已启动: ${config.publicUrl}  (数据库: ${database.kind === 'pglite' ? `PGlite ${config.dataDir}` : 'PostgreSQL'})`,
  `  接口文档: ${config.publicUrl}/api/docs`,
]
if (config.seedDemo) {
  lines.push(
    '  演示账号（短信验证码见沙箱发件箱 ' + `${config.publicUrl}/dev/sms 或本日志）:`,
    `    个人登录: 手机号 ${demo.person.phone}（${demo.person.name}）`,
    `    企业登录: 统一社会信用代码 ${demo.unit.socialCreditCode}，法定代表人手机号 ${demo.legalPerson.phone}（${demo.legalPerson.name}，${demo.unit.name}）`,
  )
}
const exposure = sandboxExposure(config)
if (exposure) {
  // Said in the log and again, framed, on the console: the demo's SMS codes are readable by anyone who can reach the port.
  app.log.warn(exposure)
  lines.push('', '!'.repeat(72), `  ${exposure}`, '!'.repeat(72), '')
} else if (openingSandboxes(config.providers).length > 0) {
  lines.push(`  沙箱环境：仅本机可访问（${config.host}）；在网络上演示请设 HOST 与 ALLOW_SANDBOX_ON_NETWORK=true`)
}
lines.push(`  运营后台: ${config.publicUrl}/console`)
if (firstAdmin) {
  lines.push(`    系统管理员: 用户名 ${firstAdmin.username}，初始密码 ${firstAdmin.initialPassword}（只显示这一次；首次登录后修改密码并绑定动态验证码）`)
}
if (!process.env.ADMIN_TOKEN) lines.push(`  启动密钥（/api/admin 的 API 密钥，全部角色，可在运营后台吊销）: 见 ${join(config.dataDir, 'secrets', 'admin.token')}`)
console.log(lines.join('\n') + '\n')
