import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import {
  claimAnswer,
  releaseAnswer,
  reviewAnswer,
  reviewApplicationDetail,
  reviewBody,
  reviewListAnswer,
  reviewListQuery,
  reviewMessages,
} from '@seal/shared/api/unit-apply-admin'
import { routeRoles } from '@seal/shared/api/operators'
import { auditRefusals, recordAudit } from '../audit/record.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { operatorOf, operatorRoutes } from '../plugins/caller.ts'
import { claimantOf, claimApplication, releaseClaim } from './review/claims.ts'
import { approve } from './review/run.ts'
import { listForReview, reviewAnswerOf, reviewDetail } from './review-queries.ts'

const idParams = z.object({ id: z.string().min(1).max(64) })

/**
 * The reviewer's operator API (issue #10 item 5, issue #22): the queue of applications waiting for a
 * person, one application with every document side by side, a claim so two reviewers never decide the
 * same one, and the decision per seal. Reading is `routeRoles.reviewRead`, the rest `reviewWrite`.
 */
export const unitApplyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', operatorRoutes({ read: routeRoles.reviewRead, write: routeRoles.reviewWrite }))

  app.get(
    '/admin/applications',
    {
      schema: {
        tags: ['admin'],
        summary: '审核队列：待人工审核（或某状态）的单位印章申请，可按渠道、业务类型、关键字筛选，按提交时间先后，游标分页 †',
        querystring: reviewListQuery,
        response: { 200: envelopeOf(reviewListAnswer) },
      },
    },
    async (request) => ok(await listForReview(app.db, request.query, claimantOf(operatorOf(request)))),
  )

  app.get(
    '/admin/applications/:id',
    {
      schema: {
        tags: ['admin'],
        summary: '单位印章申请详情：表单、核验与识别结果、印章照片与抠图对照、快递与签收记录、领取情况，每个文件带短期访问链接 †',
        params: idParams,
        response: { 200: envelopeOf(reviewApplicationDetail) },
      },
    },
    async (request) =>
      ok(await reviewDetail(app.db, { id: request.params.id, fileAccessKey: app.secrets.fileAccessKey, claimant: claimantOf(operatorOf(request)) })),
  )

  app.post(
    '/admin/applications/:id/claim',
    {
      // Audited by the handler with what was decided (review.claim, review.release, review.decide, offline.receipt).
      config: { auditsItself: true },
      schema: {
        tags: ['admin'],
        summary: '领取待审核申请（15分钟，再次领取即续期）；他人正在审核、本人涉及或不在待审核状态时拒绝，拒绝也记入审计 †',
        params: idParams,
        response: { 200: envelopeOf(claimAnswer) },
      },
    },
    async (request) => {
      const operator = operatorOf(request)
      const audited = { operator: { id: operator.id, name: operator.name }, action: 'review.claim', target: request.params.id, ip: request.ip }
      const claim = await auditRefusals(app.db, audited, () => claimApplication(app.db, { applicationId: request.params.id, claimant: claimantOf(operator) }))
      await recordAudit(app.db, audited)
      return ok({ id: request.params.id, claim }, '已领取')
    },
  )

  app.delete(
    '/admin/applications/:id/claim',
    {
      // Audited by the handler with what was decided (review.claim, review.release, review.decide, offline.receipt).
      config: { auditsItself: true },
      schema: {
        tags: ['admin'],
        summary: '释放本人领取的申请 †',
        params: idParams,
        response: { 200: envelopeOf(releaseAnswer) },
      },
    },
    async (request) => {
      const operator = operatorOf(request)
      const released = await releaseClaim(app.db, { applicationId: request.params.id, claimant: claimantOf(operator) })
      if (released) await recordAudit(app.db, { operator: { id: operator.id, name: operator.name }, action: 'review.release', target: request.params.id, ip: request.ip })
      return ok({ id: request.params.id, released }, released ? '已释放' : '未领取该申请')
    },
  )

  app.post(
    '/admin/applications/:id/review',
    {
      // Audited by the handler with what was decided (review.claim, review.release, review.decide, offline.receipt).
      config: { auditsItself: true },
      schema: {
        tags: ['admin'],
        summary: '审核：逐枚印章通过或驳回（驳回须填写原因）；通过即制作印章。须本人已领取或无人领取，审核后释放 †',
        params: idParams,
        body: reviewBody,
        response: { 200: envelopeOf(reviewAnswer) },
      },
    },
    async (request) => {
      const operator = operatorOf(request)
      const claimant = claimantOf(operator)
      const applicationId = request.params.id
      const { decisions, note } = request.body
      const ended = await auditRefusals(app.db, { operator: { id: operator.id, name: operator.name }, action: 'review.decide', target: applicationId, ip: request.ip }, async () => {
        await claimApplication(app.db, { applicationId, claimant, notPendingMessage: reviewMessages.notPendingReview })
        return approve(app.trust, { applicationId, decisions, note, reviewer: operator.name })
      })
      await releaseClaim(app.db, { applicationId, claimant })
      await recordAudit(app.db, {
        operator: { id: operator.id, name: operator.name },
        action: 'review.decide',
        target: applicationId,
        detail: { applyStatus: ended.applyStatus, decisions: decisions.map(({ itemId, approve, reason }) => ({ itemId, approve, reason: reason ?? null })), note: note ?? null },
        ip: request.ip,
      })
      return ok(reviewAnswerOf(ended), '审核完成')
    },
  )
}
