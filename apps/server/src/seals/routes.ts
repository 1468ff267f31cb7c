import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { queryGroupByBusinessBody, queryPersonSealsBody, sealByIdBody, sealGroup, sealItem } from '@seal/shared/api/seals'
import { callerOf } from '../plugins/auth.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { personalSeals, sealDetail, sealPicture, unitSealGroups, visibleSeal } from './queries.ts'

/** Seal lists and details for the management screens (spec 000 §7 "Seal management"; † paths are ours). */
export const sealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/seal/queryPersonSeals',
    { config: { query: true }, schema: { tags: ['seals'], summary: '我的个人名章 †', body: queryPersonSealsBody.optional(), response: { 200: envelopeOf(z.array(sealItem)) } } },
    async (request) => ok(await personalSeals({ db: app.db, store: app.files, caller: callerOf(request), needPic: request.body?.needPic ?? true })),
  )

  app.post(
    '/seal/queryGroupByBusiness',
    { config: { query: true }, schema: { tags: ['seals'], summary: '单位电子印章（按单位分组）', body: queryGroupByBusinessBody.optional(), response: { 200: envelopeOf(z.array(sealGroup)) } } },
    async (request) =>
      ok(
        await unitSealGroups({
          db: app.db,
          store: app.files,
          caller: callerOf(request),
          needPic: request.body?.needPic ?? true,
          queryAvailable: request.body?.queryAvailable ?? false,
          businessName: request.body?.businessName,
        }),
      ),
  )

  app.post(
    '/seal/detail',
    { config: { query: true }, schema: { tags: ['seals'], summary: '印章详情 †', body: sealByIdBody, response: { 200: envelopeOf(sealItem) } } },
    async (request) => ok(await sealDetail({ db: app.db, store: app.files, caller: callerOf(request), sealId: request.body.sealId })),
  )

  app.post(
    '/seal/getSealPicById',
    { config: { query: true }, schema: { tags: ['seals'], summary: '印章图片', body: sealByIdBody, response: { 200: envelopeOf(z.object({ sealPic: z.string() })) } } },
    async (request) => {
      const { seal } = await visibleSeal(app.db, callerOf(request), request.body.sealId)
      return ok({ sealPic: await sealPicture(app.db, app.files, seal) })
    },
  )
}
