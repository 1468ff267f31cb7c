import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '@seal/shared/api/envelope'
import { backlogDetailAnswer, backlogDetailBody, backlogListAnswer, backlogListBody, backlogLocalConfigAnswer, backlogLocalConfigBody } from '@seal/shared/api/backlog'
import { backlogListType } from '@seal/shared/codes/backlog'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { authorisationTodos, withAuthorisationTodos } from '../seal-auth/todos.ts'
import { backlogDetail, backlogList, backlogLocalConfig } from './backlog.ts'

const tags = ['agency-center']

/**
 * The agency centre (待办中心, spec 002 §2, §7; issue #10 item 4): operators' applications waiting for the
 * legal representative, and authorisations of a seal waiting for the caller to accept them (ours). Signing
 * and refusing are the application's own calls (submitSign, refuse); accepting is the authorisation's.
 */
export const backlogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/seal-apply/backlog/list',
    { config: { query: true }, schema: { tags, summary: '待办中心列表：待办列表（1）/ 已处理（4）', body: backlogListBody, response: { 200: envelopeOf(backlogListAnswer) } } },
    async (request) => {
      const caller = callerOf(request)
      // The 待办列表 also holds the authorisations waiting for the caller to accept (issue #19 §4).
      if (request.body.listType !== backlogListType.TODO) return ok(await backlogList(app.db, caller, request.body))
      const [page, todos] = await Promise.all([backlogList(app.db, caller, request.body), authorisationTodos(app.db, caller, app.trust.now())])
      return ok(withAuthorisationTodos(page, todos))
    },
  )

  app.post(
    '/seal-apply/backlog/detail',
    { config: { query: true }, schema: { tags, summary: '待办详情：单位、印章管理员、经办人、印章图片（短期链接）', body: backlogDetailBody, response: { 200: envelopeOf(backlogDetailAnswer) } } },
    async (request) =>
      ok(await backlogDetail({ db: app.db, store: app.files, caller: callerOf(request), fileAccessKey: app.secrets.fileAccessKey, body: request.body })),
  )

  app.post(
    '/seal-apply/backlog/detail/getLocalConfig',
    { schema: { tags, summary: '待签署文件及签署位置（法定代表人）', body: backlogLocalConfigBody, response: { 200: envelopeOf(backlogLocalConfigAnswer) } } },
    async (request) => ok(await backlogLocalConfig({ db: app.db, store: app.files, caller: callerOf(request), backlogId: request.body.backlogId })),
  )
}
