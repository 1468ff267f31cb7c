import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import {
  businessLicenceOcrResult,
  idCardOcrResult,
  ocrImgTypes,
  ocrMessages,
  submitOcrImage,
} from './ocr-service.ts'

const serialParams = z.object({ serial: z.string().min(1).max(64) })

const idCardResult = z.object({
  busSerialNo: z.string(),
  imgType: z.enum(['10', '11']),
  idCardNum: z.string().optional(),
  userName: z.string().optional(),
  sex: z.string().optional(),
  nation: z.string().optional(),
  birthDate: z.string().optional(),
  issuingAuthority: z.string().optional(),
  validFrom: z.string().optional(),
  expiredDateStr: z.string().optional(),
  authorDateStr: z.string().optional(),
})

const licenceResult = z.object({
  busSerialNo: z.string(),
  imgType: z.literal('20'),
  unitName: z.string(),
  socialCreditCode: z.string(),
  legalName: z.string(),
})

/** Spec 002 §7 "Files and images", 001 §7: OCR of ID cards and business licences (docs/providers.md "OCR"). */
export const ocrRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/paas-ai/ocr/uploadImgBase64',
    {
      // A 5 MB picture is about 6.7 MB of base64; larger bodies still get the 5M message from the service.
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags: ['identity'],
        summary: '上传证照图片并识别（imgType 10 身份证人像面，11 国徽面，20 营业执照）',
        body: z.object({
          fileBase64: z.string({ error: ocrMessages.empty }),
          imgType: z.union([z.enum(ocrImgTypes), z.literal(10), z.literal(11), z.literal(20)], {
            error: '不支持的图片类型（imgType应为10、11或20）',
          }),
        }),
        response: { 200: envelopeOf(z.object({ busSerialNo: z.string() })) },
      },
    },
    async (request) => {
      const imgType = String(request.body.imgType) as (typeof ocrImgTypes)[number]
      const result = await submitOcrImage({
        db: app.db,
        ocr: app.providers.ocr,
        accountId: callerOf(request).accountId,
        imgType,
        fileBase64: request.body.fileBase64,
      })
      return ok(result)
    },
  )

  app.post(
    '/paas-ai/ocr/idcard/:serial',
    {
      config: { query: true },
      schema: {
        tags: ['identity'],
        summary: '身份证识别结果',
        params: serialParams,
        response: { 200: envelopeOf(idCardResult) },
      },
    },
    async (request) => ok(await idCardOcrResult(app.db, callerOf(request).accountId, request.params.serial)),
  )

  app.post(
    '/paas-ai/ocr/businessLicense/:serial',
    {
      config: { query: true },
      schema: {
        tags: ['identity'],
        summary: '营业执照识别结果',
        params: serialParams,
        response: { 200: envelopeOf(licenceResult) },
      },
    },
    async (request) =>
      ok(await businessLicenceOcrResult(app.db, callerOf(request).accountId, request.params.serial)),
  )
}
