import { randomUUID, timingSafeEqual } from 'node:crypto'
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { isIP } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { sql } from 'drizzle-orm'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { SEAL_MADE_CHANNEL, SEAL_USED_CHANNEL } from './metric-channels.ts'

/**
 * What a load balancer and a monitor ask of each server process (issue #23 §2): `/healthz` (the process
 * answers), `/readyz` (it can serve: the database answers, Redis when configured, not shutting down),
 * `/metrics` (Prometheus: requests by route, latencies, the database pool, queue depths, seals made and used)
 * and a request id on every answer and log line.
 */

/** A request id a proxy sent is kept if it looks like one; otherwise each request gets its own. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
}


export type Observability = {
  registry: Registry
  /** A gauge read at each scrape (queue depths live in the layers that own the queues). */
  gauge(name: string, help: string, read: () => Promise<number>): void
  /** The same with labels: one value per label set, all read at each scrape. */
  labelledGauge(name: string, help: string, labelNames: string[], read: () => Promise<{ labels: Record<string, string>; value: number }[]>): void
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    observability: Observability
  }
}

type PoolLike = { totalCount: number; idleCount: number; waitingCount: number; options?: { max?: number } }

export const observabilityPlugin = fp(
  async (app: FastifyInstance, options: { metricsToken: string | undefined; redisUp?: () => boolean }) => {
    const registry = new Registry()
    collectDefaultMetrics({ register: registry })
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by route (the matched pattern) and status class',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    })
    const sealsMade = new Counter({ name: 'seals_made_total', help: 'Seals made by this process', registers: [registry] })
    const sealsUsed = new Counter({ name: 'seal_uses_total', help: 'Seal uses recorded by this process', registers: [registry] })
    const made = () => sealsMade.inc()
    const used = () => sealsUsed.inc()
    subscribe(SEAL_MADE_CHANNEL, made)
    subscribe(SEAL_USED_CHANNEL, used)
    app.addHook('onClose', async () => {
      unsubscribe(SEAL_MADE_CHANNEL, made)
      unsubscribe(SEAL_USED_CHANNEL, used)
    })

    const pool = (app.db as unknown as { $client?: PoolLike }).$client
    if (pool && typeof pool.totalCount === 'number') {
      new Gauge({
        name: 'db_pool_connections',
        help: 'Database pool connections by state',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount)
          this.set({ state: 'idle' }, pool.idleCount)
          this.set({ state: 'waiting' }, pool.waitingCount)
          this.set({ state: 'max' }, pool.options?.max ?? 0)
        },
      })
    }
    const observability: Observability = {
      registry,
      gauge(name, help, read) {
        new Gauge({
          name,
          help,
          registers: [registry],
          async collect() {
            this.set(await read())
          },
        })
      },
      labelledGauge(name, help, labelNames, read) {
        new Gauge({
          name,
          help,
          labelNames,
          registers: [registry],
          async collect() {
            for (const { labels, value } of await read()) this.set(labels, value)
          },
        })
      },
    }
    app.decorate('observability', observability)

    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id)
    })
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched'
      duration.observe({ method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000)
    })

    // Closing: the load balancer takes the process out while it finishes what runs (Fastify answers new
    // requests 503 from then on too).
    let closing = false
    app.addHook('preClose', async () => {
      closing = true
    })
    const hidden = { config: { public: true }, schema: { hide: true }, logLevel: 'warn' as const }
    app.get('/healthz', hidden, async () => ({ status: 'ok' }))
    // Redis is reported, not required: without it every request is still answered (docs/deploy.md).
    app.get('/readyz', hidden, async (_request, reply) => {
      const redis = options.redisUp ? (options.redisUp() ? 'up' : 'down') : 'none'
      if (closing) return reply.status(503).send({ status: 'closing', redis })
      try {
        await app.db.execute(sql`select 1`)
        return { status: 'ready', redis }
      } catch {
        return reply.status(503).send({ status: 'database unavailable', redis })
      }
    })
    app.get('/metrics', hidden, async (request, reply) => {
      if (!mayScrape(request, options.metricsToken)) return reply.status(404).send({ resultStatus: '404', responseInfo: '接口不存在', data: null })
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(await registry.metrics())
    })
  },
)

/**
 * With METRICS_TOKEN, the bearer of that token; without, callers on loopback or a private network only (the
 * monitor beside the process, not the internet). Anyone else is told the path does not exist.
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization?.replace(/^Bearer /i, '') ?? '')
    const expected = Buffer.from(token)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }
  return isPrivateAddress(request.ip)
}

function isPrivateAddress(ip: string): boolean {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  if (isIP(address) === 6) return address === '::1' || /^f[cd]/i.test(address)
  const [a = 0, b = 0] = address.split('.').map(Number)
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168)
}
