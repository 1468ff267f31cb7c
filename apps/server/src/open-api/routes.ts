import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { MAX_UPLOAD_BYTES } from '../plugins/upload-limit.ts'
import { keysetPage } from '../platforms/paging.ts'
import type { Platform } from '../platforms/tables.ts'
import { boundSealsOf } from './bound-seals.ts'
import { openApiError } from './errors.ts'
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf } from './idempotency.ts'
import { platformDocument, sealForPlatform, sealForPlatformOnce, type OpenSealRequest } from './open-sealing.ts'
import {
  boundSealsAnswer,
  boundSealsQuery,
  documentAnswer,
  documentParams,
  errorBody,
  PLATFORM_TOKEN_SCHEME,
  SEAL_BODY_LIMIT,
  sealDocumentBody,
  sealDocumentHeaders,
  sealedDocument,
  signedHeaders,
  tokenAnswer,
  tokenBody,
} from './schemas.ts'
import { exchangeCredentials, TOKEN_TTL_MS } from './tokens.ts'

const tags = ['open-api']
const refusals = { '4xx': errorBody, '5xx': errorBody }
/** A signed call: the access token and the signature headers, declared so generated clients send both. */
const security = [{ [PLATFORM_TOKEN_SCHEME]: [] }]
const signed =
  '须带 Authorization: Bearer <accessToken> 与请求签名头 X-Seal-Timestamp、X-Seal-Nonce、X-Seal-Signature（docs/platforms.md「请求签名」）。'

/** Token calls a client address may make a minute: plenty for a platform, little for guessing. */
const TOKEN_CALLS_PER_MINUTE = 30

/**
 * The open API's calls (docs/api.md "Open API"); who may call and how requests are signed is decided by
 * plugin.ts before any of these runs.
 */
export const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const platformOf = (request: { platform: Platform | null }) => {
    if (!request.platform) throw openApiError('TOKEN_MISSING')
    return request.platform
  }

  app.post(
    '/token',
    {
      config: { platformCredentials: true, rateLimit: { max: TOKEN_CALLS_PER_MINUTE, timeWindow: 60_000, errorResponseBuilder: () => openApiError('RATE_LIMITED') } },
      schema: {
        tags,
        summary: '以 clientId、clientSecret 换取访问令牌（有效2小时）†',
        body: tokenBody,
        response: { 200: tokenAnswer, ...refusals },
      },
    },
    async (request) => {
      const { accessToken, expiresAt } = await exchangeCredentials(app.db, app.trust.keys, request.body, app.trust.now())
      return { accessToken, tokenType: 'Bearer' as const, expiresIn: TOKEN_TTL_MS / 1000, expiresAt: expiresAt.toISOString() }
    },
  )

  app.get(
    '/seals',
    {
      schema: {
        tags,
        summary: '绑定本平台且生效中的印章 †',
        description: signed,
        security,
        headers: signedHeaders,
        querystring: boundSealsQuery,
        response: { 200: boundSealsAnswer, ...refusals },
      },
    },
    async (request) => {
      const { after, limit } = request.query
      const rows = await boundSealsOf(app.db, platformOf(request).id, { afterBindingId: after, limit: limit + 1 }, app.trust.now())
      const { items: seals, nextAfter } = keysetPage(rows, limit, (seal) => seal.bindingId)
      return { seals, nextAfter }
    },
  )

  app.post(
    '/documents',
    {
      bodyLimit: SEAL_BODY_LIMIT,
      schema: {
        tags,
        summary: '以绑定本平台的印章为PDF签章（坐标或关键字定位，可加时间戳）†',
        description: `${signed} 每个位置加盖一个签名（最多20个），依次以增量更新写入；写入一条用章记录，记平台名称与绑定人。可带 Idempotency-Key（8至64位字母、数字、-或_）：24小时内同一平台以同一 Idempotency-Key 重发相同请求体，返回首次的结果（同一文档，不再签章、不再记用章记录，响应头 Idempotent-Replayed: true）；请求体不同则 409 IDEMPOTENCY_KEY_REUSED；首次请求仍在处理时 409 IDEMPOTENCY_KEY_IN_PROGRESS（带 Retry-After）。`,
        security,
        headers: sealDocumentHeaders,
        body: sealDocumentBody,
        response: { 200: sealedDocument, ...refusals },
      },
    },
    async (request, reply) => {
      const platform = platformOf(request)
      const body = request.body
      const key = idempotencyKeyOf(request.headers)
      const sealing = (): OpenSealRequest => {
        const pdf = Buffer.from(body.pdf, 'base64')
        if (pdf.length > MAX_UPLOAD_BYTES) throw openApiError('PAYLOAD_TOO_LARGE')
        if (pdf.length === 0) throw openApiError('PDF_INVALID')
        return {
          platform,
          sealId: body.sealId,
          fileName: body.fileName,
          pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.length),
          positions: body.positions,
          timestamp: body.timestamp,
          remark: body.remark,
          businessName: body.businessName,
        }
      }
      if (!key) return sealForPlatform(app.trust, sealing())
      const { document, replayed } = await sealForPlatformOnce(app.trust, { platform, key, requestSha256: request.bodySha256!, request: sealing })
      if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true')
      return document
    },
  )

  app.get(
    '/documents/:documentId',
    {
      schema: {
        tags,
        summary: '取回本平台签章的文档（元数据与PDF的Base64）†',
        description: signed,
        security,
        headers: signedHeaders,
        params: documentParams,
        response: { 200: documentAnswer, ...refusals },
      },
    },
    async (request) => platformDocument(app.trust, platformOf(request).id, request.params.documentId),
  )
}
