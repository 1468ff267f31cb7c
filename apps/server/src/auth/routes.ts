import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import {
  enterpriseLoginBody,
  hostLoginBody,
  loginInfo,
  loginResult,
  personalLoginBody,
  sendSmsCodeBody,
  type LoginInfo,
} from '@seal/shared/api/auth'
import { configForCaller } from '../config/service.ts'
import { businessError } from '../errors.ts'
import { hostChannelKeys } from '../host-channels.ts'
import { faceResult } from '../identity/face.ts'
import { callerOf, type Caller } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { redisUsedOnce } from '../redis/used-once.ts'
import { memoryUsedAssertions, verifyHostAssertion } from './host-assertion.ts'
import { loginEnterprise, loginPersonal, loginVouchedPerson } from './login.ts'
import { markVerified } from './real-name.ts'
import { revokeSession } from './sessions.ts'
import { sendSmsCode, smsSenderOf } from './sms-codes.ts'
import { loginRecords } from './tables.ts'

const SMS_CLIENT_WINDOW_MS = 10 * 60_000

/** Standalone login for users who do not arrive from a host app with a token, and the login record (spec 002 §4). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/sms/send',
    {
      // One client asking for codes for many phones is refused; each phone's own limits are in sendSmsCode.
      config: { public: true, rateLimit: { max: app.config.rateLimits.smsSendsPerClient, timeWindow: SMS_CLIENT_WINDOW_MS } },
      schema: {
        tags: ['auth'],
        summary: '发送登录短信验证码（60秒内不可重发）',
        body: sendSmsCodeBody,
        response: { 200: envelopeOf(z.object({ resendAfterSeconds: z.number() })) },
      },
    },
    async (request) => {
      const result = await sendSmsCode({ db: app.db, sms: smsSenderOf(app), ...request.body })
      return ok(result, '验证码已发送')
    },
  )

  app.post(
    '/auth/login/personal',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: '个人登录：手机号+短信验证码', body: personalLoginBody, response: { 200: envelopeOf(loginResult) } },
    },
    async (request) => ok(await loginPersonal({ db: app.db, realName: app.providers.realName, ...request.body, ip: request.ip }), '登录成功'),
  )

  app.post(
    '/auth/login/enterprise',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: '企业登录：法定代表人手机号+短信验证码',
        body: enterpriseLoginBody,
        response: { 200: envelopeOf(loginResult) },
      },
    },
    async (request) => ok(await loginEnterprise({ db: app.db, realName: app.providers.realName, ...request.body, ip: request.ip }), '登录成功'),
  )

  const hostChannels = hostChannelKeys(app.config.hostChannels)
  // One use per assertion across every server process with REDIS_URL (refused, not let through, while Redis is away).
  const usedAssertions = app.sharedState ? redisUsedOnce(app.sharedState, 'host-assertion') : memoryUsedAssertions()
  app.post(
    '/auth/login/host',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: '接入应用登录：接入渠道签名的登录凭证（JWS，HOST_CHANNELS）',
        body: hostLoginBody,
        response: { 200: envelopeOf(loginResult) },
      },
    },
    async (request) => {
      const identity = await verifyHostAssertion({ assertion: request.body.assertion, channels: hostChannels, used: usedAssertions, now: app.trust.now() })
      const { channel, ...person } = identity
      return ok(await loginVouchedPerson({ db: app.db, realName: app.providers.realName, ...person, vouchedBy: channel, ip: request.ip }), '登录成功')
    },
  )

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], summary: '当前登录身份', response: { 200: envelopeOf(loginInfo) } } },
    async (request) => ok(toLoginInfo(callerOf(request))),
  )

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: '退出登录', response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await revokeSession(app.db, callerOf(request).sessionId)
      return ok(null, '已退出登录')
    },
  )

  app.post(
    '/login/record',
    {
      schema: {
        tags: ['identity'],
        summary: '记录登录（人脸/非人脸）',
        body: z.object({
          identity: z.string().optional(),
          name: z.string().optional(),
          serialNoFace: z.string().max(64).optional(),
          type: z.enum(['face', 'non-face']).default('non-face'),
        }),
      },
    },
    async (request) => {
      const caller = callerOf(request)
      // The identity is the session's; a face login must name a verification of this caller that succeeded.
      if (request.body.type === 'face') {
        const result = await faceResult(app.db, caller, request.body.serialNoFace ?? '')
        if (result.status !== '2') throw businessError('人脸核验未通过')
        // Where the configuration chooses the face check before login, it is how a person is verified: their
        // own face against their ID (openFaceVerification refuses anyone else's identity).
        if (!caller.person.verified && (await configForCaller(app.db, caller)).enableLoginFaceAuth) {
          await markVerified(app.db, caller.person.id, 'face')
        }
      }
      await app.db.insert(loginRecords).values({
        accountId: caller.accountId,
        identity: caller.person.identityNo,
        name: caller.person.name,
        serialNoFace: request.body.serialNoFace ?? null,
        type: request.body.type,
      })
      return ok(null)
    },
  )
}

function toLoginInfo(caller: Caller): LoginInfo {
  return {
    kind: caller.kind,
    personName: caller.person.name,
    personCard: caller.person.identityNo,
    cardKind: caller.person.identityType,
    phone: caller.person.phone,
    socialCreditCode: caller.unit?.socialCreditCode ?? null,
    companyName: caller.unit?.name ?? null,
    unitTypeCode: caller.unit?.unitTypeCode ?? null,
    verified: caller.person.verified,
  }
}
