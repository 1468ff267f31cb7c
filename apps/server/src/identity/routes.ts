import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { desc } from 'drizzle-orm'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { isLoopbackAddress } from '../config.ts'
import { callerOf } from '../plugins/caller.ts'
import { perPersonLimit } from '../plugins/rate-limit.ts'
import { businessError, forbidden, notFound } from '../errors.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { completeFaceVerification, FACE_CHECKS_PER_PERSON, faceResult, openFaceVerification } from './face.ts'
import { smsOutbox } from './tables.ts'

/** Said to a caller from another machine: the outbox is readable here only (ALLOW_SANDBOX_ON_NETWORK). */
export const sandboxOutboxLocalOnly = '沙箱短信发件箱仅限本机访问'

const faceResultShape = z.object({
  status: z.string(),
  msg: z.string(),
  serialNo: z.string(),
  type: z.literal('face'),
})

/** Identity hand-offs (spec 002 §4, §7): face verification, the sandbox outbox. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verifySign/paasExchangeToken',
    {
      preHandler: perPersonLimit(app, 'face', FACE_CHECKS_PER_PERSON),
      schema: {
        tags: ['identity'],
        summary: '换取人脸核验令牌（仅限本人）',
        body: z.object({
          idType: z.string().default('111'),
          idCardNo: z.string().min(15).max(18),
          realName: z.string().min(1).max(50),
        }),
        response: { 200: envelopeOf(z.string()) },
      },
    },
    async (request) =>
      ok(await openFaceVerification({ db: app.db, caller: callerOf(request), ...request.body })),
  )

  app.post(
    '/face/verify',
    {
      schema: {
        tags: ['identity'],
        summary: '提交自拍照完成人脸核验',
        body: z.object({ token: z.string().min(1).max(100), image: z.string().min(1, '请拍摄人脸照片') }),
        response: { 200: envelopeOf(faceResultShape) },
      },
    },
    async (request) => {
      const base64 = request.body.image.replace(/^data:[^;,]*;base64,/, '')
      const selfie = Buffer.from(base64, 'base64')
      if (selfie.length === 0) throw businessError('请拍摄人脸照片')
      const result = await completeFaceVerification({
        db: app.db,
        store: app.files,
        face: app.providers.face,
        caller: callerOf(request),
        token: request.body.token,
        selfie,
      })
      return ok(result)
    },
  )

  app.get(
    '/face/result/:serialNo',
    {
      schema: {
        tags: ['identity'],
        summary: '查询人脸核验结果',
        params: z.object({ serialNo: z.string().max(64) }),
        response: { 200: envelopeOf(faceResultShape) },
      },
    },
    async (request) => ok(await faceResult(app.db, callerOf(request), request.params.serialNo)),
  )

  app.get(
    '/dev/sms-outbox',
    {
      config: { public: true },
      schema: { tags: ['identity'], summary: '沙箱短信发件箱（仅沙箱环境）' },
    },
    async (request) => {
      if (app.providers.sms.kind !== 'sandbox') throw notFound('接口不存在')
      // The outbox holds live login codes: only this machine reads it, by the socket's address (a header
      // could be forged), unless the sandbox was put on the network on purpose.
      if (!app.config.allowSandboxOnNetwork && !isLoopbackAddress(request.socket.remoteAddress))
        throw forbidden(sandboxOutboxLocalOnly)
      const rows = await app.db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(50)
      return ok(rows.map((row) => ({ phone: row.phone, text: row.text, createdAt: row.createdAt.getTime() })))
    },
  )

  app.get(
    '/dev/providers',
    { config: { public: true }, schema: { tags: ['identity'], summary: '外部服务的实现（沙箱或真实）' } },
    async () =>
      ok({
        sms: app.providers.sms.kind,
        face: app.providers.face.kind,
        enterprise: app.providers.enterprise.kind,
        realName: app.providers.realName.kind,
        govFace: app.providers.govFace.kind,
        samr: app.providers.samr.kind,
      }),
  )
}
