import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { resultStatus } from '@seal/shared/api/envelope'
import { AppError } from '../errors.ts'

/** Deeper than any body of ours (configuration values are three or four levels), far short of a stack overflow. */
export const MAX_JSON_DEPTH = 32

export const jsonDepthMessage = '请求内容层级过深'

/**
 * JSON bodies as Fastify parses them, refused when nested deeper than MAX_JSON_DEPTH: a body nested
 * thousands deep parses (the parser does not recurse), but then overflows the stack of whatever walks it
 * (schema validation, a serialiser), which would answer 500. The check walks the parsed value without
 * recursion, so it costs one step per object or array, nothing per character of a long string.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'ignore')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error, value) => {
      if (error) return done(error, undefined)
      if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
        return done(new AppError({ status: resultStatus.INVALID_INPUT, httpStatus: 400, message: jsonDepthMessage }), undefined)
      }
      done(null, value)
    })
  })
})

/** Whether objects and arrays nest deeper than `limit` in a parsed JSON value. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next
    if (node === null || typeof node !== 'object') continue
    if (depth + 1 > limit) return true
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') pending.push([child, depth + 1])
  }
  return false
}
