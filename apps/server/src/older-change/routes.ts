import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '@seal/shared/api/envelope'
import {
  checkChangeLegalAnswer,
  checkChangeLegalBody,
  getUpdateAuthFileAnswer,
  getUpdateAuthFileBody,
  multipleSealOperateBody,
  olderSubmissionAnswer,
  queryAuthBySealIdAnswer,
  queryAuthBySealIdBody,
  queryMakeAnswer,
  queryMakeBody,
  updateOrApplyBody,
} from '@seal/shared/api/older-change'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { checkChangeLegal, getUpdateAuthFile, updateOrApply } from './change.ts'
import { authorisationsOfSeal, sealRecordsOfUnit } from './lookups.ts'
import { multipleSealOperate } from './renewal.ts'

const tags = ['older-change']

/**
 * The older change and renewal pages' calls (spec 001 §7 "Offline and older flow"; issue #21 §4): doors
 * into the new wizard's applications. Who may do what: older-change/door.ts.
 */
export const olderChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apply/checkChangeLegal',
    { config: { query: true }, schema: { tags, summary: '变更检查：变更类型（0 未变更，1 法人变更含法定代表人名章，2 法人变更，3 单位名称或注册地变更）与可变更的印章', body: checkChangeLegalBody, response: { 200: envelopeOf(checkChangeLegalAnswer) } } },
    async (request) => ok(await checkChangeLegal(app.db, callerOf(request), request.body)),
  )

  app.post(
    '/seal/queryMakeIgnoreStatus',
    { config: { query: true }, schema: { tags, summary: '单位的印章记录（不论状态），或按印章编码查询', body: queryMakeBody, response: { 200: envelopeOf(queryMakeAnswer) } } },
    async (request) => ok(await sealRecordsOfUnit(app.db, callerOf(request), request.body)),
  )

  app.post(
    '/paas-composite-seal/seal/authorize/queryBySealId',
    { config: { query: true }, schema: { tags, summary: '印章的授权关系（授权中、已授权），带授权 id', body: queryAuthBySealIdBody, response: { 200: envelopeOf(queryAuthBySealIdAnswer) } } },
    async (request) => ok(await authorisationsOfSeal(app.db, callerOf(request), request.body.sealId, app.trust.now())),
  )

  app.post(
    '/apply/getUpdateAuthFile',
    { schema: { tags, summary: '变更：记录保留的授权关系，返回法定代表人待签署的授权文件与签署位置', body: getUpdateAuthFileBody, response: { 200: envelopeOf(getUpdateAuthFileAnswer) } } },
    async (request) => ok(await getUpdateAuthFile({ db: app.db, store: app.files, caller: callerOf(request), body: request.body, now: app.trust.now() })),
  )

  app.post(
    '/apply/multiple/updateOrApply',
    { schema: { tags, summary: '提交已签署的变更申请（经身份验证的申请）', body: updateOrApplyBody, response: { 200: envelopeOf(olderSubmissionAnswer) } } },
    async (request) => ok(await updateOrApply({ trust: app.trust, caller: callerOf(request), body: request.body, log: request.log, sms: app.providers.sms })),
  )

  app.post(
    '/paas-composite-seal/seal/apply/update/multipleSealOperate',
    { schema: { tags, summary: '提交已签署的续期申请（applyType 4）', body: multipleSealOperateBody, response: { 200: envelopeOf(olderSubmissionAnswer) } } },
    async (request) => ok(await multipleSealOperate({ trust: app.trust, caller: callerOf(request), body: request.body, log: request.log, sms: app.providers.sms })),
  )
}
