import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { businessError } from '../errors.ts'
import { decodeOcrImage } from '../identity/ocr-service.ts'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { cutOutSeal } from './cutout.ts'

const cutoutAnswer = z.object({
  succ: z.boolean(),
  code: z.string().nullable(),
  msg: z.string(),
  originalPic: z.string().nullable(),
  sealPic: z.string().nullable(),
  sealPicBase64: z.string().nullable(),
})

/** Seal impression extraction from photos (spec 001 §7, 000 §8 photo guidance codes). */
export const cutoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/seal-apply/seal/cutoutBase64',
    {
      schema: {
        tags: ['seals'],
        summary: '从印章照片提取印模（base64）',
        // sealTypeCode (ours): what the seal's face must carry (01 the name alone, 04 合同专用章 across…).
        // unitName: the name the application gives the unit (a change of name brings the new one, which the
        // unit on record does not know yet); without it, the enterprise login's unit name on record.
        body: z.object({
          file: z.string().min(1, '请上传印章图片'),
          sealName: z.string().max(40).optional(),
          sealTypeCode: z.string().max(8).optional(),
          unitName: z.string().max(120).optional(),
        }),
        response: { 200: envelopeOf(cutoutAnswer) },
      },
    },
    async (request) => {
      const photo = await decodeOcrImage(request.body.file)
      return ok(
        await cutOutSeal({
          db: app.db,
          store: app.files,
          caller: callerOf(request),
          photo,
          sealName: request.body.sealName,
          sealTypeCode: request.body.sealTypeCode,
          unitName: request.body.unitName,
        }),
      )
    },
  )

  app.post(
    '/seal/checkSealAndReturnPic',
    {
      schema: {
        tags: ['seals'],
        summary: '校验印章图片并返回印模（表单：sealPic, sealName）',
        response: { 200: envelopeOf(z.string()) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw businessError('请以表单方式上传文件')
      let photo: Buffer | undefined
      let sealName: string | undefined
      for await (const part of request.parts()) {
        if (part.type === 'file' && part.fieldname === 'sealPic') photo = await part.toBuffer()
        else if (part.type === 'field' && part.fieldname === 'sealName')
          sealName = String(part.value).slice(0, 40)
        else if (part.type === 'file') await part.toBuffer()
      }
      if (!photo) throw businessError('请上传印章图片')
      const checked = await decodeOcrImage(photo.toString('base64'))
      const result = await cutOutSeal({
        db: app.db,
        store: app.files,
        caller: callerOf(request),
        photo: checked,
        sealName,
      })
      if (!result.succ) throw businessError(result.msg, { code: result.code })
      return ok(result.sealPicBase64!)
    },
  )
}
