import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { resultStatus } from '@seal/shared/api/envelope'
import { PdfSignError } from '@seal/pdf/sign/sign-errors'
import { PdfLimitError } from '@seal/pdf/sign/pdf-limits'
import { PdfSyntaxError } from '@seal/pdf/sign/pdf-syntax'
import { AppError } from '../errors.ts'
import { TOO_LARGE_MESSAGE } from './upload-limit.ts'

const SERVER_ERROR = '服务器异常，请稍后再试'
/** A PDF that reached a reader no route wrapped: still bad input, never a 500. */
const UNREADABLE_PDF = 'PDF文件已损坏或格式不支持'
const OVERSIZE_PDF = 'PDF文件过大或已损坏，无法处理'

/** Requests that are not what a form or a JSON call should be. */
const requestMessages = {
  malformedForm: '表单格式错误，请重新上传',
  tooManyFields: '表单字段过多',
  tooManyParts: '表单内容过多',
  tooManyFiles: '一次只能上传一个文件',
  bodyTooLarge: '请求内容过大',
} as const

/**
 * Maps every failure to the envelope. Bad input is a business answer (HTTP 200, code 400, the rule's
 * Chinese message) so the client shows it; malformed requests get HTTP 400; nothing bad-input is a 500.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A refusal is not the route's answer: its data (remaining attempts, a code) must not be checked
    // against the route's success schema, which would turn a clear message into a 500.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8')
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds))
      return reply
        .status(error.httpStatus)
        .send({ resultStatus: error.status, responseInfo: error.message, data: error.data })
    }
    if (error instanceof PdfSignError) {
      // A document that cannot be signed (not a PDF, encrypted, the timestamp service down): its message is
      // written for the user, so it is a business answer wherever the signing happened.
      request.log.warn({ code: error.code }, 'could not sign a document')
      return reply.status(200).send({ resultStatus: resultStatus.BUSINESS_ERROR, responseInfo: error.message, data: null })
    }
    if (error instanceof PdfSyntaxError || error instanceof PdfLimitError) {
      request.log.warn({ err: error.message }, 'could not read a PDF')
      const message = error instanceof PdfLimitError ? OVERSIZE_PDF : UNREADABLE_PDF
      return reply.status(200).send({ resultStatus: resultStatus.BUSINESS_ERROR, responseInfo: message, data: null })
    }
    const dataError = databaseDataError(error)
    if (dataError) {
      // A value the schema let through but the column cannot hold (an id that is no id, a NUL character):
      // bad input, answered like a schema refusal.
      request.log.warn({ sqlState: dataError }, 'rejected a value the database cannot hold')
      return reply.status(200).send({ resultStatus: resultStatus.INVALID_INPUT, responseInfo: dataErrorMessage(dataError), data: null })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = describeIssue(error.validation[0])
      return reply.status(200).send({ resultStatus: resultStatus.INVALID_INPUT, responseInfo: message, data: null })
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Answered before the body is read; the rest of it is read and dropped first (plugins/unread-body.ts).
      return reply.status(413).send({ resultStatus: '413', responseInfo: requestMessages.bodyTooLarge, data: null })
    }
    const formLimit = formLimitMessage(error.code)
    if (formLimit) {
      // A business answer, so the client shows the message like any other refusal.
      return reply.status(200).send({ resultStatus: '413', responseInfo: formLimit, data: null })
    }
    if (isMalformedForm(error, request)) {
      request.log.info({ err: error.message }, 'rejected malformed multipart body')
      return reply.status(400).send({ resultStatus: resultStatus.INVALID_INPUT, responseInfo: requestMessages.malformedForm, data: null })
    }
    const httpStatus = error.statusCode ?? 500
    if (httpStatus >= 400 && httpStatus < 500) {
      request.log.info({ code: error.code }, 'rejected malformed request')
      return reply
        .status(httpStatus)
        .send({ resultStatus: String(httpStatus), responseInfo: malformedMessage(error), data: null })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ resultStatus: resultStatus.INTERNAL, responseInfo: SERVER_ERROR, data: null })
  })
})

/**
 * The SQLSTATE of a PostgreSQL data exception (class 22: invalid text representation, out of range,
 * bad characters) behind an error, looking through the query builder's wrapping; undefined otherwise.
 */
function databaseDataError(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code
  }
  return undefined
}

function dataErrorMessage(sqlState: string): string {
  if (sqlState === '22021' || sqlState === '22P05') return '参数包含无效字符'
  if (sqlState === '22001') return '参数过长'
  return '参数格式错误'
}

/** The limits of @fastify/multipart (app.ts), each said for what it is. */
function formLimitMessage(code: string | undefined): string | undefined {
  if (code === 'FST_REQ_FILE_TOO_LARGE') return TOO_LARGE_MESSAGE
  if (code === 'FST_FIELDS_LIMIT') return requestMessages.tooManyFields
  if (code === 'FST_PARTS_LIMIT') return requestMessages.tooManyParts
  if (code === 'FST_FILES_LIMIT') return requestMessages.tooManyFiles
  return undefined
}

/** The multipart parser (busboy) fails on a broken body with plain Errors, known by their words. */
function isMalformedForm(error: FastifyError, request: FastifyRequest): boolean {
  return request.isMultipart() && error.statusCode === undefined && /multipart|boundary|part header/i.test(error.message)
}

function malformedMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return '不支持的请求格式'
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return '请以表单方式上传文件'
  return '请求格式错误'
}

type Issue = { keyword?: string; instancePath?: string; message?: string; params?: Record<string, unknown> }

/**
 * Our schemas (packages/shared) carry the spec's Chinese messages: those pass through unchanged. zod's own
 * messages are English, so those are replaced by a Chinese one naming the field.
 */
function describeIssue(issue: Issue | undefined): string {
  if (!issue) return '参数错误'
  if (issue.message && /[\u4e00-\u9fa5]/.test(issue.message)) return issue.message
  const field = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || '请求体'
  if (issue.keyword === 'invalid_type') {
    return /received undefined/.test(issue.message ?? '') ? `缺少参数：${field}` : `参数类型错误：${field}`
  }
  if (issue.keyword === 'unrecognized_keys') return `不支持的参数：${field}`
  // A number's bound is a range (limit=101), not a length: 参数过长 would mislead.
  const bounded = issue.params?.origin === 'number' || issue.params?.origin === 'bigint'
  if (bounded && (issue.keyword === 'too_big' || issue.keyword === 'too_small')) return `参数超出范围：${field}`
  if (issue.keyword === 'too_big') return `参数过长：${field}`
  if (issue.keyword === 'too_small') return `参数过短：${field}`
  return `参数格式错误：${field}`
}
