import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import {
  personalApplyBody,
  personalApplyDraft,
  personalApplyResult,
  personalChoiceBody,
  personalFaceBody,
  personalIdentityBody,
  queryCanOrNotApplyBody,
  stylePreview as stylePreviewShape,
} from '@seal/shared/api/personal-seal'
import { resolveConfig } from '../config/service.ts'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { chooseHandwriting } from '../signing/handwriting.ts'
import { personalAgreementRoutes } from './agreements.ts'
import { ocrResultsFor } from './ocr-results.ts'
import {
  checkIdentity,
  currentDraft,
  queryCanOrNotApply,
  recordChoice,
  recordFace,
  restartPersonalApplication,
  stylePreview,
  submitPersonalApplication,
} from './service.ts'

/** The personal name seal application (spec 002 §7 "Personal seal and signing"; † paths are ours). */
export const personalSealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/personSeal/apply/draft',
    { schema: { tags: ['personal-seal'], summary: '当前未完成的个人名章申请（草稿）†', response: { 200: envelopeOf(personalApplyDraft.nullable()) } } },
    async (request) => ok(await currentDraft(app.db, callerOf(request))),
  )

  app.post(
    '/personSeal/queryCanOrNotApply',
    {
      config: { query: true },
      schema: { tags: ['personal-seal'], summary: '是否已有申请中或生效的个人名章', body: queryCanOrNotApplyBody, response: { 200: envelopeOf(z.boolean()) } },
    },
    async (request) => ok(await queryCanOrNotApply(app.db, callerOf(request), request.body)),
  )

  app.post(
    '/personSeal/apply/identity',
    { schema: { tags: ['personal-seal'], summary: '第一步：核验身份信息与身份证识别结果 †', body: personalIdentityBody, response: { 200: envelopeOf(personalApplyDraft) } } },
    async (request) => {
      const caller = callerOf(request)
      return ok(await checkIdentity({ db: app.db, caller, body: request.body, ocr: ocrResultsFor(app.db, caller) }))
    },
  )

  app.post(
    '/personSeal/apply/restart',
    { schema: { tags: ['personal-seal'], summary: '重新填写：放弃未完成的申请，从第一步重新开始 †', response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await restartPersonalApplication(app.db, callerOf(request))
      return ok(null)
    },
  )

  app.post(
    '/personSeal/apply/face',
    { schema: { tags: ['personal-seal'], summary: '第二步：记录人脸核验结果 †', body: personalFaceBody, response: { 200: envelopeOf(personalApplyDraft) } } },
    async (request) => ok(await recordFace(app.db, callerOf(request), request.body.serialNo)),
  )

  app.post(
    '/personSeal/stylePreview',
    { config: { query: true }, schema: { tags: ['personal-seal'], summary: '三种名章样式预览 †', response: { 200: envelopeOf(stylePreviewShape) } } },
    async (request) => ok(await stylePreview(callerOf(request))),
  )

  app.post(
    '/personSeal/apply/choose',
    { schema: { tags: ['personal-seal'], summary: '选择签名 / 名章样式 †', body: personalChoiceBody, response: { 200: envelopeOf(personalApplyDraft) } } },
    async (request) => {
      const caller = callerOf(request)
      // The signature must be one of the caller's own samples; choosing it also marks it as their signature.
      if (request.body.signatureId) await chooseHandwriting({ db: app.db, caller, signatureId: request.body.signatureId })
      return ok(await recordChoice(app.db, caller, request.body))
    },
  )

  app.post(
    '/seal-apply/apply/save/person',
    { schema: { tags: ['personal-seal'], summary: '提交个人名章申请并制章', body: personalApplyBody, response: { 200: envelopeOf(personalApplyResult) } } },
    async (request) => {
      const caller = callerOf(request)
      const config = await resolveConfig(app.db, { channel: caller.channel, identityNo: caller.person.identityNo })
      const result = await submitPersonalApplication({ trust: app.trust, caller, body: request.body, faceRequired: config.personalSealFaceAuth })
      return ok(result, '申请成功')
    },
  )

  await app.register(personalAgreementRoutes)
}
