import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import {
  handwritingChooseBody,
  handwritingList,
  handwritingSaveBody,
  handwritingSaveResult,
} from '@seal/shared/api/handwriting'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { chooseHandwriting, listHandwriting, saveHandwriting } from './handwriting.ts'

/**
 * Handwritten signature samples (spec 002 §3, §4, §7, §8): save (collect a sample or verify a signature),
 * list the caller's samples, choose one as their signature.
 */
export const handwritingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sign/handwriting/save',
    {
      schema: {
        tags: ['signing'],
        summary: '提交手写签名（留样或核验），返回是否通过与相似度得分',
        body: handwritingSaveBody,
        response: { 200: envelopeOf(handwritingSaveResult) },
      },
    },
    async (request) =>
      ok(
        await saveHandwriting({
          db: app.db,
          store: app.files,
          uploadQuota: app.config.uploadQuota,
          caller: callerOf(request),
          input: request.body,
        }),
      ),
  )

  app.get(
    '/sign/handwriting/list',
    {
      schema: {
        tags: ['signing'],
        summary: '本人的手写签名留样',
        response: { 200: envelopeOf(handwritingList) },
      },
    },
    async (request) => ok(await listHandwriting({ db: app.db, store: app.files, caller: callerOf(request) })),
  )

  app.post(
    '/sign/handwriting/choose',
    {
      schema: {
        tags: ['signing'],
        summary: '选择一个留样作为本人签名',
        body: handwritingChooseBody,
        response: { 200: envelopeOf(z.object({ signatureId: z.string(), signatureKey: z.string() })) },
      },
    },
    async (request) =>
      ok(
        await chooseHandwriting({
          db: app.db,
          caller: callerOf(request),
          signatureId: request.body.signatureId,
        }),
      ),
  )
}
