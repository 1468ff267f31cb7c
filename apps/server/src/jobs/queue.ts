import PgBoss from 'pg-boss'
import { clientExecutor, drizzleExecutor, type JobDatabase } from './sql.ts'

/**
 * The job queue (docs/deploy.md "Background jobs"): pg-boss on the service's own database, in the schema
 * `jobs`, so the embedded PGlite of one process and PostgreSQL shared by many run the same queue. A job is
 * fetched by one worker (`FOR UPDATE SKIP LOCKED`), retried with backoff when its handler throws, and
 * failed back to the queue when its process stops or dies while running it (after `expireInSeconds`).
 */
export const JOB_SCHEMA = 'jobs'

/** Every queue, by what its jobs do. */
export const queues = {
  /** One attempt of one webhook delivery (data: `{ deliveryId }`), due at the delivery's `next_attempt_at`. */
  webhookDelivery: 'webhook-delivery',
  /** Queues an attempt for pending deliveries that have none (rows from before the queue, a job lost). */
  webhookSweep: 'webhook-sweep',
  authExpiryNotices: 'auth-expiry-notices',
  auditChainLink: 'audit-chain-link',
  auditChainSign: 'audit-chain-sign',
  openApiHousekeeping: 'open-api-housekeeping',
  /** One more try of an SMS notice the gateway refused while a request was answered (data: `{ phone, text }`). */
  smsNotice: 'sms-notice',
  /** Re-signs the CRL before it goes stale, so no fetch of it pays for the signing. */
  crlRefresh: 'crl-refresh',
} as const
export type QueueName = (typeof queues)[keyof typeof queues]

/**
 * Every queue is `short`: per key (a delivery's id, a periodic job's name) at most one job waits, so queuing
 * one that already waits is a no-op; a job may wait while another of its key runs (each handler claims its
 * own work first). A handler that throws is retried three times, 10 s, 20 s, 40 s apart. A job still active
 * after `expireInSeconds` (its process died) counts as failed and is retried: two minutes for a webhook
 * attempt (10 s at most, plus the address check), fifteen for the others.
 */
const QUEUE_OPTIONS = { policy: 'short', retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 900 } as const
const queueOptions = (name: QueueName) => ({ name, ...QUEUE_OPTIONS, ...(name === queues.webhookDelivery ? { expireInSeconds: 120 } : {}) })

/**
 * Creates (or migrates) the queue's tables and its queues: part of opening the database, so a transaction
 * can send a job from the first request on.
 */
export async function prepareJobStore(db: JobDatabase): Promise<void> {
  const boss = new PgBoss({ db: clientExecutor(db), schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true })
  boss.on('error', () => {})
  await boss.start()
  for (const name of Object.values(queues)) {
    await boss.createQueue(name, queueOptions(name))
    await boss.updateQueue(name, queueOptions(name))
  }
  await boss.stop({ graceful: false, wait: true })
}

/** Builds pg-boss's statements; the executor is always the caller's (`sendJob`), so it is never started. */
const sender = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('sendJob passes its own database')) }, schema: JOB_SCHEMA, supervise: false, schedule: false })

export type SendOptions = {
  /** Not before then (a webhook's next attempt). */
  startAfter?: Date
  /** At most one waiting job per key. */
  singletonKey?: string
  /** At most one job per key in each window of this many seconds, across processes. */
  singletonSeconds?: number
}

/**
 * Queues a job through `db`: in a transaction, the job exists exactly when what it is about does (a
 * delivery row, a re-queue). Answers the job's id, or null when one with the same key already waits.
 */
export async function sendJob(db: JobDatabase, name: QueueName, data: object, options: SendOptions = {}): Promise<string | null> {
  return sender.send(name, data, { ...options, db: drizzleExecutor(db) })
}

export type JobLog = { info: (detail: object, message: string) => void; warn: (detail: object, message: string) => void }

export type JobQueue = {
  /**
   * Runs `handle` for the jobs of `name` in this process, up to `batchSize` at a time, looking every
   * `pollingSeconds` (0.5 at least). A handler that throws has its job retried (QUEUE_OPTIONS).
   */
  work: <T extends object>(name: QueueName, handle: (data: T) => Promise<void>, options?: { batchSize?: number; pollingSeconds?: number }) => Promise<void>
  /**
   * Runs the job `name` once every `everyMs` across all processes: each process proposes a job per window
   * (now, then each `everyMs`) and the window's key lets one through; whichever process is free runs it.
   */
  every: (name: QueueName, everyMs: number) => void
  /** Stops proposing and fetching, waits up to `timeoutMs` for the handlers running, and gives back what is left. */
  stop: () => Promise<void>
}

/** Starts the queue's upkeep (expiring stuck jobs, archiving done ones) in this process; workers are added with `work`. */
export async function startJobQueue(options: { db: JobDatabase; log: JobLog; pollingSeconds?: number; stopTimeoutMs?: number }): Promise<JobQueue> {
  const { db, log } = options
  const boss = new PgBoss({
    db: clientExecutor(db),
    schema: JOB_SCHEMA,
    migrate: false,
    schedule: false,
    // Expiring and archiving are shared: pg-boss runs them in one process at a time (an advisory lock).
    supervise: true,
    maintenanceIntervalSeconds: 60,
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 7,
  })
  boss.on('error', (error: Error) => log.warn({ err: error }, '后台任务队列出错'))
  await boss.start()
  const timers: NodeJS.Timeout[] = []
  const loops: Promise<void>[] = []
  /** Jobs this process holds, by queue: given back if a stop outlasts its wait. */
  const held = new Map<string, { name: QueueName; id: string }>()
  let stopping = false
  const pause = new AbortController()
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        pause.signal.removeEventListener('abort', wake)
        resolve()
      }
      const timer = setTimeout(wake, ms)
      pause.signal.addEventListener('abort', wake)
    })

  // Our own fetch loop rather than pg-boss's `work`: a stop then knows that no fetch is in flight and no
  // handler will start after it, before the database closes.
  async function loop<T extends object>(name: QueueName, handle: (data: T) => Promise<void>, batchSize: number, pollingMs: number) {
    while (!stopping) {
      let jobs: PgBoss.Job<T>[] = []
      try {
        jobs = (await boss.fetch<T>(name, { batchSize })) ?? []
        for (const job of jobs) held.set(job.id, { name, id: job.id })
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await handle(job.data)
              await boss.complete(name, job.id)
            } catch (error) {
              log.warn({ err: error, queue: name, jobId: job.id }, '后台任务失败，稍后重试')
              await boss.fail(name, job.id, { message: String((error as Error).message ?? error) })
            } finally {
              held.delete(job.id)
            }
          }),
        )
      } catch (error) {
        log.warn({ err: error, queue: name }, '后台任务队列读取失败')
      }
      if (jobs.length < batchSize) await sleep(pollingMs)
    }
  }

  return {
    async work<T extends object>(name: QueueName, handle: (data: T) => Promise<void>, workOptions: { batchSize?: number; pollingSeconds?: number } = {}) {
      const pollingMs = Math.max(0.5, workOptions.pollingSeconds ?? options.pollingSeconds ?? 1) * 1000
      loops.push(loop(name, handle, workOptions.batchSize ?? 1, pollingMs))
    },
    every(name, everyMs) {
      if (everyMs <= 0) return
      const seconds = Math.max(1, Math.round(everyMs / 1000))
      const propose = () =>
        void sendJob(db, name, {}, { singletonKey: name, singletonSeconds: seconds }).catch((error: unknown) => log.warn({ err: error, queue: name }, '后台任务未能排队，下次再试'))
      propose()
      const timer = setInterval(propose, everyMs)
      timer.unref()
      timers.push(timer)
    },
    async stop() {
      stopping = true
      for (const timer of timers) clearInterval(timer)
      pause.abort()
      const timeoutMs = options.stopTimeoutMs ?? 30_000
      let timer: NodeJS.Timeout | undefined
      const finished = await Promise.race([Promise.all(loops).then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(resolve, timeoutMs, false)))])
      clearTimeout(timer)
      // Still running after the wait: given back now, for another process to take at once.
      if (!finished) for (const job of held.values()) await boss.fail(job.name, job.id, { message: '服务进程停止' }).catch(() => {})
      await boss.stop({ graceful: false, wait: true })
    },
  }
}

export type QueueDepth = { queue: QueueName; state: 'waiting' | 'retry' | 'active'; count: number }

/** Jobs not yet done, by queue and state (the /metrics gauge `job_queue_depth`). */
export async function queueDepths(db: JobDatabase): Promise<QueueDepth[]> {
  const { rows } = await clientExecutor(db).executeSql(`SELECT name, state::text AS state, count(*)::int AS count FROM ${JOB_SCHEMA}.job WHERE state < 'completed' GROUP BY name, state`, [])
  const found = new Map((rows as { name: string; state: string; count: number }[]).map((row) => [`${row.name}/${row.state}`, Number(row.count)]))
  return Object.values(queues).flatMap((queue) =>
    (['waiting', 'retry', 'active'] as const).map((state) => ({ queue, state, count: found.get(`${queue}/${state === 'waiting' ? 'created' : state}`) ?? 0 })),
  )
}
