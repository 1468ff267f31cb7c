import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import {
  consigneeAnswer,
  deleteDocumentBody,
  deleteSealPicQuery,
  documentLinkBody,
  downloadDocumentQuery,
  firstApplyDetailAnswer,
  firstApplyDetailBody,
  offlineApplyDetail,
  offlineApplyForm,
  offlineApplyIdBody,
  offlineDocumentsAnswer,
  offlineFileInfo,
  offlineIdParams,
  offlineMessages,
  offlineSavedAnswer,
  offlineSealInfoAnswer,
  offlineSealInfoBody,
  offlineUpdateBody,
  OFFLINE_SEAL_PATTERN_MAX_BYTES,
  recheckBody,
  sealInfoBySocialAnswer,
  sealInfoBySocialBody,
  submitTodoAnswer,
  updateSealNameAnswer,
  updateSealNameBody,
  uploadDocumentBody,
  uploadSealPicAnswer,
  uploadSealPicBody,
} from '@seal/shared/api/offline-apply'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { sendPdf } from '../files/send-pdf.ts'
import { readableOffline } from './access.ts'
import { consigneeFor } from './consignee.ts'
import { offlineDetailOf, sealDetailsOf } from './detail.ts'
import { attachDocument, detachDocument, documentLink, generatedDocument } from './documents.ts'
import { deleteSealPattern, renameSeals, uploadSealPattern } from './seal-patterns.ts'
import { offlineSealInfo, sealsBySocial } from './seal-info.ts'
import { cancelOffline, createOffline, latestOffline, reapplyOffline, recordDelivery, savePendingUpload, submitOffline, updateOffline } from './service.ts'

const tags = ['offline-apply']
const done = envelopeOf(z.null())
const base = '/paas-seal-offline-sdk/v1/offlineApply'

/** A 10 MB pattern as base64 (4/3 of it) and the rest of the body; a larger body is refused unread (413). */
const PATTERN_BODY_LIMIT = Math.ceil((OFFLINE_SEAL_PATTERN_MAX_BYTES * 4) / 3) + 64 * 1024

/**
 * The operator's offline-materials door (spec 001 §2 "Operator offline flow", §7 "Offline and older
 * flow"; issue #21 §1; contract `@seal/shared/api/offline-apply`). Thin routes: who may do what is in
 * access.ts, the moves in service.ts. Calls marked † are ours (the spec: "path not shown").
 */
export const offlineApplyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${base}/create`,
    { schema: { tags, summary: '线下申请：新建暂存（经办人信息、单位、法定代表人、印章）', body: offlineApplyForm, response: { 200: envelopeOf(offlineSavedAnswer) } } },
    async (request) => ok(await createOffline(app.db, callerOf(request), request.body), offlineMessages.done),
  )

  app.post(
    `${base}/updateByApplyId`,
    { schema: { tags, summary: '线下申请：修改暂存', body: offlineUpdateBody, response: { 200: envelopeOf(offlineSavedAnswer) } } },
    async (request) => ok(await updateOffline(app.db, callerOf(request), request.body), offlineMessages.done),
  )

  app.get(
    `${base}/applyDetail/:id`,
    { schema: { tags, summary: '线下申请详情（状态码、可办理操作、材料、快递记录、审核结果）', params: offlineIdParams, response: { 200: envelopeOf(offlineApplyDetail) } } },
    async (request) => {
      const caller = callerOf(request)
      const row = await readableOffline(app.db, caller, request.params.id)
      return ok(await offlineDetailOf(app.db, caller, row, app.secrets.fileAccessKey))
    },
  )

  app.post(
    `${base}/firstApplyDetail`,
    { config: { query: true }, schema: { tags, summary: '本人该单位最近的线下申请（身份取自登录）', body: firstApplyDetailBody, response: { 200: envelopeOf(firstApplyDetailAnswer) } } },
    async (request) => {
      const caller = callerOf(request)
      const row = await latestOffline(app.db, caller, request.body.socialCode)
      return ok(row ? await offlineDetailOf(app.db, caller, row, app.secrets.fileAccessKey) : null)
    },
  )

  app.post(
    `${base}/seal/info`,
    { config: { query: true }, schema: { tags, summary: '可申请的印章类型（1）或可变更（3）、续期（4）的本单位印章', body: offlineSealInfoBody, response: { 200: envelopeOf(offlineSealInfoAnswer) } } },
    async (request) => ok(await offlineSealInfo(app.db, callerOf(request), request.body, app.sealsInApplication)),
  )

  app.post(
    `${base}/sealInfoBySocial`,
    { config: { query: true }, schema: { tags, summary: '本单位印章（仅本人持有或管理的）', body: sealInfoBySocialBody, response: { 200: envelopeOf(sealInfoBySocialAnswer) } } },
    async (request) => ok(await sealsBySocial(app.db, callerOf(request), request.body.socialCreditCode, app.sealsInApplication)),
  )

  app.post(
    `${base}/submitTodo`,
    { schema: { tags, summary: '提交线下申请（全部校验后转人工审核）', body: offlineApplyIdBody, response: { 200: envelopeOf(submitTodoAnswer) } } },
    async (request) => ok(await submitOffline({ trust: app.trust, caller: callerOf(request), applyId: request.body.applyId, log: request.log }), offlineMessages.done),
  )

  app.post(
    `${base}/cancel/:id`,
    { schema: { tags, summary: '取消暂存的申请，或撤回已提交未审核的申请', params: offlineIdParams, response: { 200: done } } },
    async (request) => ok(null, await cancelOffline(app.db, callerOf(request), request.params.id)),
  )

  app.post(
    `${base}/reApply/:id`,
    { schema: { tags, summary: '重新申请：以失败、撤回、法人拒绝或部分通过的申请为底稿新建暂存', params: offlineIdParams, response: { 200: envelopeOf(offlineSavedAnswer) } } },
    async (request) => ok(await reapplyOffline(app.db, callerOf(request), request.params.id), offlineMessages.done),
  )

  app.post(
    `${base}/recheckByApplyId`,
    { schema: { tags, summary: '邮寄纸质材料：快递公司与快递单号', body: recheckBody, response: { 200: envelopeOf(submitTodoAnswer) } } },
    async (request) => ok(await recordDelivery(app.db, callerOf(request), request.body), offlineMessages.done),
  )

  app.post(
    `${base}/pendingUpload`,
    { schema: { tags, summary: '稍后上传：保存暂存，停在上传签署材料一步', body: offlineApplyIdBody, response: { 200: envelopeOf(offlineSavedAnswer) } } },
    async (request) => ok(await savePendingUpload(app.db, callerOf(request), request.body.applyId), offlineMessages.savedForLater),
  )

  app.post(
    `${base}/updateSealName`,
    { schema: { tags, summary: '修改其他类型印章名称', body: updateSealNameBody, response: { 200: envelopeOf(updateSealNameAnswer) } } },
    async (request) => {
      const sealInfo = await renameSeals(app.db, callerOf(request), request.body)
      return ok(sealDetailsOf({ form: { sealInfo } } as Parameters<typeof sealDetailsOf>[0]), offlineMessages.done)
    },
  )

  app.post(
    `${base}/uploadSealBase64Pic`,
    {
      bodyLimit: PATTERN_BODY_LIMIT,
      schema: { tags, summary: '上传印章图样（10M以内，提取印模；第二次提取失败转人工审核）', body: uploadSealPicBody, response: { 200: envelopeOf(uploadSealPicAnswer) } },
    },
    async (request) => {
      const answer = await uploadSealPattern({ db: app.db, store: app.files, caller: callerOf(request), body: request.body })
      return ok(answer, answer.manualReview ? '印模提取失败，已转人工审核' : '印模提取成功')
    },
  )

  app.get(
    `${base}/deleteSealPic`,
    { schema: { tags, summary: '删除印章图样', querystring: deleteSealPicQuery, response: { 200: done } } },
    async (request) => {
      await deleteSealPattern(app.db, callerOf(request), request.query)
      return ok(null, offlineMessages.done)
    },
  )

  app.post(
    `${base}/uploadDocumentByApplyId`,
    { schema: { tags, summary: '上传签署材料（documentType 2：图片或PDF，最多5个，每个10M以内）', body: uploadDocumentBody, response: { 200: envelopeOf(offlineDocumentsAnswer) } } },
    async (request) => ok(await attachDocument(app.db, callerOf(request), request.body), offlineMessages.done),
  )

  app.post(
    `${base}/deleteDocumentByApplyId`,
    { schema: { tags, summary: '删除已上传的签署材料', body: deleteDocumentBody, response: { 200: envelopeOf(offlineDocumentsAnswer) } } },
    async (request) => ok(await detachDocument(app.db, callerOf(request), request.body), offlineMessages.done),
  )

  app.post(
    `${base}/documentLink`,
    {
      config: { query: true }, // signs a short-lived link; stores nothing
      schema: { tags, summary: '申请表、授权委托书下载链接（30分钟有效的访问令牌）†', body: documentLinkBody, response: { 200: envelopeOf(offlineFileInfo) } },
    },
    async (request) => {
      const row = await readableOffline(app.db, callerOf(request), request.body.applyId)
      return ok(documentLink(app.secrets.fileAccessKey, row.id, request.body.type))
    },
  )

  app.get(
    `${base}/downloadDocument`,
    {
      // The access token is the authorisation: the link is opened where no bearer header goes.
      config: { public: true },
      schema: { tags, summary: '凭访问令牌下载申请表或授权委托书（PDF）†', querystring: downloadDocumentQuery },
    },
    async (request, reply) => {
      const { pdf, fileName } = await generatedDocument(app.db, app.secrets.fileAccessKey, request.query)
      return sendPdf(reply, pdf, fileName)
    },
  )

  app.get(
    '/paas-seal-offline-sdk/v1/config/consignee',
    { schema: { tags, summary: '纸质材料收件人、地址与各类单位所需材料', response: { 200: envelopeOf(consigneeAnswer) } } },
    async (request) => ok(await consigneeFor(app.db, callerOf(request))),
  )
}
