import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { resultStatus } from '@seal/shared/api/envelope'
import { AppError } from '../errors.ts'

/** Paths the client itself exempts from duplicate rejection (spec 000 §7); reads anyway. */
const EXEMPT = ['/api/seal/queryByBussiness', '/api/seal/getSealPicById', '/api/seal/queryGroupByBusiness', '/api/seal-apply/seal/config']

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** A POST that only reads (many of the spec's queries are POSTs): not guarded against repeats. */
    query?: boolean
  }
}

/**
 * Mirrors the client's duplicate protection for mutations: while a POST/PUT/DELETE with the same caller,
 * path and body is being processed, the same request again is refused with 请求重复. Kept in process
 * memory: with several server processes this seam becomes a Redis lock (DESIGN.md "Scale").
 */
export const duplicateGuardPlugin = fp(async (app: FastifyInstance) => {
  const inFlight = new Set<string>()
  const keys = new WeakMap<FastifyRequest, string>()

  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return
    const path = request.url.split('?')[0] ?? request.url
    if (!path.startsWith('/api/') || EXEMPT.includes(path) || request.routeOptions.config.query) return
    const key = requestKey(request, path)
    if (inFlight.has(key)) {
      throw new AppError({ status: resultStatus.DUPLICATE_REQUEST, message: '请求重复' })
    }
    inFlight.add(key)
    keys.set(request, key)
  })

  const release = async (request: FastifyRequest) => {
    const key = keys.get(request)
    if (key) inFlight.delete(key)
  }
  app.addHook('onResponse', release)
  app.addHook('onRequestAbort', release)
})

function requestKey(request: FastifyRequest, path: string): string {
  const who = request.caller?.sessionId ?? request.ip
  // Multipart bodies are streamed, not parsed yet: their length stands in for their content.
  const body = request.headers['content-type']?.startsWith('multipart/') ? `multipart:${request.headers['content-length'] ?? ''}` : JSON.stringify(request.body ?? null)
  return createHash('sha256').update(`${who}\n${request.method} ${path}\n${body}`).digest('hex')
}
