import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import {
  canRenewalBody,
  enterpriseInfo,
  enterpriseInfoBody,
  queryByBusinessBody,
  queryByPersonManageBody,
  queryGroupByBusinessBody,
  queryPersonSealsBody,
  queryWillExpiresBody,
  sealByIdBody,
  sealGroup,
  sealItem,
  willExpires,
} from '@seal/shared/api/seals'
import { notFound } from '../errors.ts'
import { findFileById, verifyAccessToken } from '../files/service.ts'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import {
  heldUnits,
  managedSealList,
  personalSeals,
  renewableSeals,
  sealDetail,
  sealPictureData,
  unitSealGroups,
  unitSealList,
  visibleSeal,
  willExpiring,
} from './queries.ts'

/** Seal lists and details for the management screens (spec 000 §7 "Seal management"; † paths are ours). */
export const sealRoutes: FastifyPluginAsyncZod = async (app) => {
  const pictures = (needPic: boolean) => (needPic ? { fileAccessKey: app.secrets.fileAccessKey } : null)

  app.post(
    '/seal/queryPersonSeals',
    {
      config: { query: true },
      schema: {
        tags: ['seals'],
        summary: '我的个人名章 †',
        body: queryPersonSealsBody.optional(),
        response: { 200: envelopeOf(z.array(sealItem)) },
      },
    },
    async (request) =>
      ok(
        await personalSeals({
          db: app.db,
          caller: callerOf(request),
          sealsInApplication: app.sealsInApplication,
          picture: pictures(request.body?.needPic ?? true),
        }),
      ),
  )

  app.post(
    '/seal/queryGroupByBusiness',
    {
      config: { query: true },
      schema: {
        tags: ['seals'],
        summary: '单位电子印章（按单位分组）',
        body: queryGroupByBusinessBody.optional(),
        response: { 200: envelopeOf(z.array(sealGroup)) },
      },
    },
    async (request) =>
      ok(
        await unitSealGroups({
          db: app.db,
          caller: callerOf(request),
          sealsInApplication: app.sealsInApplication,
          picture: pictures(request.body?.needPic ?? true),
          queryAvailable: request.body?.queryAvailable ?? false,
          businessName: request.body?.businessName,
          socialCreditCode: request.body?.socialCreditCode,
        }),
      ),
  )

  app.post(
    '/seal/queryByBussiness',
    {
      config: { query: true },
      schema: {
        tags: ['seals'],
        summary: '单位电子印章（一个列表；filterAuth 只留本人持有的）',
        body: queryByBusinessBody,
        response: { 200: envelopeOf(z.array(sealItem)) },
      },
    },
    async (request) => {
      const { socialCreditCode, needPic, filterAuth } = request.body
      return ok(
        await unitSealList({
          db: app.db,
          caller: callerOf(request),
          sealsInApplication: app.sealsInApplication,
          picture: pictures(needPic),
          socialCreditCode,
          holderOnly: filterAuth,
        }),
      )
    },
  )

  app.post(
    '/seal/queryByPersonManage',
    {
      config: { query: true },
      schema: {
        tags: ['seals'],
        summary: '本人持有或管理的印章（角色 1、2；filterAuth 只留本人持有的）',
        body: queryByPersonManageBody,
        response: { 200: envelopeOf(z.array(sealItem)) },
      },
    },
    async (request) => {
      const { socialCreditCode, needPic, filterAuth } = request.body
      return ok(
        await managedSealList({
          db: app.db,
          caller: callerOf(request),
          sealsInApplication: app.sealsInApplication,
          picture: pictures(needPic),
          socialCreditCode,
          holderOnly: filterAuth,
        }),
      )
    },
  )

  app.post(
    '/seal/enterprise/info',
    {
      config: { query: true },
      schema: {
        tags: ['seals'],
        summary: '本人持有其印章的单位',
        body: enterpriseInfoBody,
        response: { 200: envelopeOf(z.array(enterpriseInfo)) },
      },
    },
    async (request) => ok(await heldUnits(app.db, callerOf(request), request.body.socialCreditCode)),
  )

  app.post(
    '/seal/v4/queryWillExpires',
    {
      config: { query: true },
      schema: {
        tags: ['seals'],
        summary: '即将到期的印章和授权（000 §2；载荷为本服务所定）',
        body: queryWillExpiresBody.optional(),
        response: { 200: envelopeOf(willExpires) },
      },
    },
    async (request) =>
      ok(
        await willExpiring({
          db: app.db,
          caller: callerOf(request),
          sealsInApplication: app.sealsInApplication,
          picture: pictures(request.body?.needPic ?? false),
        }),
      ),
  )

  app.post(
    '/seal/canRenewal',
    {
      config: { query: true },
      schema: {
        tags: ['seals'],
        summary: '可续期的印章',
        body: canRenewalBody,
        response: { 200: envelopeOf(z.array(sealItem)) },
      },
    },
    async (request) =>
      ok(
        await renewableSeals({
          db: app.db,
          caller: callerOf(request),
          sealsInApplication: app.sealsInApplication,
          picture: pictures(request.body.needPic),
          socialCreditCode: request.body.socialCreditCode,
        }),
      ),
  )

  app.post(
    '/seal/detail',
    {
      config: { query: true },
      schema: {
        tags: ['seals'],
        summary: '印章详情 †',
        body: sealByIdBody,
        response: { 200: envelopeOf(sealItem) },
      },
    },
    async (request) =>
      ok(
        await sealDetail({
          db: app.db,
          caller: callerOf(request),
          sealsInApplication: app.sealsInApplication,
          sealId: request.body.sealId,
          picture: pictures(true),
        }),
      ),
  )

  app.post(
    '/seal/getSealPicById',
    {
      config: { query: true },
      schema: {
        tags: ['seals'],
        summary: '印章图片',
        body: sealByIdBody,
        response: { 200: envelopeOf(z.object({ sealPic: z.string() })) },
      },
    },
    async (request) => {
      const { seal } = await visibleSeal(app.db, callerOf(request), request.body.sealId)
      return ok({ sealPic: await sealPictureData(app.db, app.files, seal) })
    },
  )

  app.get(
    '/seal/picture/:id',
    {
      config: { public: true },
      schema: {
        tags: ['seals'],
        summary: '印章图片（列表中的签名链接）†',
        params: z.object({ id: z.string().min(1).max(64) }),
        querystring: z.object({ access_token: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const token = request.query.access_token
      if (!token || !verifyAccessToken(app.secrets.fileAccessKey, id, token)) throw notFound('文件ID不存在')
      const file = await findFileById(app.db, id)
      if (!file.mediaType.startsWith('image/')) throw notFound('文件ID不存在')
      // A file never changes under its id, and the link is good until the token's expiry.
      const maxAge = Math.max(0, Math.floor((Number(token.split('.')[0]) - Date.now()) / 1000))
      return reply
        .header('content-type', file.mediaType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .send(await app.files.get(file.storageKey))
    },
  )
}
