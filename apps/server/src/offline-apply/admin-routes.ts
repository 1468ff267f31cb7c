import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { routeRoles } from '@seal/shared/api/operators'
import { offlineMaterialsAnswer, offlineMaterialsQuery, offlineReceiptAnswer, offlineReceiptBody } from '@seal/shared/api/unit-apply-admin'
import { auditRefusals, recordAudit } from '../audit/record.ts'
import { operatorOf, operatorRoutes } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { listOfflineMaterials, recordReceipt } from './materials.ts'

const idParams = z.object({ id: z.string().min(1).max(64) })

/**
 * The offline materials desk of the console (issue #22): the paper materials mailed by offline applicants,
 * and the reviewer's receipt of what arrived, checked against the consignee's lists. Reviewers' roles.
 */
export const offlineMaterialsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', operatorRoutes({ read: routeRoles.reviewRead, write: routeRoles.reviewWrite }))

  app.get(
    '/admin/offline-materials',
    {
      schema: {
        tags: ['admin'],
        summary: '线下纸质材料：已寄出或已签收的线下申请，含快递单号、快递公司、寄出时间、签收情况与应寄材料清单，游标分页 †',
        querystring: offlineMaterialsQuery,
        response: { 200: envelopeOf(offlineMaterialsAnswer) },
      },
    },
    async (request) => ok(await listOfflineMaterials(app.db, request.query)),
  )

  app.post(
    '/admin/offline-materials/:id/receipt',
    {
      // Audited by the handler with what was decided (review.claim, review.release, review.decide, offline.receipt).
      config: { auditsItself: true },
      schema: {
        tags: ['admin'],
        summary: '签收线下纸质材料：记录已收到与缺少的材料（须为该申请当前材料清单中的名称，按申请渠道与单位类型）及备注；再次签收即覆盖；拒绝也记入审计 †',
        params: idParams,
        body: offlineReceiptBody,
        response: { 200: envelopeOf(offlineReceiptAnswer) },
      },
    },
    async (request) => {
      const operator = operatorOf(request)
      const audited = { operator: { id: operator.id, name: operator.name }, action: 'offline.receipt', target: request.params.id, ip: request.ip }
      const item = await auditRefusals(app.db, audited, () =>
        recordReceipt(app.db, { applicationId: request.params.id, body: request.body, operatorName: operator.name }),
      )
      await recordAudit(app.db, {
        ...audited,
        detail: { checked: item.receipt?.checked ?? [], missing: item.receipt?.missing ?? [], note: item.receipt?.note ?? null },
      })
      return ok(item, '已签收')
    },
  )
}
