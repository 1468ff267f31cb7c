import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { samrAuthenticationRequest } from '@seal/shared/api/gov'
import { businessError, notFound } from '../../errors.ts'
import { refuseOversizeImage } from '../../files/image-limits.ts'
import { saveFile } from '../../files/service.ts'
import { callerOf } from '../../plugins/caller.ts'
import { perPersonLimit } from '../../plugins/rate-limit.ts'
import { envelopeOf } from '../../plugins/schemas.ts'
import { FACE_CHECKS_PER_PERSON } from '../face.ts'
import { govFaceMessages, govFaceResult, govJsapiToken, openGovFaceTicket } from './face.ts'
import { authenticateWithSamr } from './samr.ts'

const statusShape = z.enum(['SUCCESS', 'FAILED', 'PENDING'])
const samrStatusShape = z.enum(['1', '2', '3', '4'])
const ticketField = z.string().trim().min(1, '请提供人脸核验票据').max(512, '人脸核验票据无效，请重新发起')

/** Said when the sandbox stand-in for the government app is called while the real platform is configured. */
export const sandboxGovAppOnly = '政务服务沙箱仅在沙箱环境可用'

/** Per client: a market-regulator authentication is a question to a government service, not a lookup to loop over. */
const SAMR_CALLS_PER_CLIENT = 20
const SAMR_WINDOW_MS = 10 * 60_000

/**
 * The hand-offs to government identity services (spec 000 §7 "Government-app face flow"; 001 §7, 002 §7
 * "/samr/authentication"), and the sandbox stand-in for the government app (docs/providers.md).
 */
export const govIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ykb/token',
    {
      schema: {
        tags: ['identity'],
        summary: '政务服务应用 JS-API 令牌',
        response: { 200: envelopeOf(z.object({ jsapiToken: z.string() })) },
      },
    },
    async () => ok(await govJsapiToken(app.providers.govFace)),
  )

  app.post(
    '/ykb/face/ticket',
    {
      preHandler: perPersonLimit(app, 'gov-face', FACE_CHECKS_PER_PERSON),
      schema: {
        tags: ['identity'],
        summary: '政务服务应用人脸核验票据（仅限本人）',
        body: z.object({
          authCode: z
            .string()
            .trim()
            .min(1, '请提供政务服务授权码')
            .max(512, govFaceMessages.authCodeInvalid),
          identityType: z.string().trim().max(8, '证件类型错误').default('111'),
          personIdentity: z.string().trim().min(1, '请提供证件号码').max(32, '请输入正确的证件号码'),
        }),
        response: { 200: envelopeOf(z.object({ ticket: z.string(), expiresAt: z.number() })) },
      },
    },
    async (request) =>
      ok(
        await openGovFaceTicket({
          db: app.db,
          provider: app.providers.govFace,
          caller: callerOf(request),
          ...request.body,
        }),
      ),
  )

  app.post(
    '/ykb/face/result',
    {
      schema: {
        tags: ['identity'],
        summary: '政务服务应用人脸核验结果（核验中每秒查询）',
        body: z.object({ ticket: ticketField }),
        response: {
          200: envelopeOf(
            z.object({ status: statusShape, msg: z.string(), serialNo: z.string().optional() }),
          ),
        },
      },
    },
    async (request) =>
      ok(
        await govFaceResult({
          db: app.db,
          provider: app.providers.govFace,
          caller: callerOf(request),
          ticket: request.body.ticket,
        }),
      ),
  )

  app.post(
    '/samr/authentication',
    {
      config: { rateLimit: { max: SAMR_CALLS_PER_CLIENT, timeWindow: SAMR_WINDOW_MS } },
      schema: {
        tags: ['identity'],
        summary: '市场监管身份认证（SM3 摘要）',
        body: samrAuthenticationRequest,
        response: {
          200: envelopeOf(
            z.object({
              ranId: z.string(),
              status: samrStatusShape,
              msg: z.string(),
              progress: z.array(samrStatusShape),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { mode, ...hashes } = request.body
      return ok(
        await authenticateWithSamr({
          db: app.db,
          provider: app.providers.samr,
          caller: callerOf(request),
          query: { mode: Number(mode) as 1 | 2, ...hashes },
        }),
      )
    },
  )

  // The sandbox stand-in for the government app: what its JS API does for the H5 (an authorisation code for
  // the user logged in to it, the face taken with a ticket). Answers 接口不存在 when the real platform is configured.
  app.post(
    '/dev/ykb/auth-code',
    {
      schema: {
        tags: ['identity'],
        summary: '沙箱政务服务应用：登录用户的授权码（仅沙箱）',
        body: z.object({
          jsapiToken: z.string().trim().min(1, '请先获取政务服务 JS-API 令牌').max(512),
          /** The app's logged-in user, when it is not the caller (to reach 政务服务应用的登录账号与当前登录人不一致). */
          name: z.string().trim().min(1).max(50).optional(),
          identityNo: z.string().trim().min(1).max(32).optional(),
        }),
        response: { 200: envelopeOf(z.object({ authCode: z.string() })) },
      },
    },
    async (request) => {
      const sandbox = app.providers.govFace.sandbox
      if (!sandbox) throw notFound('接口不存在')
      const { person } = callerOf(request)
      const authCode = await sandbox.issueAuthCode({
        jsapiToken: request.body.jsapiToken,
        identityType: person.identityType,
        identityNo: request.body.identityNo ?? person.identityNo,
        name: request.body.name ?? person.name,
      })
      if (!authCode) throw businessError('政务服务 JS-API 令牌无效，请重新获取')
      return ok({ authCode })
    },
  )

  app.post(
    '/dev/ykb/face/capture',
    {
      schema: {
        tags: ['identity'],
        summary: '沙箱政务服务应用：按票据采集人脸（仅沙箱）',
        body: z.object({ ticket: ticketField, image: z.string().min(1, '请拍摄人脸照片') }),
      },
    },
    async (request) => {
      const sandbox = app.providers.govFace.sandbox
      if (!sandbox) throw notFound('接口不存在')
      const caller = callerOf(request)
      const selfie = Buffer.from(request.body.image.replace(/^data:[^;,]*;base64,/, ''), 'base64')
      if (selfie.length === 0) throw businessError('请拍摄人脸照片')
      await refuseOversizeImage(selfie, 'selfie')
      const taken = await sandbox.capture({
        ticket: request.body.ticket,
        selfie,
        keepSelfie: async () =>
          (
            await saveFile({
              db: app.db,
              store: app.files,
              ownerAccountId: caller.accountId,
              bytes: selfie,
              originalName: 'gov-selfie.jpg',
            })
          ).id,
      })
      if (!taken) throw businessError(govFaceMessages.ticketInvalid)
      return ok(null, '人脸已采集')
    },
  )
}
