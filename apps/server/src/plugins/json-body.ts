import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../errors.ts'
import { resultStatus } from '@seal/shared/api/envelope'

/** Deeper than any body of ours (configuration values are three or four levels), far short of a stack overflow. */
export const MAX_JSON_DEPTH = 32

export const jsonDepthMessage = '请求内容层级过深'

/**
 * JSON bodies as Fastify parses them, refused when nested deeper than MAX_JSON_DEPTH: a body nested
 * thousands deep parses, but then overflows the stack of whatever walks it (schema validation, a
 * serialiser), which would answer 500. The check is one pass over the text, before parsing.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'ignore')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestedDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new AppError({ status: resultStatus.INVALID_INPUT, httpStatus: 400, message: jsonDepthMessage }), undefined)
      return
    }
    parse(request, body as string, done)
  })
})

/** Whether brackets outside strings nest deeper than `limit` (the text need not be valid JSON). */
export function nestedDeeperThan(text: string, limit: number): boolean {
  if (text.length <= limit) return false
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++ // a backslash escapes the next character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}
