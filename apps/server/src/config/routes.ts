import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { OperationImage } from '@seal/shared/api/config'
import { ok } from '@seal/shared/api/envelope'
import { notFound } from '../errors.ts'
import { findFileById, previewLink } from '../files/service.ts'
import { configForCaller } from './service.ts'

const identityQuery = z
  .object({ identityType: z.string().optional(), personIdentity: z.string().optional(), socialCreditCode: z.string().optional() })
  .partial()
  .optional()

/**
 * Configuration by identity (spec 002 §4 step 2). Callable before login (the entry may be closed for
 * everyone); the identity always comes from the session, never from the payload.
 */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/config/queryByIdentity',
    { config: { public: true, query: true }, schema: { tags: ['config'], summary: '按身份查询配置', body: identityQuery } },
    async (request) => ok(await configForCaller(app.db, request.caller)),
  )

  app.get(
    '/seal-apply/seal/config',
    { config: { public: true }, schema: { tags: ['config'], summary: '印章申请配置' } },
    async (request) => ok(await configForCaller(app.db, request.caller)),
  )

  app.get(
    '/configs/operation/image',
    {
      config: { public: true },
      schema: { tags: ['config'], summary: '运营图片（banner）', querystring: z.object({ position: z.coerce.number().int().optional() }) },
    },
    // Banner files are the operator's, not the caller's: each comes with a short-lived link to show it by.
    async (request) => {
      const banners = (await configForCaller(app.db, request.caller)).operationBanners
      return ok(banners.map((banner): OperationImage => ({ ...banner, url: previewLink(app.secrets.fileAccessKey, banner.fileId).url })))
    },
  )

  app.get(
    '/configs/operation/manual',
    { config: { public: true }, schema: { tags: ['config'], summary: '操作手册 PDF（配置的第一个文件）' } },
    async (request, reply) => {
      const [fileId] = (await configForCaller(app.db, request.caller)).operationManual.fileIds
      if (!fileId) throw notFound('文件ID不存在')
      const file = await findFileById(app.db, fileId)
      return reply.header('content-type', file.mediaType).send(await app.files.get(file.storageKey))
    },
  )
}
