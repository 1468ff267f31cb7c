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
  }
}

/** The caller of an authenticated route; routes that are not `public` never run without one. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized()
  return request.caller
}

/**
 * Every `/api` route requires a bearer session unless its config says `public: true`: secure by default,
 * so a new route cannot forget to check who is asking.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('caller', null)
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return
    const token = bearerToken(request)
    if (token) request.caller = await findCaller(app.db, token)
    if (!request.caller && !request.routeOptions.config.public && request.routeOptions.url) throw unauthorized()
  })
})

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const [scheme, value] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined
}
