import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { resultStatus } from '@seal/shared/api/envelope'
import { AppError } from '../errors.ts'
import { rateLimitStore } from '../redis/rate-limit-store.ts'
import type { SharedState } from '../redis/shared-state.ts'

export const RATE_LIMITED_MESSAGE = '操作过于频繁，请稍后再试'

/**
 * Limits per client (@fastify/rate-limit). A route opts in with `config.rateLimit: { max, timeWindow }`;
 * calls are counted per client address (`request.ip`, an IPv6 client by its /64), so it is only as
 * trustworthy as the proxy setting behind `request.ip`. A refusal is HTTP 429 with the envelope and
 * Retry-After, which the client shows like any refusal (docs/decisions.md).
 *
 * Counters are kept in process memory, or with REDIS_URL (`shared`) in Redis, one counter for every server
 * process (the plugin's Redis store; in this process's memory while Redis is away: redis/rate-limit-store.ts).
 */
export const rateLimitPlugin = fp<{ shared?: SharedState | undefined }>(async (app: FastifyInstance, options) => {
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(options.shared),
    errorResponseBuilder: () =>
      new AppError({ status: resultStatus.TOO_MANY_REQUESTS, httpStatus: 429, message: RATE_LIMITED_MESSAGE }),
  })
})
