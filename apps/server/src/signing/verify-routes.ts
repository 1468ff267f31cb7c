import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '@seal/shared/api/envelope'
import { verifyResult } from '@seal/shared/api/verify'
import { businessError } from '../errors.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { MAX_VERIFY_BYTES, VERIFY_TOO_LARGE_MESSAGE } from '../plugins/upload-limit.ts'
import { verifyDocument } from './verify.ts'

/** 验章: anyone may check a signed PDF (issue #3 item 8); nothing uploaded here is stored. */
export const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verify',
    {
      config: { public: true, query: true },
      schema: { tags: ['signing'], summary: '验章：上传PDF（16M以内），核验其中每个电子签章', response: { 200: envelopeOf(verifyResult) } },
    },
    async (request) => {
      if (!request.isMultipart()) throw businessError('请以表单方式上传文件')
      // Above the uploads' 10 MiB: a sealed copy of a 10 MiB PDF is larger (MAX_VERIFY_BYTES).
      const part = await request.file({ limits: { fileSize: MAX_VERIFY_BYTES } })
      if (!part) throw businessError('请选择要上传的文件')
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? businessError(VERIFY_TOO_LARGE_MESSAGE) : error
      })
      if (part.file.truncated) throw businessError(VERIFY_TOO_LARGE_MESSAGE)
      return ok(await verifyDocument(app.trust, { bytes, fileName: part.filename || 'document.pdf' }))
    },
  )
}
