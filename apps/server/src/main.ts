import cluster from 'node:cluster'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { loadConfig, openingSandboxes, sandboxExposure } from './config.ts'
import { openDatabase, type OpenDatabase } from './db/client.ts'
import { openFileStore } from './files/open-store.ts'
import { createProviders } from './identity/providers.ts'
import { loadSecrets } from './secrets.ts'
import { demo, seedDemo, seedFirstAdministrator } from './seed.ts'
import { seedSandboxPlatforms } from './platforms/registry.ts'
import { ensureOperationManual } from './config/operation-manual.ts'
import { closeWorkerPool } from './workers/pool.ts'
import { repairAtStart, sweepAfterStart } from './repair.ts'
import { startBackgroundJobs } from './background-jobs.ts'
import type { JobQueue } from './jobs/queue.ts'
import { linkChains } from './audit-trail.ts'

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
// With PostgreSQL, one server process per core (PROCESSES); PGlite's data folder has one user at a time.
const processes = config.databaseUrl ? config.processes : 1
if (processes > 1 && cluster.isPrimary) await runPrimary(processes)
else await runServer({ prepare: cluster.isPrimary })

/**
 * Everything done once per start, before any request: migrations (opening the database), the CA and the
 * start-up key (building the app), repairs, demo data, the operation manual; then the banner. Answers the app
 * and its database, open.
 */
async function prepare() {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  traceMemory('database open and migrated')
  const app = await build(database)
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
  return { app, database, firstAdmin }
}

async function build(database: OpenDatabase) {
  const app = await buildApp({
    config,
    db: database.db,
    files: openFileStore(config.fileStore),
    providers: createProviders({ config, db: database.db, log: (line) => app.log.info(line) }),
    secrets: loadSecrets(config.dataDir),
  })
  traceMemory('app built (CA checked, routes registered)')
  return app
}

/**
 * Several processes (docs/deploy.md "Several processes"): the primary prepares once, then forks the server
 * processes, which share the port; one that dies is started again. SIGTERM/SIGINT are passed on, and the
 * primary ends when every process has finished what it was doing.
 */
async function runPrimary(count: number) {
  const { app, database, firstAdmin } = await prepare()
  printBanner(app, database, firstAdmin, count)
  const startedAt = new Date()
  await app.close()
  let stopping = false
  const fork = () => cluster.fork({ SEAL_SERVER_PROCESS: '1' })
  for (let n = 0; n < count; n++) fork()
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    console.error(`服务进程 ${worker.process.pid} 已退出（${signal ?? code}），重新启动`)
    setTimeout(fork, 1000).unref()
  })
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
    const waiting = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(waiting)
        void database.close().then(() => process.exit(0))
      }
    }, 100)
  }
  process.on('SIGINT', () => stop('SIGTERM'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  // Files no record points at are swept once, by the primary, after the processes started.
  const trust = app.trust
  sweepAfterStart({ db: database.db, trust, kind: database.kind, startedAt })
    .then(({ removed }) => console.log(`启动检查完成：已清理无记录的存储文件 ${removed} 个`))
    .catch((error: unknown) => console.error('启动检查未完成：清理存储文件失败', error))
}

/** One server process: prepared here (a single process) or by the primary (one of several). */
async function runServer(options: { prepare: boolean }) {
  const startedAt = new Date()
  const prepared = options.prepare ? await prepare() : undefined
  const database = prepared?.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }))
  const app = prepared?.app ?? (await build(database))

  let closing = false
  /** The job queue's workers, started after listening, stopped before closing. */
  const background: { jobs?: JobQueue } = {}
  // Graceful: stop taking requests (/readyz answers 503 at once), finish those under way and the jobs running
  // (a job still running after 30 s is given back to the queue), link what the chains have left, release the database.
  async function shutdown(signal: string) {
    if (closing) return
    closing = true
    app.log.info(`${signal}: closing`)
    await background.jobs?.stop()
    await linkChains(database.db).catch((error: unknown) => app.log.error({ err: error }, '审计链链接失败'))
    await app.close()
    await closeWorkerPool()
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  traceMemory('listening')
  // Webhooks, notices, the audit chains, housekeeping: jobs on the queue, which every server process works.
  background.jobs = await startBackgroundJobs(app)
  if (prepared) {
    sweepAfterStart({ db: database.db, trust: app.trust, kind: database.kind, startedAt })
      .then(({ removed }) => app.log.info({ removed }, '启动检查完成：已清理无记录的存储文件'))
      .catch((error: unknown) => app.log.warn({ err: error }, '启动检查未完成：清理存储文件失败'))
    printBanner(app, database, prepared.firstAdmin, 1)
  }
}

function printBanner(app: FastifyInstance, database: OpenDatabase, firstAdmin: { username: string; initialPassword: string } | null, count: number) {
  const lines = [
    '',
    `电子印章服务已启动: ${config.publicUrl}  (数据库: ${database.kind === 'pglite' ? `PGlite ${config.dataDir}` : `PostgreSQL，${count} 个服务进程`})`,
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
}

