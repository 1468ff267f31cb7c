import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '@seal/shared/api/envelope'
import { verifyResult } from '@seal/shared/api/verify'
import { businessError } from '../errors.ts'
import { fileMessages } from '../files/service.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { verifyDocument } from './verify.ts'

/** 验章: anyone may check a signed PDF (issue #3 item 8); nothing uploaded here is stored. */
export const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verify',
    {
      config: { public: true, query: true },
      schema: { tags: ['signing'], summary: '验章：上传PDF，核验其中每个电子签章', response: { 200: envelopeOf(verifyResult) } },
    },
    async (request) => {
      if (!request.isMultipart()) throw businessError('请以表单方式上传文件')
      const part = await request.file()
      if (!part) throw businessError('请选择要上传的文件')
      const bytes = await part.toBuffer()
      if (part.file.truncated) throw businessError(fileMessages.tooLarge)
      return ok(await verifyDocument(app.trust, { bytes, fileName: part.filename || 'document.pdf' }))
    },
  )
}
