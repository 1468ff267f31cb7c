import { createHash, type Hash } from 'node:crypto'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { PdfSignError, signErrorMessages } from '@seal/pdf/sign/sign-errors'
import { PdfLimitError } from '@seal/pdf/sign/pdf-limits'
import { PdfSyntaxError } from '@seal/pdf/sign/pdf-syntax'
import { AppError } from '../errors.ts'
import { platformSecret } from '../platforms/registry.ts'
import {
  canonicalPath,
  canonicalQuery,
  hmacHex,
  NONCE_PATTERN,
  REPLAY_WINDOW_SECONDS,
  sameSignature,
  sha256Hex,
  signatureHeaders,
  stringToSign,
} from '../platforms/request-signature.ts'
import type { Platform } from '../platforms/tables.ts'
import { nestedDeeperThan, MAX_JSON_DEPTH } from '../plugins/json-body.ts'
import { noStoreUnlessSet } from '../plugins/security-headers.ts'
import { MAX_UPLOAD_BYTES } from '../plugins/upload-limit.ts'
import { workerMessages } from '../workers/pool.ts'
import { OpenApiError, openApiError, openApiErrors, UNSUPPORTED_MEDIA_TYPE_PDF, type OpenApiErrorCode } from './errors.ts'
import { claimNonce } from './nonces.ts'
import { openApiRoutes } from './routes.ts'
import { platformOfToken } from './tokens.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** The platform an open-API request speaks for (its access token's). */
    platform: Platform | null
    /** SHA-256 (hex) of the body's bytes as received, for the request signature. */
    bodySha256: string | null
    /** The query as signed (canonical: sorted, RFC 3986 encoded), once the signature holds. */
    signedQuery: string | null
    /**
     * A raw PDF body's SHA-256 as it stands after the body: sealing continues it over the bytes it appends
     * for the sealed file's digest (signing/seal-document.ts), instead of hashing the PDF once more.
     */
    pdfHashed: Hash | null
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** The open API's token call: authenticated by the client credentials in its body, not by a token. */
    platformCredentials?: boolean
    /** The route takes a raw PDF (`Content-Type: application/pdf`) besides JSON: POST /documents. */
    acceptsPdf?: boolean
  }
}

const EMPTY_BODY_SHA256 = sha256Hex('')

/**
 * The open API for business platforms (/api/open/v1, docs/api.md "Open API"), one encapsulated scope with
 * its own rules, decided on the route the router matched:
 *
 * 1. onRequest: the bearer access token names an active platform (every route but the token call);
 *    then the route's rate limit, counted per platform (its rateLimitPerMinute).
 * 2. The body is read as bytes and hashed before it is parsed: JSON, or on POST /documents a raw PDF.
 * 3. preValidation: the request signature (request-signature.ts) over method, matched path, query,
 *    timestamp, nonce and body hash, under the platform's secret; the timestamp within ±5 minutes; the
 *    nonce not seen before (unique index). Only a request that passes all three is validated and handled.
 *
 * Refusals are `{ code, message, requestId }` with an HTTP status (errors.ts), not the H5
 * envelope. Registered beside the /api scope, so the session plugin and the duplicate guard of the H5
 * API do not apply; replays are the nonce's to refuse.
 */
export const openApiPlugin: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('platform', null)
  app.decorateRequest('bodySha256', null)
  app.decorateRequest('signedQuery', null)
  app.decorateRequest('pdfHashed', null)

  const parseJson = app.getDefaultJsonParser('error', 'ignore')
  // JSON, and a raw PDF where the route takes one: a body of any other type is refused as such
  // (UNSUPPORTED_MEDIA_TYPE), not read unhashed and then refused for its signature.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer
    request.bodySha256 = sha256Hex(bytes)
    parseJson(request, bytes.toString('utf8'), (error, value) => {
      if (error) return done(openApiError('INVALID_JSON'), undefined)
      if (nestedDeeperThan(value, MAX_JSON_DEPTH)) return done(openApiError('INVALID_JSON', '请求内容层级过深'), undefined)
      done(null, value)
    })
  })
  // The PDF's bytes are the body: no text to decode, no JSON to parse, no base64; hashed once here for the
  // signature, and the same digest serves the idempotency key (routes.ts).
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer' }, (request, body, done) => {
    if (!request.routeOptions.config.acceptsPdf) return done(unsupportedMediaType(request), undefined)
    const bytes = body as Buffer
    if (bytes.length > MAX_UPLOAD_BYTES) return done(openApiError('PAYLOAD_TOO_LARGE'), undefined)
    const hashed = createHash('sha256').update(bytes)
    request.bodySha256 = hashed.copy().digest('hex')
    request.pdfHashed = hashed
    done(null, bytes)
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = openApiRefusal(error, request)
    if (refusal.code === 'INTERNAL_ERROR') request.log.error({ err: error }, 'open API: unhandled error')
    else request.log.info({ code: refusal.code, platformId: request.platform?.id }, 'open API: refused')
    return sendRefusal(request, reply.serializer(JSON.stringify), refusal)
  })
  app.setNotFoundHandler((request, reply) => sendRefusal(request, reply, openApiError('NOT_FOUND')))
  app.addHook('onSend', noStoreUnlessSet)
  // A body answered before it was read is read and dropped by plugins/unread-body.ts, registered for every route.

  // One counter per platform across all its calls, in the rate-limit plugin's store (plugins/rate-limit.ts).
  const perPlatform = app.createRateLimit({
    keyGenerator: (request) => `open-api:${request.platform!.id}`,
    max: (request) => request.platform!.rateLimitPerMinute,
    timeWindow: 60_000,
  })

  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions
    if (!route.url || route.config.platformCredentials) return
    const token = bearerToken(request)
    if (!token) throw openApiError('TOKEN_MISSING')
    request.platform = await platformOfToken(app.db, token, app.trust.now())
    const limit = await perPlatform(request)
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', String(limit.ttlInSeconds))
      throw openApiError('RATE_LIMITED')
    }
  })

  app.addHook('preValidation', async (request) => {
    const platform = request.platform
    if (!platform) return
    const header = (name: string) => {
      const value = request.headers[name]
      return typeof value === 'string' ? value : undefined
    }
    const timestamp = header(signatureHeaders.timestamp)
    const nonce = header(signatureHeaders.nonce)
    const signature = header(signatureHeaders.signature)
    if (!timestamp || !nonce || !signature) throw openApiError('SIGNATURE_MISSING')
    const skew = Math.abs(app.trust.now().getTime() / 1000 - Number(timestamp))
    if (!/^\d{1,12}$/.test(timestamp) || !(skew <= REPLAY_WINDOW_SECONDS)) throw openApiError('TIMESTAMP_OUT_OF_WINDOW')
    if (!NONCE_PATTERN.test(nonce)) throw openApiError('NONCE_INVALID')
    const query = canonicalQuery(request.query as Record<string, string | string[]>)
    const expected = hmacHex(
      await platformSecret(app.trust.keys, platform),
      stringToSign({
        method: request.method,
        path: canonicalPath(request.routeOptions.url!, request.params as Record<string, string>),
        query,
        timestamp,
        nonce,
        bodySha256: request.bodySha256 ?? EMPTY_BODY_SHA256,
      }),
    )
    if (!sameSignature(signature, expected)) throw openApiError('SIGNATURE_INVALID')
    // Taken only once the signature holds, so nobody without the secret can use up a platform's nonces.
    if (!(await claimNonce(app.db, platform.id, nonce))) throw openApiError('NONCE_REPLAYED')
    request.signedQuery = query
  })

  await app.register(openApiRoutes)
}

/** Every failure in the open API's words. */
function openApiRefusal(error: FastifyError, request: FastifyRequest): OpenApiError {
  if (error instanceof OpenApiError) return error
  if (error instanceof AppError) {
    if (error.httpStatus === 429) return openApiError('RATE_LIMITED')
    if (error.message === workerMessages.busy) return openApiError('SERVER_BUSY')
    return openApiError('REQUEST_REFUSED', error.message)
  }
  if (error instanceof PdfSignError) return openApiError(signErrorCode(error.code), signErrorMessages[error.code])
  if (error instanceof PdfSyntaxError || error instanceof PdfLimitError) return openApiError('PDF_INVALID')
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0]
    if (issue?.instancePath === '/positions' && issue.keyword === 'too_big') return openApiError('TOO_MANY_SIGNATURES')
    const field = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.')
    const message = issue?.message && /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : `${openApiErrors.INVALID_REQUEST.message}${field ? `：${field}` : ''}`
    return openApiError('INVALID_REQUEST', message)
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return openApiError('PAYLOAD_TOO_LARGE')
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedMediaType(request)
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return openApiError('INVALID_JSON')
  if (isDataException(error)) return openApiError('INVALID_REQUEST')
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return openApiError('INVALID_REQUEST')
  return openApiError('INTERNAL_ERROR')
}

function signErrorCode(code: PdfSignError['code']): OpenApiErrorCode {
  if (code === 'PAGE_OUT_OF_RANGE') return 'PAGE_OUT_OF_RANGE'
  if (code === 'BAD_RECT') return 'POSITION_INVALID'
  if (code === 'TIMESTAMP_FAILED') return 'TIMESTAMP_FAILED'
  if (code === 'UNREADABLE_PDF' || code === 'PDF_TOO_LARGE' || code === 'ENCRYPTED_PDF') return 'PDF_INVALID'
  return 'PDF_UNSIGNABLE'
}

/** A body of a type the route does not read: saying which types it reads. */
function unsupportedMediaType(request: FastifyRequest): OpenApiError {
  return request.routeOptions.config.acceptsPdf ? openApiError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_MEDIA_TYPE_PDF) : openApiError('UNSUPPORTED_MEDIA_TYPE')
}

/** A PostgreSQL data exception (class 22) somewhere in the cause chain: a value no column can hold. */
function isDataException(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true
  }
  return false
}

/** Where the open API is mounted (app.ts). */
export const OPEN_API_PREFIX = '/api/open/v1'

/** A refusal of the router (plugins/router-refusals.ts) for a request sent to the open API: its shape, status 400. */
export function sendOpenApiRouterRefusal(request: FastifyRequest, reply: FastifyReply, message: string) {
  return sendRefusal(request, reply.header('cache-control', 'no-store'), openApiError('INVALID_REQUEST', message))
}

function sendRefusal(request: FastifyRequest, reply: FastifyReply, refusal: OpenApiError) {
  if (refusal.retryAfterSeconds !== undefined) reply.header('retry-after', String(refusal.retryAfterSeconds))
  else if (refusal.code === 'RATE_LIMITED' || refusal.code === 'SERVER_BUSY') reply.header('retry-after', reply.getHeader('retry-after') ?? '5')
  return reply
    .status(refusal.httpStatus)
    .type('application/json; charset=utf-8')
    .send({ code: refusal.code, message: refusal.message, requestId: request.id })
}

function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, value] = (request.headers.authorization ?? '').split(' ')
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined
}
