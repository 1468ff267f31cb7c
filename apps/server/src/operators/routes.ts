import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import {
  apiKeyList,
  changePasswordBody,
  createApiKeyAnswer,
  createApiKeyBody,
  createOperatorAnswer,
  createOperatorBody,
  operatorList,
  operatorLoginBody,
  operatorMe,
  operatorRoles,
  operatorSessionAnswer,
  routeRoles,
  totpConfirmBody,
  totpEnrolment,
  updateOperatorAnswer,
  updateOperatorBody,
} from '@seal/shared/api/operators'
import { recordAudit } from '../audit/record.ts'
import { forbidden, notFound } from '../errors.ts'
import { operatorOf, type OperatorCaller } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { createOperator, listOperators, updateOperator } from './accounts.ts'
import { apiKeySummaryOf, changeOperatorPassword, confirmTotp, createApiKey, endOperatorSession, loginOperator } from './sessions.ts'
import { apiKeys } from './tables.ts'
import { offerTotp } from './totp.ts'

const idParams = z.object({ id: z.string().min(1).max(64) })
const tags = ['admin']
/** Any operator, also before enrolling: who am I, log out, change the initial password, enrol TOTP. */
const ownSession = { operatorRoles: operatorRoles, operatorEnrol: true, auditsItself: true }

/** An operator's own session: an API key has no password, factor or session of its own to change. */
function ownSessionOf(request: FastifyRequest): OperatorCaller & { sessionId: string } {
  const caller = operatorOf(request)
  if (caller.kind !== 'operator' || !caller.sessionId) throw forbidden('仅限运营人员本人登录后使用')
  return caller as OperatorCaller & { sessionId: string }
}

/**
 * The operators' own calls (log in and out, password, TOTP) and the administrator's (operator accounts,
 * API keys). docs/operating.md "Accounts and roles".
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/session',
    {
      // Guessing is stopped by the account's counter; this keeps one address from trying many names.
      config: { public: true, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { tags, summary: '运营人员登录（密码，已绑定则加动态验证码）†', body: operatorLoginBody, response: { 200: envelopeOf(operatorSessionAnswer) } },
    },
    async (request) => ok(await loginOperator(app.db, app.trust.keys, { ...request.body, ip: request.ip }), '登录成功'),
  )

  app.delete('/admin/session', { config: ownSession, schema: { tags, summary: '退出登录 †', response: { 200: envelopeOf(z.null()) } } }, async (request) => {
    const caller = operatorOf(request)
    if (caller.sessionId) await endOperatorSession(app.db, caller.sessionId)
    await recordAudit(app.db, { action: 'operator.logout', target: caller.id, operator: caller })
    return ok(null, '已退出')
  })

  app.get('/admin/me', { config: ownSession, schema: { tags, summary: '当前运营人员或 API 密钥 †', response: { 200: envelopeOf(operatorMe) } } }, async (request) => {
    const { kind, id, name, roles, stage, mustChangePassword } = operatorOf(request)
    return ok({ kind, id, name, roles: [...roles], stage, mustChangePassword })
  })

  app.post(
    '/admin/session/password',
    { config: ownSession, schema: { tags, summary: '修改本人密码 †', body: changePasswordBody, response: { 200: envelopeOf(z.object({ stage: z.enum(['enrol', 'full']) })) } } },
    async (request) => ok({ stage: await changeOperatorPassword(app.db, ownSessionOf(request), request.body) }, '密码已修改'),
  )

  app.get(
    '/admin/session/totp',
    { config: ownSession, schema: { tags, summary: '绑定动态验证码：二维码与密钥 †', response: { 200: envelopeOf(totpEnrolment) } } },
    async (request) => ok(await offerTotp(app.db, app.trust.keys, ownSessionOf(request).id)),
  )

  app.post(
    '/admin/session/totp',
    { config: ownSession, schema: { tags, summary: '绑定动态验证码：输入首个验证码确认 †', body: totpConfirmBody, response: { 200: envelopeOf(z.object({ stage: z.enum(['enrol', 'full']) })) } } },
    async (request) => ok({ stage: await confirmTotp(app.db, app.trust.keys, ownSessionOf(request), request.body.code) }, '绑定成功'),
  )

  const adminRead = { operatorRoles: routeRoles.adminRead }
  const adminWrite = { operatorRoles: routeRoles.adminWrite, auditsItself: true }

  app.get('/admin/operators', { config: adminRead, schema: { tags, summary: '运营人员列表 †', response: { 200: envelopeOf(operatorList) } } }, async () =>
    ok({ list: await listOperators(app.db) }),
  )

  app.post(
    '/admin/operators',
    { config: adminWrite, schema: { tags, summary: '新建运营人员，返回初始密码（仅此一次）†', body: createOperatorBody, response: { 200: envelopeOf(createOperatorAnswer) } } },
    async (request) => {
      const caller = operatorOf(request)
      const created = await createOperator(app.db, { ...request.body, createdBy: caller.name })
      await recordAudit(app.db, { action: 'operator.created', target: created.operator.id, operator: caller, detail: { username: created.operator.username, roles: created.operator.roles } })
      return ok(created, '已创建')
    },
  )

  app.patch(
    '/admin/operators/:id',
    {
      config: adminWrite,
      schema: { tags, summary: '修改运营人员：姓名、角色、停用、重置动态验证码或密码 †', params: idParams, body: updateOperatorBody, response: { 200: envelopeOf(updateOperatorAnswer) } },
    },
    async (request) => {
      const caller = operatorOf(request)
      const updated = await updateOperator(app.db, request.params.id, request.body)
      const { resetPassword, resetTotp, disabled, roles, displayName } = request.body
      await recordAudit(app.db, { action: 'operator.updated', target: request.params.id, operator: caller, detail: { resetPassword, resetTotp, disabled, roles, displayName } })
      return ok(updated, '已保存')
    },
  )

  app.get('/admin/api-keys', { config: adminRead, schema: { tags, summary: 'API 密钥列表 †', response: { 200: envelopeOf(apiKeyList) } } }, async () =>
    ok({ list: (await app.db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt))).map(apiKeySummaryOf) }),
  )

  app.post(
    '/admin/api-keys',
    { config: adminWrite, schema: { tags, summary: '新建 API 密钥，返回密钥（仅此一次）†', body: createApiKeyBody, response: { 200: envelopeOf(createApiKeyAnswer) } } },
    async (request) => {
      const caller = operatorOf(request)
      const created = await createApiKey(app.db, { ...request.body, createdBy: caller.name })
      await recordAudit(app.db, { action: 'api-key.created', target: created.apiKey.id, operator: caller, detail: { name: created.apiKey.name, roles: created.apiKey.roles } })
      return ok(created, '已创建')
    },
  )

  app.delete(
    '/admin/api-keys/:id',
    { config: adminWrite, schema: { tags, summary: '吊销 API 密钥 †', params: idParams, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      const caller = operatorOf(request)
      const [revoked] = await app.db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, request.params.id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id })
      if (!revoked) throw notFound('密钥不存在或已吊销')
      await recordAudit(app.db, { action: 'api-key.revoked', target: revoked.id, operator: caller })
      return ok(null, '已吊销')
    },
  )
}
