import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { unauthorized } from '../errors.ts'
import { findCaller } from './sessions.ts'

/**
 * The route guard, registered in the `/api` scope: every route there requires a bearer session unless its
 * config says `public: true`, and `admin: true` routes require the operator token instead. The session's
 * caller is what `callerOf` (plugins/caller.ts) answers. Secure by default, so a new route cannot forget
 * to check who is asking. The decision reads the route the router matched, never
 * the URL string: `/api/%61dmin/…`, dot segments and absolute-form request lines reach the same route
 * under another spelling (docs/decisions.md, "Authorisation by the matched route").
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('caller', null)
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions
    if (!route.url) return // no route matched: the not-found handler answers 404
    if (route.config.admin) {
      if (!isAdminToken(bearerToken(request), app.secrets.adminToken)) throw unauthorized()
      return
    }
    const token = bearerToken(request)
    if (token) request.caller = await findCaller(app.db, token)
    if (!request.caller && !route.config.public) throw unauthorized()
  })
})

function isAdminToken(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '')
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const [scheme, value] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined
}
