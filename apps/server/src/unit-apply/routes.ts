import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import {
  applyIdQuery,
  applyPageAnswer,
  applyPageBody,
  filingInfoAnswer,
  filingInfoBody,
  findDraftAnswer,
  findDraftBody,
  queryCanApplyAnswer,
  queryCanApplyBody,
  renewalDocumentsAnswer,
  renewalDocumentsBody,
  saveApplicationAnswer,
  sealApplyDetailBody,
  sealAuthsAnswer,
  sealAuthsBody,
  signedFileKeys,
  signCodeBody,
  signDocumentsAnswer,
  submitApplicationAnswer,
  submitApplicationBody,
  submitSignBody,
  unitApplicationDetail,
  unitApplicationForm,
  unitDefinitionAnswer,
} from '@seal/shared/api/unit-apply'
import { sealItem } from '@seal/shared/api/seals'
import { sealRole } from '@seal/shared/codes/authorization'
import { businessType, businessTypeNumber } from '@seal/shared/codes/business-type'
import { messages } from '@seal/shared/messages'
import { defaultUnitTypeDefinitions } from '@seal/shared/rules/credit-code'
import { smsSenderOf } from '../auth/sms-codes.ts'
import { forbidden, notFound } from '../errors.ts'
import { sendPdf } from '../files/send-pdf.ts'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { NOT_YOUR_ROLE } from '../seals/roles.ts'
import { authorisationsOfSeals } from '../seal-auth/queries.ts'
import { sealDetail } from '../seals/queries.ts'
import { detailOf, findApplication, readableApplication } from './access.ts'
import { applicationFormLink, applicationFormPdf, isFormLinkToken } from './documents.ts'
import { applyServerMessages } from './messages.ts'
import { renewalDocuments } from './renewal-documents.ts'
import { filingInfo, queryCanApply } from './seal-choices.ts'
import { applicationPage, deleteDraft, findDraft, reapply, storeApplication, submitApplication, withdrawApplication } from './service.ts'
import { refuseApplication, sendSignCode, signDocuments, signedFileRow, submitSign } from './signing.ts'

const tags = ['unit-apply']
const done = envelopeOf(z.null())

/** Change, renewal and cancellation, by name or by number (000 §3). */
const sealChangingBusinesses = new Set<string>([
  businessType.CHANGE,
  businessType.RENEWAL,
  businessType.CANCEL,
  ...[businessTypeNumber.CHANGE, businessTypeNumber.RENEWAL, businessTypeNumber.CANCEL].map(String),
])
const changesTheSeal = (business: string | number | null | undefined) => business != null && sealChangingBusinesses.has(String(business))

/**
 * The enterprise seal application through the new wizard (spec 001 §2 "New wizard", §4, §7; issue #10).
 * Paths marked † are ours (the spec: "paths not shown"). Who may see what: unit-apply/access.ts.
 */
export const unitApplyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Also at the spec's shorter path (001 §7, 002 §7 "/apply/temporary"), the same call.
  for (const path of ['/seal-apply/apply/temporary', '/apply/temporary']) {
    app.post(
      path,
      { schema: { tags, summary: '暂存：按填写保存申请（无 id 时新建）', body: unitApplicationForm, response: { 200: envelopeOf(saveApplicationAnswer) } } },
      async (request) => ok(await storeApplication({ db: app.db, caller: callerOf(request), body: request.body }), messages.draftSaved),
    )
  }

  app.post(
    '/seal-apply/apply/save',
    { schema: { tags, summary: '保存并进入 step：先按规范顺序校验其前各步', body: unitApplicationForm, response: { 200: envelopeOf(saveApplicationAnswer) } } },
    async (request) => ok(await storeApplication({ db: app.db, caller: callerOf(request), body: request.body, moveTo: request.body.step })),
  )

  app.post(
    '/seal-apply/apply/reapply',
    { schema: { tags, summary: '重新申请：以失败、撤回或法人拒绝的申请为底稿新建暂存 †', body: applyIdQuery, response: { 200: envelopeOf(saveApplicationAnswer) } } },
    async (request) => ok(await reapply(app.db, callerOf(request), request.body.id)),
  )

  app.get(
    '/seal-apply/apply/detail',
    { schema: { tags, summary: '申请详情（申请人；提交后法定代表人与本单位企业账户）', querystring: applyIdQuery, response: { 200: envelopeOf(unitApplicationDetail) } } },
    async (request) => {
      const caller = callerOf(request)
      return ok(detailOf(caller, await readableApplication(app.db, caller, request.query.id)))
    },
  )

  app.post(
    '/seal-apply/apply/findDraft',
    { config: { query: true }, schema: { tags, summary: '本人最近的暂存申请 †', body: findDraftBody, response: { 200: envelopeOf(findDraftAnswer) } } },
    async (request) => ok(await findDraft(app.db, callerOf(request), request.body)),
  )

  app.post(
    '/seal-apply/apply/page',
    { config: { query: true }, schema: { tags, summary: '申请记录（本人申请 / 经办人申请）', body: applyPageBody, response: { 200: envelopeOf(applyPageAnswer) } } },
    async (request) => ok(await applicationPage(app.db, callerOf(request), request.body)),
  )

  app.get(
    '/seal-apply/apply/withdraw',
    { schema: { tags, summary: '撤销申请（待审核、待签署）', querystring: applyIdQuery, response: { 200: done } } },
    async (request) => {
      await withdrawApplication(app.db, callerOf(request), request.query.id)
      return ok(null, messages.applicationRevoked)
    },
  )

  app.get(
    '/seal-apply/apply/delete',
    { schema: { tags, summary: '删除暂存的申请', querystring: applyIdQuery, response: { 200: done } } },
    async (request) => {
      await deleteDraft(app.db, callerOf(request), request.query.id)
      return ok(null, applyServerMessages.deleted)
    },
  )

  // Also at the spec's shorter path (002 §7 "/apply/submit"), the same call.
  for (const path of ['/seal-apply/apply/submit', '/apply/submit']) {
    app.post(
      path,
      { schema: { tags, summary: '提交申请：服务端重新校验全部步骤', body: submitApplicationBody, response: { 200: envelopeOf(submitApplicationAnswer) } } },
      async (request) => ok(await submitApplication({ trust: app.trust, caller: callerOf(request), id: request.body.id, log: request.log, sms: app.providers.sms })),
    )
  }

  app.post(
    '/seal-apply/seal/queryCanApply',
    { config: { query: true }, schema: { tags, summary: '可申请的印章类型（已申请、必选、默认展示）', body: queryCanApplyBody, response: { 200: envelopeOf(queryCanApplyAnswer) } } },
    async (request) => ok(await queryCanApply(app.db, callerOf(request), request.body)),
  )

  app.post(
    '/paas-seal-offline-sdk/v1/offlineApply/getRenewalDocuments',
    {
      schema: { tags, summary: '续期申请表（单位登记信息与可续期印章，存为本人文件）与签署位置', body: renewalDocumentsBody, response: { 200: envelopeOf(renewalDocumentsAnswer) } },
    },
    async (request) => ok(await renewalDocuments({ db: app.db, store: app.files, caller: callerOf(request), body: request.body })),
  )

  app.post(
    '/seal-apply/seal/auths',
    { config: { query: true }, schema: { tags, summary: '变更、续期印章的授权关系', body: sealAuthsBody, response: { 200: envelopeOf(sealAuthsAnswer) } } },
    async (request) => ok(await authorisationsOfSeals(app.db, callerOf(request), request.body.sealIds, app.trust.now())),
  )

  app.get(
    '/seal-apply/unit/definition',
    { schema: { tags, summary: '单位类型定义（统一社会信用代码前缀 → 单位类型）', response: { 200: envelopeOf(unitDefinitionAnswer) } } },
    async () => ok(defaultUnitTypeDefinitions),
  )

  app.post(
    '/seal-apply/seal/detail',
    { config: { query: true }, schema: { tags, summary: '变更、续期、注销所办理的印章（同 /seal/detail）', body: sealApplyDetailBody, response: { 200: envelopeOf(sealItem) } } },
    async (request) => {
      const { sealId, businessType } = request.body
      const seal = await sealDetail({ db: app.db, caller: callerOf(request), sealsInApplication: app.sealsInApplication, sealId, picture: { fileAccessKey: app.secrets.fileAccessKey } })
      // Change, renewal and cancellation are the holder's or a manager's (000 §6); a seal user may see the seal, not change it.
      if (changesTheSeal(businessType) && seal.role === sealRole.AUTHORIZED_USER) throw forbidden(NOT_YOUR_ROLE)
      return ok(seal)
    },
  )

  app.post(
    '/seal-apply/seal/filingInfo',
    { config: { query: true }, schema: { tags, summary: '单位该类型印章的备案号', body: filingInfoBody, response: { 200: envelopeOf(filingInfoAnswer) } } },
    async (request) => ok(await filingInfo(app.db, callerOf(request), request.body)),
  )

  app.post(
    '/seal-apply/apply/downloadLink',
    {
      config: { query: true }, // signs a short-lived link; stores nothing
      schema: { tags, summary: '申请表下载链接（30分钟有效的访问令牌）†', body: applyIdQuery, response: { 200: envelopeOf(z.object({ url: z.string(), expiresAt: z.number() })) } },
    },
    async (request) => {
      const row = await readableApplication(app.db, callerOf(request), request.body.id)
      return ok(applicationFormLink(app.secrets.fileAccessKey, row.id))
    },
  )

  app.get(
    '/seal-apply/apply/downloadApplication',
    {
      // The access token is the authorisation: the link is opened where no bearer header goes.
      config: { public: true },
      schema: { tags, summary: '凭访问令牌下载电子印章申请表', querystring: applyIdQuery.extend({ access_token: z.string().max(200).optional() }) },
    },
    async (request, reply) => {
      const { id, access_token: token } = request.query
      if (!token || !isFormLinkToken(app.secrets.fileAccessKey, id, token)) throw notFound(messages.fileIdNotFound)
      const row = await findApplication(app.db, id)
      if (!row) throw notFound(messages.fileIdNotFound)
      return sendPdf(reply, (await applicationFormPdf(row)).pdf, '电子印章申请表.pdf')
    },
  )

  app.post(
    '/seal-apply/apply/signDocuments',
    { schema: { tags, summary: '法定代表人待签署的申请文件（未签署）†', body: applyIdQuery, response: { 200: envelopeOf(signDocumentsAnswer) } } },
    async (request) => ok(await signDocuments({ db: app.db, store: app.files, caller: callerOf(request), id: request.body.id })),
  )

  app.post(
    '/seal-apply/apply/signCode',
    { schema: { tags, summary: '签署短信验证码（发往法定代表人的手机）†', body: signCodeBody, response: { 200: envelopeOf(z.object({ resendAfterSeconds: z.number() })) } } },
    async (request) => ok(await sendSignCode({ db: app.db, sms: smsSenderOf(app), caller: callerOf(request), id: request.body.applyId }), applyServerMessages.codeSent),
  )

  app.post(
    '/seal-apply/apply/submitSign',
    { schema: { tags, summary: '法定代表人手写签署申请文件', body: submitSignBody, response: { 200: envelopeOf(unitApplicationDetail) } } },
    async (request) => {
      const caller = callerOf(request)
      const row = await submitSign({ trust: app.trust, store: app.files, caller, body: request.body, log: request.log })
      return ok(detailOf(caller, row), applyServerMessages.signed)
    },
  )

  app.get(
    '/seal-apply/apply/refuse',
    { schema: { tags, summary: '法定代表人拒绝经办人的申请', querystring: applyIdQuery, response: { 200: done } } },
    async (request) => {
      await refuseApplication(app.db, callerOf(request), request.query.id)
      return ok(null, messages.applyRefused)
    },
  )

  app.get(
    '/seal-apply/apply/legalDownload',
    {
      schema: {
        tags,
        summary: '下载申请文件：已签署的申请表，未签署时为生成的申请表；key 指定一份已签署文件（†，待办中心预览）',
        querystring: applyIdQuery.extend({ key: z.enum(signedFileKeys).optional() }),
      },
    },
    async (request, reply) => {
      // Everyone who may read the application (applicant, named legal representative, the unit's account)
      // may read its signed documents, whoever's file they are (access.ts).
      const row = await readableApplication(app.db, callerOf(request), request.query.id)
      const signed = await signedFileRow(app.db, row, request.query.key)
      if (signed) return sendPdf(reply, await app.files.get(signed.storageKey), `${signed.title}.pdf`)
      if (request.query.key) throw notFound(messages.fileIdNotFound)
      return sendPdf(reply, (await applicationFormPdf(row)).pdf, '电子印章申请表.pdf')
    },
  )
}
