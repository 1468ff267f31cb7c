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
  // read), its parameters and how it ended, refusals included: a role that does not reach the route, an input
  // refused by its schema. Routes that write a richer entry themselves say so (auditsItself); a request refused
  // before their handler ran is still written here.
  const refused = new WeakMap<FastifyRequest, OperatorCaller>()
  const reachedHandler = new WeakSet<FastifyRequest>()
  const markReached = async (request: FastifyRequest) => void reachedHandler.add(request)
  app.addHook('onRoute', (route) => {
    // A route's own hooks run after the scope's (the duplicate guard's among them): only a request that
    // passed them all is marked.
    if (route.config?.auditsItself) route.preHandler = [...[route.preHandler ?? []].flat(), markReached] as typeof route.preHandler
  })
  const auditedHere = (request: FastifyRequest) => {
    const operator = request.operator ?? refused.get(request)
    if (!operator || request.method === 'GET' || request.method === 'HEAD') return undefined
    return request.routeOptions.config.auditsItself && reachedHandler.has(request) ? undefined : operator
  }
  // How it ended in the envelope's words: most refusals are answered HTTP 200 with their resultStatus and
  // message (a schema's refusal among them). Only those two fields are kept, never the data.
  const endings = new WeakMap<FastifyRequest, { resultStatus?: unknown; responseInfo?: unknown }>()
  app.addHook('onSend', async (request, _reply, payload) => {
    if (typeof payload === 'string' && payload.length <= 65_536 && auditedHere(request)) {
      try {
        const answer = JSON.parse(payload) as { resultStatus?: unknown; responseInfo?: unknown }
        endings.set(request, { resultStatus: answer.resultStatus, responseInfo: answer.responseInfo })
      } catch {
        // not an envelope: the status code says how it ended
      }
    }
    return payload
  })
  app.addHook('onResponse', async (request, reply) => {
    const operator = auditedHere(request)
    if (!operator) return
    const ending = endings.get(request)
    const succeeded = ending?.resultStatus === resultStatus.SUCCESS
    await recordAudit(app.db, {
      action: `admin:${request.method} ${request.routeOptions.url}`,
      target: Object.values((request.params ?? {}) as Record<string, string>).join('/') || undefined,
      operator,
      detail: {
        statusCode: reply.statusCode,
        ...(ending?.resultStatus !== undefined && { resultStatus: ending.resultStatus }),
        ...(!succeeded && typeof ending?.responseInfo === 'string' && { reason: ending.responseInfo }),
      },
      ip: request.ip,
    }).catch((error: unknown) => request.log.error({ err: error }, '运营操作未能写入审计日志'))
  })
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions
    if (!route.url) return // no route matched: the not-found handler answers 404
    const access = routeAccess(route.url, route.config)
    if (access.kind === 'operator') {
      const roles = access.roles
      const token = bearerToken(request)
      const operator = token ? await options.findOperator(token) : null
      if (!operator) throw unauthorized()
      const refusal =
        operator.stage !== 'full' && !route.config.operatorEnrol
          ? operatorMessages.enrolFirst
          : !operator.roles.some((role) => roles.includes(role))
            ? operatorMessages.notYourRole
            : undefined
      if (refusal) {
        refused.set(request, operator)
        throw operatorRefused(refusal)
      }
      request.operator = operator
      return
    }
    const token = bearerToken(request)
    if (token) request.caller = await findCaller(app.db, token)
    if (!request.caller && access.kind === 'session') throw unauthorized()
  })
})

type RouteAccess = { kind: 'public' } | { kind: 'session' } | { kind: 'operator'; roles: readonly string[] }

/**
 * Who may call a route, from its URL pattern and config: operator roles (an /api/admin route without any
 * is refused to everyone), a person's session, or anyone (`public`). The guard decides by it and the
 * OpenAPI document says it (`openApiAccess`), so the two cannot part.
 */
function routeAccess(url: string, config: { public?: boolean; operatorRoles?: readonly string[] }): RouteAccess {
  const roles = config.operatorRoles ?? (url.startsWith('/api/admin') && !config.public ? [] : undefined)
  if (roles) return { kind: 'operator', roles }
  return config.public ? { kind: 'public' } : { kind: 'session' }
}

const APP_SESSION_SCHEME = 'appSession'
const OPERATOR_SCHEME = 'operatorToken'

/** The OpenAPI security schemes of the app's and the operators' calls (the open API's is its own, open-api/schemas.ts). */
export const accessSecuritySchemes = {
  [APP_SESSION_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description: '登录后的会话令牌：POST /api/auth/login/personal（个人）、/api/auth/login/enterprise（企业）或宿主应用的 /api/auth/login/host 返回的 token',
  },
  [OPERATOR_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description: '运营人员：POST /api/admin/session 登录得到的会话，或运营后台签发的 API 密钥（启动密钥见 data/secrets/admin.token）；各接口说明末尾写明所需角色',
  },
} as const

/**
 * A route's `security` in the OpenAPI document, as the guard decides it (none for a public route), and for
 * an operator route the roles that reach it, said at the end of its description.
 */
export function openApiAccess(url: string, config: { public?: boolean; operatorRoles?: readonly string[] } | undefined) {
  const access = routeAccess(url, config ?? {})
  if (access.kind === 'public') return { security: undefined, roles: undefined }
  if (access.kind === 'session') return { security: [{ [APP_SESSION_SCHEME]: [] }], roles: undefined }
  return { security: [{ [OPERATOR_SCHEME]: [] }], roles: access.roles }
}

/** An operator whose roles (or unfinished enrolment) do not reach the route: HTTP 403, as automation expects. */
const operatorRefused = (message: string) => new AppError({ status: resultStatus.FORBIDDEN, httpStatus: 403, message })

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const [scheme, value] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined
}
