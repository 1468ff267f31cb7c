import type { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import sharp from 'sharp'
import { pixelLimits } from '@seal/shared/image-limits'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { callerOf } from '../plugins/caller.ts'
import { businessError, notFound } from '../errors.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { refuseOversizeImage } from './image-limits.ts'
import {
  fileMessages,
  findFileById,
  findReadableFile,
  previewLink,
  saveUpload,
  verifyAccessToken,
  type StoredFile,
} from './service.ts'

const fileIdParams = z.object({ id: z.string().min(1).max(64) })
const uploaded = z.object({ fileId: z.string(), fileName: z.string(), mediaType: z.string(), size: z.number() })

const toUploaded = (file: StoredFile) => ({
  fileId: file.id,
  fileName: file.originalName,
  mediaType: file.mediaType,
  size: file.size,
})

/** Spec 002 §7 "Files and images". */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/file/upload',
    { schema: { tags: ['files'], summary: '上传文件（multipart，字段 file）', response: { 200: envelopeOf(uploaded) } } },
    async (request) => {
      const caller = callerOf(request)
      if (!request.isMultipart()) throw businessError('请以表单方式上传文件')
      const part = await request.file()
      if (!part) throw businessError('请选择要上传的文件')
      const bytes = await part.toBuffer()
      if (part.file.truncated) throw businessError(fileMessages.tooLarge)
      const file = await saveUpload({ db: app.db, store: app.files, ownerAccountId: caller.accountId, bytes, originalName: part.filename }, app.config.uploadQuota)
      return ok(toUploaded(file))
    },
  )

  app.post(
    '/file/uploadBase64',
    {
      schema: {
        tags: ['files'],
        summary: '以 base64 上传文件',
        body: z.object({
          originalName: z.string().max(200).optional(),
          dataUri: z.string().optional(),
          fileBase64: z.string().optional(),
        }),
        response: { 200: envelopeOf(uploaded) },
      },
    },
    async (request) => {
      const caller = callerOf(request)
      const { originalName, dataUri, fileBase64 } = request.body
      const base64 = (fileBase64 ?? dataUri ?? '').replace(/^data:[^;,]*;base64,/, '')
      if (!base64) throw businessError('请选择要上传的文件')
      if (!/^[A-Za-z0-9+/=\s]+$/.test(base64)) throw businessError('文件内容不是有效的base64数据')
      const bytes = Buffer.from(base64, 'base64')
      const file = await saveUpload(
        { db: app.db, store: app.files, ownerAccountId: caller.accountId, bytes, originalName: originalName ?? 'upload' },
        app.config.uploadQuota,
      )
      return ok(toUploaded(file))
    },
  )

  // The offline SDK's path for the same download (001 §7 "Offline and older flow", 002 §7).
  for (const path of ['/file/download/:id', '/paas-seal-offline-sdk/v1/file/download/:id']) {
    app.get(path, { schema: { tags: ['files'], summary: '下载文件（二进制）', params: fileIdParams } }, async (request, reply) => {
      const file = await findReadableFile({ db: app.db, caller: callerOf(request), fileId: request.params.id, now: app.trust.now(), mayReadFile: app.mayReadFile })
      return sendFile(reply, file, await app.files.open(file.storageKey), { inline: false })
    })
  }

  app.get(
    '/file/downloadData/:id',
    {
      schema: { tags: ['files'], summary: '图片的 base64 PNG 数据', params: fileIdParams, response: { 200: envelopeOf(z.string()) } },
    },
    async (request) => {
      const file = await findReadableFile({ db: app.db, caller: callerOf(request), fileId: request.params.id, now: app.trust.now(), mayReadFile: app.mayReadFile })
      if (!file.mediaType.startsWith('image/')) throw businessError('该文件不是图片')
      const bytes = await app.files.get(file.storageKey)
      if (file.mediaType === 'image/png') return ok(bytes.toString('base64'))
      await refuseOversizeImage(bytes, 'photo')
      // A JPEG whose bytes do not decode is the uploader's damaged picture, not a fault of ours.
      const png = await sharp(bytes, { limitInputPixels: pixelLimits.photo })
        .png()
        .toBuffer()
        .catch(() => {
          throw businessError(fileMessages.damagedImage)
        })
      return ok(png.toString('base64'))
    },
  )

  app.post(
    '/file/previewLink',
    {
      config: { query: true }, // signs a short-lived link; stores nothing
      schema: {
        tags: ['files'],
        summary: '生成带短期访问令牌的预览链接',
        body: z.object({ fileId: z.string().min(1).max(64) }),
        response: { 200: envelopeOf(z.object({ url: z.string(), expiresAt: z.number() })) },
      },
    },
    async (request) => {
      const file = await findReadableFile({ db: app.db, caller: callerOf(request), fileId: request.body.fileId, now: app.trust.now(), mayReadFile: app.mayReadFile })
      return ok(previewLink(app.secrets.fileAccessKey, file.id))
    },
  )

  app.get(
    '/seal-apply/file/download/:id',
    {
      config: { public: true },
      schema: {
        tags: ['files'],
        summary: '凭访问令牌预览文件',
        params: fileIdParams,
        querystring: z.object({ preview: z.string().optional(), access_token: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const token = request.query.access_token
      if (!token || !verifyAccessToken(app.secrets.fileAccessKey, id, token)) throw notFound('文件ID不存在')
      const file = await findFileById(app.db, id)
      return sendFile(reply, file, await app.files.open(file.storageKey), { inline: request.query.preview === 'true' })
    },
  )
}

/** Streams the stored bytes (the S3 store answers them as they arrive; nothing whole in memory). */
function sendFile(reply: FastifyReply, file: StoredFile, bytes: Readable, options: { inline: boolean }) {
  const disposition = options.inline ? 'inline' : 'attachment'
  return reply
    .header('content-type', file.mediaType)
    .header('content-length', file.size)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.originalName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=300')
    .send(bytes)
}
