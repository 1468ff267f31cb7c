import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { keysetPage } from '../platforms/paging.ts'
import { encodeRfc3986 } from '../platforms/request-signature.ts'
import type { Platform } from '../platforms/tables.ts'
import { boundSealsOf } from './bound-seals.ts'
import { openApiError } from './errors.ts'
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf } from './idempotency.ts'
import { platformDocument, sealForPlatform, sealForPlatformOnce, type OpenSealRequest } from './open-sealing.ts'
import { sealingAsSent } from './sealing-forms.ts'
import {
  boundSealsAnswer,
  boundSealsQuery,
  documentAnswer,
  documentParams,
  errorBody,
  PLATFORM_TOKEN_SCHEME,
  rawPdf,
  SEAL_BODY_LIMIT,
  sealDocumentBody,
  sealDocumentHeaders,
  sealDocumentQuery,
  sealedDocument,
  sealedPdf,
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
  '须带 Authorization: Bearer <accessToken> 与请求签名头 X-Seal-Timestamp、X-Seal-Nonce、X-Seal-Signature（docs/platforms.md「Signing requests」）。'

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
        // The credentials are in the body: no token to present yet.
        security: [],
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
      config: { acceptsPdf: true },
      schema: {
        tags,
        summary: '以绑定本平台的印章为PDF签章（坐标或关键字定位，可加时间戳）†',
        description: `${signed} 两种请求形式，签章与应答相同：application/json 请求体（PDF为Base64）；或 application/pdf，请求体即PDF文件本身，其余字段放在查询参数中（positions 为JSON数组），请求签名的请求体SHA-256即PDF文件的SHA-256，查询串照常签入。每个位置加盖一个签名（最多20个），依次以增量更新写入；写入一条用章记录，记平台名称与绑定人。可带 Idempotency-Key（8至64位字母、数字、-或_）：24小时内同一平台以同一 Idempotency-Key 重发相同请求（JSON形式：相同请求体；PDF形式：相同查询串与请求体），返回首次的结果（同一文档，不再签章、不再记用章记录，响应头 Idempotent-Replayed: true）；请求不同则 409 IDEMPOTENCY_KEY_REUSED；首次请求仍在处理时 409 IDEMPOTENCY_KEY_IN_PROGRESS（带 Retry-After）。其他请求体类型 415 UNSUPPORTED_MEDIA_TYPE。`,
        security,
        headers: sealDocumentHeaders,
        querystring: sealDocumentQuery,
        body: { content: { 'application/json': { schema: sealDocumentBody }, 'application/pdf': { schema: rawPdf } } },
        response: { 200: sealedDocument, ...refusals },
      },
    },
    async (request, reply) => {
      const platform = platformOf(request)
      const sent = sealingAsSent(request)
      const key = idempotencyKeyOf(request.headers)
      const sealing = (): OpenSealRequest => ({ platform, ...sent.fields, pdf: sent.pdf(), pdfHashed: sent.pdfHashed })
      if (!key) return sealForPlatform(app.trust, sealing())
      const { document, replayed } = await sealForPlatformOnce(app.trust, { platform, key, requestSha256: sent.requestSha256, request: sealing })
      if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true')
      return document
    },
  )

  app.get(
    '/documents/:documentId',
    {
      schema: {
        tags,
        summary: '取回本平台签章的文档（元数据与PDF的Base64；或 Accept: application/pdf 时PDF文件本身）†',
        description: `${signed} 默认应答JSON（PDF为Base64）；请求头 Accept: application/pdf 时应答PDF文件本身（Content-Type: application/pdf，Content-Disposition 带文件名，X-Seal-Document-Sha256 为其SHA-256）。`,
        security,
        headers: signedHeaders,
        params: documentParams,
        response: { 200: { content: { 'application/json': { schema: documentAnswer }, 'application/pdf': { schema: sealedPdf } } }, ...refusals },
      },
    },
    async (request, reply) => {
      const document = await platformDocument(app.trust, platformOf(request).id, request.params.documentId)
      if (acceptsPdf(request.headers.accept)) {
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeRfc3986(document.fileName)}`)
          .header(DOCUMENT_SHA256_HEADER, document.sha256)
          .send(document.pdf)
      }
      const { pdf, ...metadata } = document
      return reply.type('application/json; charset=utf-8').send({ ...metadata, pdf: pdf.toString('base64') })
    },
  )
}

/** Set on a document answered as a PDF: what `sha256` says in the JSON answer. */
export const DOCUMENT_SHA256_HEADER = 'x-seal-document-sha256'

/**
 * Whether the Accept header asks for the PDF itself: application/pdf named with a weight above zero and
 * at least that of application/json (and of any wildcard that would give JSON). Without it, JSON.
 */
export function acceptsPdf(accept: string | undefined): boolean {
  if (!accept) return false
  const weights = new Map<string, number>()
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    const q = params.find((param) => param.startsWith('q='))
    weights.set(type, Math.max(weights.get(type) ?? 0, q ? Number(q.slice(2)) || 0 : 1))
  }
  const pdf = weights.get('application/pdf') ?? 0
  const json = weights.get('application/json') ?? weights.get('application/*') ?? weights.get('*/*') ?? 0
  return pdf > 0 && pdf >= json
}
