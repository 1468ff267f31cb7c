import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { businessError } from '../errors.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { platformMessages } from './messages.ts'
import { keysetPage } from './paging.ts'
import { listPlatforms, registerPlatform, rotatePlatformSecret, updatePlatform } from './registry.ts'
import type { Platform } from './tables.ts'
import { webhookUrlRefused } from './webhook-address.ts'
import { deliveriesOf, requeueDelivery } from './webhook-deliveries.ts'
import { routeRoles } from '@seal/shared/api/operators'
import {
  platformFields,
  platformList,
  platformView,
  platformUpdateBody,
  platformWithSecret,
  webhookDeliveryList,
  webhookStatuses,
  type PlatformView,
} from '@seal/shared/api/platforms-admin'
import { operatorRoutes } from '../plugins/caller.ts'

/** A platform as the operator sees it: everything but the wrapped secret. */
const viewOf = (p: Platform): PlatformView => ({
  id: p.id,
  clientId: p.clientId,
  clientName: p.clientName,
  platformType: p.platformType,
  usageNotes: p.usageNotes,
  totality: p.totality,
  apiUrl: p.apiUrl,
  sdkUrl: p.sdkUrl,
  webhookUrl: p.webhookUrl,
  rateLimitPerMinute: p.rateLimitPerMinute,
  status: p.status,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
})

const platformParams = z.object({ platformId: z.string().min(1).max(64) })
const page = { after: z.string().max(64).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) }

/**
 * The operator's calls for business platforms (docs/platforms.md "Registering a platform"): register one
 * and hand it its credentials, change it, disable it, rotate its secret, and follow its webhook
 * deliveries. Admin token only, like every /api/admin call.
 */
export const platformAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', operatorRoutes({ read: routeRoles.platformRead, write: routeRoles.platformWrite }))
  const tags = ['admin']
  /** Unless private addresses are allowed (the sandbox, WEBHOOK_ALLOW_PRIVATE_ADDRESSES), a webhook may not aim inward. */
  const assertWebhookUrlAllowed = async (webhookUrl: string | null | undefined) => {
    if (webhookUrl && !app.config.webhookAllowPrivateAddresses && (await webhookUrlRefused(webhookUrl))) throw businessError(platformMessages.webhookUrlPrivate)
  }

  app.post(
    '/admin/platforms',
    { schema: { tags, summary: '登记业务平台，返回 clientId 与 clientSecret（仅此一次）†', body: platformFields, response: { 200: envelopeOf(platformWithSecret) } } },
    async (request) => {
      await assertWebhookUrlAllowed(request.body.webhookUrl)
      const { platform, clientSecret } = await registerPlatform(app.db, app.trust.keys, request.body)
      return ok({ platform: viewOf(platform), clientSecret }, platformMessages.registered)
    },
  )

  app.get(
    '/admin/platforms',
    {
      schema: {
        tags,
        summary: '业务平台列表（按登记先后，after 为上一页最后一个平台的 id）†',
        querystring: z.object(page),
        response: { 200: envelopeOf(platformList) },
      },
    },
    async (request) => {
      const { after, limit } = request.query
      const { items, nextAfter } = keysetPage(await listPlatforms(app.db, { afterId: after, limit: limit + 1 }), limit, (p) => p.id)
      return ok({ platforms: items.map(viewOf), nextAfter })
    },
  )

  app.put(
    '/admin/platforms/:platformId',
    {
      schema: {
        tags,
        summary: '修改业务平台（名称、类型、说明、总量、地址、webhook、限流、停用）†',
        params: platformParams,
        body: platformUpdateBody,
        response: { 200: envelopeOf(platformView) },
      },
    },
    async (request) => {
      await assertWebhookUrlAllowed(request.body.webhookUrl)
      return ok(viewOf(await updatePlatform(app.db, request.params.platformId, request.body)), platformMessages.updated)
    },
  )

  app.post(
    '/admin/platforms/:platformId/rotate-secret',
    { schema: { tags, summary: '更换平台 clientSecret（原密钥与令牌立即失效）†', params: platformParams, response: { 200: envelopeOf(platformWithSecret) } } },
    async (request) => {
      const { platform, clientSecret } = await rotatePlatformSecret(app.db, app.trust.keys, request.params.platformId)
      return ok({ platform: viewOf(platform), clientSecret }, platformMessages.secretRotated)
    },
  )

  app.get(
    '/admin/platforms/:platformId/webhook-deliveries',
    {
      schema: {
        tags,
        summary: '平台的 webhook 推送记录及每次尝试（新的在前）†',
        params: platformParams,
        querystring: z.object({ ...page, status: z.enum(webhookStatuses).optional() }),
        response: { 200: envelopeOf(webhookDeliveryList) },
      },
    },
    async (request) => {
      const { after, limit, status } = request.query
      const rows = await deliveriesOf(app.db, request.params.platformId, { status, afterId: after, limit: limit + 1 })
      const { items: deliveries, nextAfter } = keysetPage(rows, limit, (d) => d.id)
      return ok({ deliveries, nextAfter })
    },
  )

  app.post(
    '/admin/webhook-deliveries/:deliveryId/requeue',
    { schema: { tags, summary: '重新发送失败的 webhook 推送†', params: z.object({ deliveryId: z.string().min(1).max(64) }), response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await requeueDelivery(app.db, request.params.deliveryId, new Date())
      return ok(null, platformMessages.requeued)
    },
  )
}
