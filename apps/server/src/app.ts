import Fastify, { type FastifyInstance } from 'fastify'
import multipart from '@fastify/multipart'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { ServerConfig } from './config.ts'
import type { Database } from './db/client.ts'
import type { FileStore } from './files/store.ts'
import type { Providers } from './identity/providers.ts'
import type { Secrets } from './secrets.ts'
import { accessSecuritySchemes, authPlugin, openApiAccess } from './auth/guard.ts'
import { pendingDeliveryCount } from './platforms/webhook-deliveries.ts'
import { queueDepths } from './jobs/queue.ts'
import { observabilityPlugin, requestIdOf } from './plugins/observability.ts'
import { operatorRoles } from '@seal/shared/api/operators'
import { findOperator, registerBootstrapKey } from './operators/sessions.ts'
import { operatorRoutes } from './operators/routes.ts'
import { duplicateGuardPlugin } from './plugins/duplicate-guard.ts'
import { rateLimitPlugin } from './plugins/rate-limit.ts'
import { jsonBodyPlugin } from './plugins/json-body.ts'
import { envelopePlugin } from './plugins/envelope.ts'
import { unreadBodyPlugin } from './plugins/unread-body.ts'
import { compressionPlugin } from './plugins/compression.ts'
import { noStoreUnlessSet, securityHeadersPlugin } from './plugins/security-headers.ts'
import { consoleAppRoutes } from './web/console-routes.ts'
import { webAppRoutes } from './web/routes.ts'
import { MAX_UPLOAD_BYTES } from './plugins/upload-limit.ts'
import { openApiSchemaTransform } from './plugins/schemas.ts'
import { authRoutes } from './auth/routes.ts'
import { configRoutes } from './config/routes.ts'
import { fileRoutes } from './files/routes.ts'
import { identityRoutes } from './identity/routes.ts'
import { ocrRoutes } from './identity/ocr-routes.ts'
import { govIdentityRoutes } from './identity/gov/routes.ts'
import { regionRoutes } from './regions/routes.ts'
import { handwritingRoutes } from './signing/handwriting-routes.ts'
import { sealDocumentRoutes } from './signing/seal-document-routes.ts'
import { verifyRoutes } from './signing/verify-routes.ts'
import { sealRoutes } from './seals/routes.ts'
import { sealRevokeRoutes } from './seals/revoke-routes.ts'
import { sealAuthAdminRoutes } from './seal-auth/admin-routes.ts'
import { sealAuthRoutes } from './seal-auth/routes.ts'
import { sealPinRoutes } from './seal-auth/pin-routes.ts'
import { cutoutRoutes } from './seals/cutout-routes.ts'
import { personalSealRoutes } from './personal-seal/routes.ts'
import { applyAgreementRoutes } from './unit-apply/agreements.ts'
import { unitApplyRoutes } from './unit-apply/routes.ts'
import { olderChangeRoutes } from './older-change/routes.ts'
import { adminRoutes } from './config/admin-routes.ts'
import { auditTrailAdminRoutes } from './audit-trail.ts'
import { useRecordRoutes } from './records/routes.ts'
import { sealsInOpenApplications } from './unit-apply/seals-in-application.ts'
import { mayReadUseRecordDocument } from './records/visibility.ts'
import { sandboxEnterpriseAdminRoutes } from './identity/enterprise/admin-routes.ts'
import { sandboxPersonAdminRoutes } from './identity/real-name/admin-routes.ts'
import { unitVerificationRoutes } from './unit-apply/verification-routes.ts'
import { unitApplyAdminRoutes } from './unit-apply/admin-routes.ts'
import { offlineApplyRoutes } from './offline-apply/routes.ts'
import { offlineMaterialsAdminRoutes } from './offline-apply/admin-routes.ts'
import { backlogRoutes } from './unit-apply/backlog-routes.ts'
import { olderApplyRoutes } from './older-apply/routes.ts'
import { bindingRoutes } from './bindings/routes.ts'
import { tellPlatformsAboutSeal } from './bindings/seal-events.ts'
import { configureReview } from './unit-apply/review/settings.ts'
import { deliverPendingSealEvents, subscribeToSealEvents } from './seals/seal-events.ts'
import { ensureCertificateAuthority } from './trust/ca.ts'
import { createTrust } from './trust/context.ts'
import { trustPublicRoutes } from './trust/routes.ts'
import { platformAdminRoutes } from './platforms/admin-routes.ts'
import { OPEN_API_PREFIX, openApiPlugin, sendOpenApiRouterRefusal } from './open-api/plugin.ts'
import { openApiSecuritySchemes } from './open-api/schemas.ts'
import { pathUnder, routerRefusal, sendRouterRefusal } from './plugins/router-refusals.ts'
import { connectSharedState, type ConnectedSharedState } from './redis/connect.ts'
import { activationRoutes } from './activation/routes.ts'
import { sandboxPendingSealAdminRoutes } from './activation/sandbox-admin-routes.ts'
import { consoleRoutes } from './console/routes.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    db: Database
    config: ServerConfig
    files: FileStore
    providers: Providers
    secrets: Secrets
    /** REDIS_URL's shared state of several server processes (redis/); undefined: all in this process. */
    sharedState: ConnectedSharedState | undefined
  }
}

export type AppDependencies = {
  config: ServerConfig
  db: Database
  files: FileStore
  providers: Providers
  secrets: Secrets
  logger?: boolean
}

/** Builds the whole service: API under /api, its OpenAPI document at /api/docs, and the built web app. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : { level: deps.config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: 12 * 1024 * 1024,
    // Node's own default, which Fastify turns off: a request whose body stops arriving is answered 408 and
    // its connection closed, instead of holding the connection for ever. Five minutes carry 12 MB at 40 KB/s.
    requestTimeout: 300_000,
    // A process closing (SIGTERM, a rolling restart) takes no new connections but answers every request that
    // reaches it on one it has, instead of Fastify's 503: the cluster may have handed it a connection just
    // before its server closed (issue #23's rolling-restart test saw one such 503). /readyz still says closing.
    return503OnClosing: false,
    // Every answer and log line carries the request's id (x-request-id: the proxy's when it sent one).
    genReqId: requestIdOf,
    // Off unless TRUST_PROXY says a proxy sits in front: X-Forwarded-For would otherwise set request.ip.
    trustProxy: deps.config.trustProxy,
    // A path parameter over 100 characters or a path that does not decode: refused before any route, in the
    // shape of the API it was sent to and without echoing the path (Fastify's own answer does).
    frameworkErrors: (error, request, reply) => {
      const refusal = routerRefusal(error)
      reply.headers(app.dataAnswerHeaders) // no onSend hook runs for these answers
      request.log.info({ code: error.code }, 'router refused a request')
      if (pathUnder(request, OPEN_API_PREFIX)) return sendOpenApiRouterRefusal(request, reply, refusal.message)
      return sendRouterRefusal(reply, refusal)
    },
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('db', deps.db)
  app.decorate('config', deps.config)
  app.decorate('files', deps.files)
  app.decorate('providers', deps.providers)
  app.decorate('secrets', deps.secrets)
  // Several server processes share rate limits, in-flight keys, used assertions and cache forgets through Redis.
  const shared = deps.config.redis ? await connectSharedState({ ...deps.config.redis, log: app.log, db: deps.db }) : undefined
  app.decorate('sharedState', shared)
  if (shared) app.addHook('onClose', () => shared.close())
  await app.register(observabilityPlugin, { metricsToken: deps.config.metricsToken, redisUp: shared ? () => shared.available() : undefined })
  // Whose files besides their own a caller may read (files/service.ts): a use record's signed document they may see.
  app.decorate('mayReadFile', mayReadUseRecordDocument)
  // Which seals an application under way names (seals/in-application.ts): lists then offer neither renewal nor a second application.
  app.decorate('sealsInApplication', sealsInOpenApplications)
  // The CA exists before the first request: created at first start, checked against the master key after.
  const trust = createTrust({ db: deps.db, secrets: deps.secrets, files: deps.files, publicUrl: deps.config.publicUrl, timestamping: deps.config.timestamping })
  await ensureCertificateAuthority(trust)
  // The start-up key (ADMIN_TOKEN or the data folder's admin.token) is an API key holding every role.
  await registerBootstrapKey(deps.db, deps.secrets.adminToken, operatorRoles)
  app.decorate('trust', trust)
  // Review of enterprise applications: REVIEW_MODE, and where its outcome notices go.
  configureReview(trust, { mode: deps.config.reviewMode, sms: deps.providers.sms, warn: (message, error) => app.log.warn({ err: error }, message) })
  // The seal events outbox's subscribers, in the transaction of each change (docs/architecture.md); then any
  // event written where nobody listened.
  subscribeToSealEvents(trust, tellPlatformsAboutSeal)
  app.observability.gauge('webhook_deliveries_pending', 'Webhook deliveries waiting to be sent or retried', () => pendingDeliveryCount(deps.db))
  app.observability.labelledGauge('job_queue_depth', 'Background jobs not yet done, by queue and state (waiting, retry, active)', ['queue', 'state'], async () =>
    (await queueDepths(deps.db)).map(({ queue, state, count }) => ({ labels: { queue, state }, value: count })),
  )
  await deliverPendingSealEvents(trust)

  // Delivery (issue 9): security headers and compression on every answer, registered before any route.
  await app.register(securityHeadersPlugin)
  await app.register(compressionPlugin)
  // Every answer reaches its client and leaves the connection usable, even one given before the body was read.
  await app.register(unreadBodyPlugin)

  await app.register(swagger, {
    openapi: {
      info: { title: '电子印章服务 API', version: '0.1.0' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { ...accessSecuritySchemes, ...openApiSecuritySchemes } },
    },
    transform: documentedWithAccess,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } })
  await app.register(envelopePlugin)
  // Before the routes: it reads each route's `config.rateLimit` as the route is added.
  await app.register(rateLimitPlugin, { shared })

  await app.register(
    async (api) => {
      // Who may call, and replays, are decided per matched route inside this scope (docs/decisions.md).
      await api.register(authPlugin, { findOperator: (token) => findOperator(app.db, token) })
      await api.register(jsonBodyPlugin)
      await api.register(duplicateGuardPlugin, { shared })
      api.setNotFoundHandler((_request, reply) => reply.status(404).send(notFoundEnvelope))
      api.addHook('onSend', noStoreUnlessSet)
      await api.register(authRoutes)
      await api.register(configRoutes)
      await api.register(adminRoutes)
      await api.register(operatorRoutes)
      await api.register(auditTrailAdminRoutes)
      await api.register(fileRoutes)
      await api.register(identityRoutes)
      await api.register(ocrRoutes)
      await api.register(govIdentityRoutes)
      await api.register(regionRoutes)
      await api.register(trustPublicRoutes)
      await api.register(sealPinRoutes)
      await api.register(sealRevokeRoutes)
      await api.register(handwritingRoutes)
      await api.register(verifyRoutes)
      await api.register(sealDocumentRoutes)
      await api.register(useRecordRoutes)
      await api.register(sealRoutes)
      await api.register(sealAuthRoutes)
      await api.register(cutoutRoutes)
      await api.register(personalSealRoutes)
      await api.register(applyAgreementRoutes)
      await api.register(sandboxEnterpriseAdminRoutes)
      await api.register(sandboxPersonAdminRoutes)
      await api.register(sealAuthAdminRoutes)
      await api.register(unitVerificationRoutes)
      await api.register(unitApplyRoutes)
      await api.register(unitApplyAdminRoutes)
      await api.register(offlineApplyRoutes)
      await api.register(offlineMaterialsAdminRoutes)
      await api.register(backlogRoutes)
      await api.register(olderApplyRoutes)
      await api.register(bindingRoutes)
      await api.register(platformAdminRoutes)
      await api.register(activationRoutes)
      await api.register(sandboxPendingSealAdminRoutes)
      await api.register(olderChangeRoutes)
      await api.register(consoleRoutes)
    },
    { prefix: '/api' },
  )
  // The open API for business platforms: its own tokens, signatures and error shape (open-api/plugin.ts).
  await app.register(openApiPlugin, { prefix: OPEN_API_PREFIX })

  await consoleAppRoutes(app)
  await webAppRoutes(app)
  return app
}

const notFoundEnvelope = { resultStatus: '404', responseInfo: '接口不存在', data: null }

/**
 * The OpenAPI transform, with who may call each route as the guard decides it (auth/guard.ts): the app's
 * session, an operator's token with the roles that reach the route, or nothing for a public one. The open
 * API's routes declare their own.
 */
const documentedWithAccess: typeof openApiSchemaTransform = (document) => {
  const transformed = openApiSchemaTransform(document)
  const schema = transformed.schema as { security?: unknown; description?: string; summary?: string }
  if (schema.security) return transformed
  const { security, roles } = openApiAccess(document.route.url, document.route.config)
  if (!security) return transformed
  const rolesSaid = roles && `运营角色：${roles.length > 0 ? roles.join('、') : '无（不对任何人开放）'}`
  const description = [schema.description, rolesSaid].filter(Boolean).join('\n\n') || undefined
  return { ...transformed, schema: { ...transformed.schema, security, ...(description && { description }) } }
}
