import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import {
  bindableGroup,
  bindingMessages,
  bindRecordPage,
  bindRecordQueryBody,
  cancelBindBody,
  platformConfigBody,
  platformItem,
  platformTokenAnswer,
  platformTokenBody,
  queryCanBindBody,
  queryIsCorporationAnswer,
  queryIsCorporationBody,
  sealBindAnswer,
  sealBindBody,
} from '@seal/shared/api/binding'
import { businessError, invalidInput } from '../errors.ts'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { bindableSeals, bindingRecords, corporationRole, platformList } from './queries.ts'
import { activePlatform, bindSeal, cancelBinding, rebindSeal } from './service.ts'
import { assertBindingToken, bindingTokenKey, issueBindingToken } from './token.ts'

const tags = ['binding']

/**
 * Platform binding (spec 002 §2 "Platform binding routes", §4, §7 "Binding"; issue #12). Who may bind,
 * cancel and see what is decided from the caller's role on each seal (bindings/service.ts, queries.ts).
 * † marks what the spec does not show.
 */
export const bindingRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.trust.now()
  const tokenKey = bindingTokenKey(app.secrets.fileAccessKey)

  app.post(
    '/paas-composite-seal/sealBind/platform/config',
    { config: { query: true }, schema: { tags, summary: '可绑定的平台列表（clientName † 按名称搜索）', body: platformConfigBody, response: { 200: envelopeOf(z.array(platformItem)) } } },
    async (request) => {
      callerOf(request)
      return ok(await platformList(app.db, request.body ?? {}, now()))
    },
  )

  app.post(
    '/paas-composite-seal/sealBind/platform/token',
    { config: { query: true }, schema: { tags, summary: '绑定服务的访问令牌（本会话、所选平台，30分钟）', body: platformTokenBody, response: { 200: envelopeOf(platformTokenAnswer) } } },
    async (request) => {
      const caller = callerOf(request)
      const platform = await activePlatform(app.db, request.body.id)
      if (request.body.platformType && request.body.platformType !== platform.platformType) throw businessError(bindingMessages.platformNotFound)
      const token = issueBindingToken(tokenKey, caller, platform.id, now().getTime())
      return ok({ ...token, platformId: platform.id, clientName: platform.clientName, platformType: platform.platformType })
    },
  )

  app.post(
    '/role/queryIsCorporation',
    { config: { query: true }, schema: { tags, summary: '是否为法定代表人（role 1）', body: queryIsCorporationBody, response: { 200: envelopeOf(queryIsCorporationAnswer) } } },
    async (request) => ok({ role: await corporationRole(app.db, callerOf(request), request.body?.socialCreditCode) }),
  )

  app.post(
    '/sealBind/queryCanBind',
    { config: { query: true }, schema: { tags, summary: '可绑定的印章（按单位分组；id † 为所选平台）', body: queryCanBindBody, response: { 200: envelopeOf(z.array(bindableGroup)) } } },
    async (request) =>
      ok(await bindableSeals({ db: app.db, caller: callerOf(request), platformId: request.body?.id, now: now(), fileAccessKey: app.secrets.fileAccessKey })),
  )

  app.post(
    '/paas-composite-seal/sealBind/queryBindSealLogList',
    { config: { query: true }, schema: { tags, summary: '平台绑定记录（每页10条，最新在前）', body: bindRecordQueryBody, response: { 200: envelopeOf(bindRecordPage) } } },
    async (request) => ok(await bindingRecords({ db: app.db, caller: callerOf(request), query: request.body, now: now() })),
  )

  app.post(
    '/paas-composite-seal/sealBind/cancel',
    { schema: { tags, summary: '取消绑定（持有人：印章密码；管理员：用章密码，仅签名用章的管理员：signatureId †）', body: cancelBindBody, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      const { id, password, signatureId } = request.body
      await cancelBinding({ db: app.db, caller: callerOf(request), recordId: id, proof: { password, signatureId }, now: now() })
      return ok(null, bindingMessages.cancelled)
    },
  )

  for (const path of ['/paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo', '/paas-composite-seal/sealBind/rebind']) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: path.endsWith('rebind') ? '重新绑定（recordId 为已失效的绑定记录）' : '用章确认（密码或手写签名）并绑定到所选平台（id）；带 recordId 时为重新绑定',
          body: sealBindBody,
          response: { 200: envelopeOf(sealBindAnswer) },
        },
      },
      async (request) => {
        const caller = callerOf(request)
        const body = request.body
        const at = now()
        assertBindingToken(tokenKey, caller, body.id, body.accessToken, at.getTime())
        const platform = await activePlatform(app.db, body.id)
        if (body.recordId) {
          const bound = await rebindSeal({ db: app.db, caller, platform, recordId: body.recordId, body, now: at })
          return ok(bound, bindingMessages.rebound)
        }
        if (path.endsWith('rebind')) throw invalidInput('缺少参数：recordId')
        return ok(await bindSeal({ db: app.db, caller, platform, body, now: at }), bindingMessages.bound)
      },
    )
  }
}
