import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { resultStatus } from '@seal/shared/api/envelope'
import { AppError } from '../errors.ts'
import { rateLimitStore } from '../redis/rate-limit-store.ts'
import type { SharedState } from '../redis/shared-state.ts'
import { callerOf } from './caller.ts'

export const RATE_LIMITED_MESSAGE = '操作过于频繁，请稍后再试'

const rateLimited = () =>
  new AppError({ status: resultStatus.TOO_MANY_REQUESTS, httpStatus: 429, message: RATE_LIMITED_MESSAGE })

/**
 * Limits per client (@fastify/rate-limit). A route opts in with `config.rateLimit: { max, timeWindow }`;
 * calls are counted per client address (`request.ip`, an IPv6 client by its /64), so it is only as
 * trustworthy as the proxy setting behind `request.ip`. A refusal is HTTP 429 with the envelope and
 * Retry-After, which the client shows like any refusal (docs/decisions.md).
 *
 * Counters are kept in process memory, or with REDIS_URL (`shared`) in Redis, one counter for every server
 * process (the plugin's Redis store; in this process's memory while Redis is away: redis/rate-limit-store.ts).
 */
export const rateLimitPlugin = fp<{ shared?: SharedState | undefined }>(
  async (app: FastifyInstance, options) => {
    await app.register(rateLimit, {
      global: false,
      store: rateLimitStore(options.shared),
      errorResponseBuilder: rateLimited,
    })
  },
)

/**
 * A `preHandler` limiting one kind of call per signed-in person (by ID number, so across all their sessions,
 * phones and addresses), in the same store as the per-client limits. For calls that cost a paid provider a
 * check each (face verification), where an address limit alone lets one person spend without bound.
 */
export function perPersonLimit(
  app: FastifyInstance,
  kind: string,
  limit: { max: number; timeWindow: number },
) {
  const check = app.createRateLimit({
    keyGenerator: (request) => `${kind}:${callerOf(request).person.identityNo}`,
    ...limit,
  })
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request)
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds))
      throw rateLimited()
    }
  }
}
