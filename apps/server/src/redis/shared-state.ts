import { Redis, type RedisOptions } from 'ioredis'

/** Where the shared state says what happens to it (the server's logger). */
export type SharedStateLog = {
  info: (detail: object, message: string) => void
  warn: (detail: object, message: string) => void
}

/**
 * The Redis that several server processes share (REDIS_URL; docs/deploy.md "Shared state (Redis)"): rate
 * limits, in-flight request keys, used login assertions and the caches' forget channel. Two connections: one
 * for commands, one subscribed to the forget channel (a subscribed connection takes no other command).
 *
 * Commands never wait for a Redis that is away: there is no offline queue (a command while disconnected
 * fails at once), each command gives up after COMMAND_TIMEOUT_MS, and after a failure Redis is not tried
 * again for RETRY_AFTER_MS. Each user decides what a failure means for it (docs/decisions.md "A Redis that
 * is down").
 */
export type SharedState = {
  /** A key or channel of this deployment: REDIS_KEY_PREFIX then `name`. */
  key: (name: string) => string
  commands: Redis
  subscriber: Redis
  /** Whether to try Redis now: connected, and no command failed in the last RETRY_AFTER_MS. */
  available: () => boolean
  /** Notes a failed command (`what` names the user in the log): Redis is left alone for RETRY_AFTER_MS. */
  failed: (what: string, error: unknown) => void
  log: SharedStateLog
  close: () => Promise<void>
}

export const COMMAND_TIMEOUT_MS = 1_000
export const RETRY_AFTER_MS = 3_000
/** How long start-up waits for a first connection before it starts without one (and keeps trying). */
const FIRST_CONNECTION_MS = 3_000

export async function openSharedState(options: { url: string; keyPrefix: string; log: SharedStateLog }): Promise<SharedState> {
  const { log } = options
  const connection: RedisOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    autoResubscribe: false, // the forget channel subscribes again itself, and knows when it has
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  }
  const commands = new Redis(options.url, { ...connection, commandTimeout: COMMAND_TIMEOUT_MS, connectionName: 'seal-commands' })
  const subscriber = new Redis(options.url, { ...connection, connectionName: 'seal-forgets' })

  let pausedUntil = 0
  let outage = false
  let closing = false
  const noteDown = (what: string, error: unknown) => {
    if (outage) return
    outage = true
    log.warn({ err: error, what }, 'Redis 不可用：限流与防重复改按本进程计，缓存改为直读数据库，接入应用登录暂停，直至恢复')
  }
  commands.on('ready', () => {
    if (outage) log.info({}, 'Redis 已恢复：共享状态重新生效')
    outage = false
    pausedUntil = 0
  })
  commands.on('close', () => {
    if (!closing) noteDown('connection', new Error('connection closed'))
  })
  // Without listeners, a connection error is thrown as an uncaught 'error' event; ioredis reconnects by itself.
  commands.on('error', (error) => noteDown('connection', error))
  subscriber.on('error', (error) => noteDown('forget channel', error))

  const ready = new Promise<void>((resolve) => commands.once('ready', resolve))
  const waited = await Promise.race([ready.then(() => true), new Promise<boolean>((resolve) => setTimeout(resolve, FIRST_CONNECTION_MS, false).unref())])
  if (!waited) noteDown('start', new Error(`no connection within ${FIRST_CONNECTION_MS} ms`))

  return {
    key: (name) => `${options.keyPrefix}${name}`,
    commands,
    subscriber,
    available: () => commands.status === 'ready' && Date.now() >= pausedUntil,
    failed(what, error) {
      pausedUntil = Date.now() + RETRY_AFTER_MS
      noteDown(what, error)
    },
    log,
    async close() {
      closing = true
      // quit waits for what was sent; a connection that is away is simply dropped.
      await Promise.all([commands, subscriber].map((client) => (client.status === 'ready' ? client.quit().then(() => {}, () => client.disconnect()) : client.disconnect())))
    },
  }
}
