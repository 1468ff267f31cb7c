import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import {
  applyLogAnswer,
  applySealTypeAnswer,
  cannotMakeAnswer,
  multipleSealsAnswer,
  multipleSealsBody,
  olderSaveAnswer,
  olderSaveBody,
  queryMakeAnswer,
  queryMakeBody,
  querySealInfoBody,
  socialCreditCodeBody,
} from '@seal/shared/api/older-apply'
import { sealItem } from '@seal/shared/api/seals'
import { messages } from '@seal/shared/messages'
import { olderApplyMessages } from '@seal/shared/rules/older-apply'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { sealDetail } from '../seals/queries.ts'
import { applyLogOf } from './apply-log.ts'
import { saveOlderDraft } from './draft.ts'
import { sealRecordsOf, sealTypesNotMakeable, sealTypesOffered } from './records.ts'
import { submitMultipleSeals } from './submit.ts'

const tags = ['older-apply']

/**
 * The older step wizard for a new application (spec 001 §2 "Step-based application (older wizard)", §4, §7;
 * issue #21 §4): a door into the enterprise applications of unit-apply/ — the same table, statuses, checks,
 * verification, review and making. Paths marked † are ours.
 */
export const olderApplyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apply/older/save',
    { schema: { tags, summary: '分步申请：保存第1、2步（法定代表人本人的新申请）†', body: olderSaveBody, response: { 200: envelopeOf(olderSaveAnswer) } } },
    async (request) => {
      const { id } = await saveOlderDraft(app.db, callerOf(request), request.body)
      return ok({ id }, messages.draftSaved)
    },
  )

  app.post(
    '/apply/multiple/seals',
    { schema: { tags, summary: '分步申请提交：印章、图样与印章密码，经单位核验（ranId）提交审核', body: multipleSealsBody, response: { 200: envelopeOf(multipleSealsAnswer) } } },
    async (request) =>
      ok(await submitMultipleSeals({ trust: app.trust, caller: callerOf(request), body: request.body, log: request.log, sms: app.providers.sms }), olderApplyMessages.submitted),
  )

  app.post(
    '/seal/queryMake',
    { config: { query: true }, schema: { tags, summary: '单位已有印章记录（按统一社会信用代码，或实体印章编码）', body: queryMakeBody, response: { 200: envelopeOf(queryMakeAnswer) } } },
    async (request) => ok(await sealRecordsOf(app.db, callerOf(request), request.body)),
  )

  app.post(
    '/seal/queryCannotMakeBySocialCreditCode',
    { config: { query: true }, schema: { tags, summary: '单位当前不可申请的印章类型（已持有或申请中）', body: socialCreditCodeBody, response: { 200: envelopeOf(cannotMakeAnswer) } } },
    async (request) => ok(await sealTypesNotMakeable(app.db, callerOf(request), request.body.socialCreditCode)),
  )

  app.post(
    '/apply/get/applySealTypeCode',
    { config: { query: true }, schema: { tags, summary: '分步申请可选的印章类型', body: socialCreditCodeBody, response: { 200: envelopeOf(applySealTypeAnswer) } } },
    async (request) => ok(await sealTypesOffered(app.db, callerOf(request), request.body.socialCreditCode)),
  )

  app.get(
    '/seal/queryLogById/:id',
    { schema: { tags, summary: '申请结果（0 等待处理，1 成功，2 失败），按申请计算', params: z.object({ id: z.string().max(64) }), response: { 200: envelopeOf(applyLogAnswer) } } },
    async (request) => ok(await applyLogOf({ db: app.db, caller: callerOf(request), id: request.params.id, fileAccessKey: app.secrets.fileAccessKey })),
  )

  app.post(
    '/seal/querySealInfoNew',
    { config: { query: true }, schema: { tags, summary: '印章信息（同 /seal/detail）', body: querySealInfoBody, response: { 200: envelopeOf(sealItem) } } },
    async (request) => ok(await sealDetail({ db: app.db, caller: callerOf(request), sealsInApplication: app.sealsInApplication, sealId: request.body.sealId, picture: { fileAccessKey: app.secrets.fileAccessKey } })),
  )
}
