import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { operatorMessages } from '@seal/shared/api/operators'
import { recordAudit } from '../audit/record.ts'
import { AppError, unauthorized } from '../errors.ts'
import { resultStatus } from '@seal/shared/api/envelope'
import type { OperatorCaller } from '../plugins/caller.ts'
import { findCaller } from './sessions.ts'

/** Finds the operator session or API key a bearer token names (operators/, wired in app.ts). */
export type FindOperator = (token: string) => Promise<OperatorCaller | null>

/**
 * The route guard, registered in the `/api` scope: every route there requires a bearer session unless its
 * config says `public: true`, and routes with `operatorRoles` require an operator session or API key holding
 * one of those roles instead (an operator who has not enrolled TOTP yet reaches only `operatorEnrol` routes).
 * An /api/admin route that declares no roles is refused to everyone. The session's
 * caller is what `callerOf` (plugins/caller.ts) answers. Secure by default, so a new route cannot forget
 * to check who is asking. The decision reads the route the router matched, never
 * the URL string: `/api/%61dmin/…`, dot segments and absolute-form request lines reach the same route
 * under another spelling (docs/decisions.md, "Authorisation by the matched route").
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { findOperator: FindOperator }) => {
  app.decorateRequest('caller', null)
  app.decorateRequest('operator', null)
  // Every operator action is in the audit log with the operator's name: what a route changed (not what it
  // read), its parameters and how it ended. Routes that write a richer entry themselves say so.
  app.addHook('onResponse', async (request, reply) => {
    const { operator } = request
    if (!operator || request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config.auditsItself) return
    await recordAudit(app.db, {
      action: `admin:${request.method} ${request.routeOptions.url}`,
      target: Object.values((request.params ?? {}) as Record<string, string>).join('/') || undefined,
      operator,
      detail: { statusCode: reply.statusCode },
      ip: request.ip,
    }).catch((error: unknown) => request.log.error({ err: error }, '运营操作未能写入审计日志'))
  })
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions
    if (!route.url) return // no route matched: the not-found handler answers 404
    const roles = route.config.operatorRoles ?? (route.url.startsWith('/api/admin') && !route.config.public ? [] : undefined)
    if (roles) {
      const token = bearerToken(request)
      const operator = token ? await options.findOperator(token) : null
      if (!operator) throw unauthorized()
      if (operator.stage !== 'full' && !route.config.operatorEnrol) throw operatorRefused(operatorMessages.enrolFirst)
      if (!operator.roles.some((role) => roles.includes(role))) throw operatorRefused(operatorMessages.notYourRole)
      request.operator = operator
      return
    }
    const token = bearerToken(request)
    if (token) request.caller = await findCaller(app.db, token)
    if (!request.caller && !route.config.public) throw unauthorized()
  })
})

/** An operator whose roles (or unfinished enrolment) do not reach the route: HTTP 403, as automation expects. */
const operatorRefused = (message: string) => new AppError({ status: resultStatus.FORBIDDEN, httpStatus: 403, message })

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const [scheme, value] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined
}
