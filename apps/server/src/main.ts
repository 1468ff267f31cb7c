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
/**
 * A server process that dies before it listens, or within this long after, died "quickly" (docs/deploy.md
 * "Crash loops"). Counted from listening, not from the start: on a busy machine starting takes a while.
 */
const QUICK_DEATH_MS = 30_000
/** After this many quick deaths in a row the primary gives up. */
const MAX_QUICK_DEATHS = 5
/** The wait before starting a process again: 1 s, then doubling with each quick death in a row, at most 30 s. */
const restartDelay = (quickDeaths: number) => Math.min(1000 * 2 ** Math.max(0, quickDeaths - 1), 30_000)
/** How long a rolling restart waits for a new process to listen, and for an old one to finish its requests. */
const ROLLING_START_MS = 120_000
const ROLLING_STOP_MS = 120_000

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
 * processes, which share the port; one that dies is started again, after a growing delay if it keeps dying
 * right after its start, and the primary gives up after MAX_QUICK_DEATHS such deaths in a row. SIGUSR2
 * restarts them one at a time (a rolling restart). SIGTERM/SIGINT are passed on, and the primary ends when
 * every process has finished what it was doing.
 */
async function runPrimary(count: number) {
  const { app, database, firstAdmin } = await prepare()
  printBanner(app, database, firstAdmin, count)
  const startedAt = new Date()
  await app.close()
  let stopping = false
  let quickDeaths = 0
  /** Processes a rolling restart is stopping: their exit is expected, not restarted. */
  const retiring = new Set<number>()
  const listeningAt = new Map<number, number>()
  const fork = () => {
    const worker = cluster.fork({ SEAL_SERVER_PROCESS: '1' })
    worker.once('listening', () => {
      listeningAt.set(worker.id, Date.now())
      // One that stays up past the quick window ends a run of quick deaths.
      setTimeout(() => {
        if (!worker.isDead()) quickDeaths = 0
      }, QUICK_DEATH_MS).unref()
    })
    return worker
  }
  for (let n = 0; n < count; n++) fork()
  cluster.on('exit', (worker, code, signal) => {
    const listened = Date.now() - (listeningAt.get(worker.id) ?? Date.now())
    listeningAt.delete(worker.id)
    if (stopping || retiring.delete(worker.id)) return
    quickDeaths = listened < QUICK_DEATH_MS ? quickDeaths + 1 : 0
    if (quickDeaths >= MAX_QUICK_DEATHS) return giveUp(worker.process.pid, code, signal)
    const delay = restartDelay(quickDeaths)
    console.error(`服务进程 ${worker.process.pid} 已退出（${signal ?? code}），${delay / 1000} 秒后重新启动`)
    // Not unref'd: with every process dead this timer is all that keeps the primary alive.
    setTimeout(() => {
      if (!stopping) fork()
    }, delay)
  })
  // A process that keeps dying right after its start will not start by itself: say so and end, so that
  // whatever runs the service (systemd, the container runtime) reports it instead of a silent loop.
  const giveUp = (pid: number | undefined, code: number | null, signal: string | null) => {
    console.error(
      [
        `服务进程连续 ${MAX_QUICK_DEATHS} 次在开始监听前或监听后 ${QUICK_DEATH_MS / 1000} 秒内退出（最近一次：进程 ${pid}，${signal ?? code}），已停止重启，主进程退出。请查看上方日志中的错误原因（如数据库、Redis 或端口不可用）。`,
        `Server processes exited before listening or within ${QUICK_DEATH_MS / 1000} s of it ${MAX_QUICK_DEATHS} times in a row (last: process ${pid}, ${signal ?? code}); not restarting them, the primary exits. See the errors logged above (database, Redis or port unavailable?).`,
      ].join('\n'),
    )
    stop('SIGTERM', 1)
  }

  let rolling = false
  // Rolling restart (SIGUSR2): for each process running now, start a new one, wait until it listens, then
  // stop the old one gracefully (it finishes its requests) and wait for it to end; one at a time, so the
  // port always has a process answering.
  const rollingRestart = async () => {
    if (rolling || stopping) return
    rolling = true
    const old = Object.values(cluster.workers ?? {}).filter((worker): worker is NonNullable<typeof worker> => worker !== undefined && !retiring.has(worker.id))
    console.log(`滚动重启：逐个替换 ${old.length} 个服务进程`)
    try {
      for (const worker of old) {
        if (stopping) return
        if (worker.isDead()) continue
        const fresh = fork()
        const listening = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), ROLLING_START_MS)
          fresh.once('listening', () => (clearTimeout(timer), resolve(true)))
          fresh.once('exit', () => (clearTimeout(timer), resolve(false)))
        })
        if (!listening) {
          console.error(`滚动重启中止：新服务进程 ${fresh.process.pid} 未能开始监听，旧进程保留`)
          return
        }
        retiring.add(worker.id)
        const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
        worker.process.kill('SIGTERM')
        // One that does not finish within the bound is ended, as a stuck process would be by an orchestrator.
        const stuck = setTimeout(() => worker.process.kill('SIGKILL'), ROLLING_STOP_MS)
        await ended
        clearTimeout(stuck)
        console.log(`滚动重启：服务进程 ${worker.process.pid} 已由 ${fresh.process.pid} 替换`)
      }
      console.log('滚动重启完成')
    } finally {
      rolling = false
    }
  }
  process.on('SIGUSR2', () => void rollingRestart())

  const stop = (signal: NodeJS.Signals, exitCode = 0) => {
    if (stopping) return
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
    const waiting = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(waiting)
        void database.close().then(() => process.exit(exitCode))
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
    await leaveThePrimary()
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

/**
 * One of several processes says goodbye to the primary before it exits. The primary hands each connection
 * to a process by message; one handed over just as this process closed its server is sent back by Node,
 * but only while this process is still there to answer. Exiting at once lost such a connection: the
 * primary kept it, unanswered, forever. The primary acknowledges the disconnect after every message it
 * sent before it, so once it has, nothing is on its way here.
 */
async function leaveThePrimary() {
  const worker = cluster.worker
  if (!worker?.isConnected()) return
  await new Promise<void>((resolve) => {
    worker.once('disconnect', () => resolve())
    worker.disconnect()
  })
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

