import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Caller } from '../auth/caller.ts'
import { findCaller } from '../auth/sessions.ts'
import { unauthorized } from '../errors.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    caller: Caller | null
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** Routes callable without a session (login, SMS for login, public downloads with their own token). */
    public?: boolean
    /** The operator API: callable with the admin token only, never with a user's session. */
    admin?: boolean
  }
}

/** The caller of an authenticated route; routes that are not `public` never run without one. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized()
  return request.caller
}

/**
 * Registered in the `/api` scope: every route there requires a bearer session unless its config says
 * `public: true`, and `admin: true` routes require the operator token instead. Secure by default, so a
 * new route cannot forget to check who is asking. The decision reads the route the router matched, never
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
