import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { reviewAnswer, reviewApplicationDetail, reviewBody, reviewListAnswer, reviewListQuery } from '@seal/shared/api/unit-apply-admin'
import { envelopeOf } from '../plugins/schemas.ts'
import { approve } from './review/run.ts'
import { listForReview, reviewAnswerOf, reviewDetail } from './review-queries.ts'
import { routeRoles } from '@seal/shared/api/operators'
import { operatorRoutes } from '../plugins/caller.ts'

const idParams = z.object({ id: z.string().min(1).max(64) })

/**
 * The reviewer's operator API (issue #10 item 5) until the back-office console exists: list submitted
 * enterprise applications, read one with every document, approve or reject each seal. Every route carries
 * the `admin` flag, so the auth plugin asks for the admin token and nothing else (config/admin-routes.ts).
 */
export const unitApplyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', operatorRoutes({ read: routeRoles.reviewRead, write: routeRoles.reviewWrite }))

  app.get(
    '/admin/applications',
    {
      schema: {
        tags: ['admin'],
        summary: '待审核（或某状态）的单位印章申请列表，按提交时间先后，游标分页 †',
        querystring: reviewListQuery,
        response: { 200: envelopeOf(reviewListAnswer) },
      },
    },
    async (request) => ok(await listForReview(app.db, request.query)),
  )

  app.get(
    '/admin/applications/:id',
    {
      schema: {
        tags: ['admin'],
        summary: '单位印章申请详情：表单、核验结果、签署文件，每个文件带短期访问链接 †',
        params: idParams,
        response: { 200: envelopeOf(reviewApplicationDetail) },
      },
    },
    async (request) => ok(await reviewDetail(app.db, { id: request.params.id, fileAccessKey: app.secrets.fileAccessKey })),
  )

  app.post(
    '/admin/applications/:id/review',
    {
      schema: {
        tags: ['admin'],
        summary: '审核：逐枚印章通过或驳回（驳回须填写原因）；通过即制作印章 †',
        params: idParams,
        body: reviewBody,
        response: { 200: envelopeOf(reviewAnswer) },
      },
    },
    async (request) => {
      const { decisions, note, reviewer } = request.body
      const ended = await approve(app.trust, { applicationId: request.params.id, decisions, note, reviewer })
      return ok(reviewAnswerOf(ended), '审核完成')
    },
  )
}
