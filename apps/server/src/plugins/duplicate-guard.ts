import { createHash, type Hash } from 'node:crypto'
import { pipeline, Transform } from 'node:stream'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { resultStatus } from '@seal/shared/api/envelope'
import { AppError } from '../errors.ts'
import { redisInFlightStore } from '../redis/in-flight.ts'
import type { SharedState } from '../redis/shared-state.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** A POST that only reads (many of the spec's queries are POSTs): never refused as a repeat. */
    query?: boolean
  }
}

/**
 * Where the keys of requests in flight are held. In process memory for one server; with REDIS_URL a key
 * with a short lease in Redis (SET key NX PX, renewed while the request runs, deleted when it ends:
 * redis/in-flight.ts), so the same request in flight on two processes is refused once.
 */
export type InFlightStore = {
  /** Takes the key; false when a request holding it is still running. */
  claim: (key: string) => Promise<boolean>
  release: (key: string) => Promise<void>
}

export function memoryInFlightStore(): InFlightStore {
  const keys = new Set<string>()
  return {
    async claim(key) {
      if (keys.has(key)) return false
      keys.add(key)
      return true
    },
    async release(key) {
      keys.delete(key)
    },
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Mirrors the client's duplicate protection for mutations: while a POST/PUT/DELETE with the same caller,
 * route, parameters and body is being processed, the same request again is refused with 请求重复.
 * The request is named by the route the router matched (so `/api/%73eal/…` is `/api/seal/…`) and the
 * body's own bytes; reads (`config.query`) are never refused. Registered in the `/api` scope.
 */
export const duplicateGuardPlugin = fp<{ store?: InFlightStore; shared?: SharedState | undefined }>(async (app: FastifyInstance, options) => {
  const store = options.store ?? (options.shared ? redisInFlightStore(options.shared) : memoryInFlightStore())
  const bodyHashes = new WeakMap<FastifyRequest, Hash>()
  const claimed = new WeakMap<FastifyRequest, string>()

  const isGuarded = (request: FastifyRequest) =>
    !READ_METHODS.has(request.method) && request.routeOptions.url !== undefined && !request.routeOptions.config.query

  // The body is hashed as its bytes arrive, never re-serialised from the parsed value (a JSON body nested
  // thousands deep would overflow JSON.stringify). Multipart bodies are read by the handler, after this
  // guard: their length stands in for their content.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!isGuarded(request) || isMultipart(request)) return payload
    const hash = createHash('sha256')
    bodyHashes.set(request, hash)
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk)
        done(null, chunk)
      },
    })
    return pipeline(payload, tee, () => {}) // an aborted upload errors the tee, which the body parser reports
  })

  app.addHook('preHandler', async (request) => {
    if (!isGuarded(request)) return
    const key = requestKey(request, bodyHashes.get(request))
    if (!(await store.claim(key))) throw new AppError({ status: resultStatus.DUPLICATE_REQUEST, message: '请求重复' })
    claimed.set(request, key)
  })

  const release = async (request: FastifyRequest) => {
    const key = claimed.get(request)
    if (key) await store.release(key)
  }
  app.addHook('onResponse', release)
  app.addHook('onRequestAbort', release)
})

const isMultipart = (request: FastifyRequest) => request.headers['content-type']?.toLowerCase().startsWith('multipart/') === true

/** Who (the session, else the socket's client address), which route with which parameters, which body. */
function requestKey(request: FastifyRequest, body: Hash | undefined): string {
  // Operators are told apart by who they are (two reviewers at one office share an address).
  const who = request.caller
    ? `session:${request.caller.sessionId}`
    : request.operator
      ? `operator:${request.operator.kind}:${request.operator.id}`
      : `ip:${request.ip}`
  // Parameters and query are flat strings once parsed, so serialising them is bounded.
  const target = `${request.method} ${request.routeOptions.url} ${JSON.stringify(request.params ?? {})} ${JSON.stringify(request.query ?? {})}`
  const content = body ? body.digest('hex') : `multipart:${request.headers['content-length'] ?? ''}`
  return createHash('sha256').update(`${who}\n${target}\n${content}`).digest('hex')
}
