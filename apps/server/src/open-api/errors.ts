/**
 * The open API's refusals (docs/api.md "Open API"): an HTTP status that says what kind of failure it is,
 * and a body `{ code, message, requestId }` with a stable machine code for the platform's program and a
 * Chinese message for the people behind it. The H5 envelope (HTTP 200 with resultStatus) is for our own
 * client; a platform's HTTP client reads statuses.
 */
export const openApiErrors = {
  // The request itself
  INVALID_REQUEST: { status: 400, message: '请求参数错误' },
  INVALID_JSON: { status: 400, message: '请求体不是有效的JSON' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: '请以 application/json 发送请求' },
  PAYLOAD_TOO_LARGE: { status: 413, message: '文件大小不能超过10M' },
  NOT_FOUND: { status: 404, message: '接口不存在' },
  // Idempotent sealing (Idempotency-Key)
  IDEMPOTENCY_KEY_INVALID: { status: 400, message: 'Idempotency-Key 格式错误，应为8至64位字母、数字、-或_' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, message: '该 Idempotency-Key 已用于内容不同的请求，请为新的签章请求使用新的 Idempotency-Key' },
  IDEMPOTENCY_KEY_IN_PROGRESS: { status: 409, message: '使用该 Idempotency-Key 的请求正在处理中，请稍后重试' },
  // Who is asking
  INVALID_CLIENT: { status: 401, message: 'clientId 或 clientSecret 错误' },
  TOKEN_MISSING: { status: 401, message: '缺少访问令牌（Authorization: Bearer）' },
  TOKEN_INVALID: { status: 401, message: '访问令牌无效' },
  TOKEN_EXPIRED: { status: 401, message: '访问令牌已过期，请重新获取' },
  PLATFORM_DISABLED: { status: 403, message: '平台已停用，请联系运营方' },
  // The request signature
  SIGNATURE_MISSING: { status: 401, message: '缺少请求签名（X-Seal-Timestamp、X-Seal-Nonce、X-Seal-Signature）' },
  SIGNATURE_INVALID: { status: 401, message: '请求签名校验失败' },
  TIMESTAMP_OUT_OF_WINDOW: { status: 401, message: '请求时间戳超出允许范围（前后5分钟），请校准时钟' },
  NONCE_INVALID: { status: 401, message: '请求随机串（nonce）格式错误，应为16至64位字母、数字、-或_' },
  NONCE_REPLAYED: { status: 401, message: '重复的请求（nonce已使用）' },
  RATE_LIMITED: { status: 429, message: '请求过于频繁，请稍后再试' },
  // The seal and its binding
  SEAL_NOT_BOUND: { status: 403, message: '该印章未绑定本平台' },
  BINDING_NOT_IN_EFFECT: { status: 403, message: '该印章与本平台的绑定已解除' },
  AUTHORISATION_ENDED: { status: 403, message: '绑定所依据的印章授权已失效' },
  SEAL_UNUSABLE: { status: 403, message: '印章当前不可用' },
  // The document
  PDF_INVALID: { status: 422, message: '文件不是有效的PDF' },
  PAGE_OUT_OF_RANGE: { status: 422, message: '签章页码超出文档页数' },
  POSITION_INVALID: { status: 422, message: '签章位置无效' },
  KEYWORD_NOT_FOUND: { status: 422, message: '未在文档中找到关键字' },
  TOO_MANY_SIGNATURES: { status: 422, message: '一次最多加盖20处印章' },
  PDF_UNSIGNABLE: { status: 422, message: '文档无法签章' },
  DOCUMENT_NOT_FOUND: { status: 404, message: '文档不存在' },
  // The service
  TIMESTAMP_UNAVAILABLE: { status: 422, message: '本服务未启用时间戳，请不要请求时间戳' },
  TIMESTAMP_FAILED: { status: 503, message: '时间戳服务暂不可用，请稍后再试' },
  REQUEST_REFUSED: { status: 422, message: '请求无法处理' },
  SERVER_BUSY: { status: 503, message: '系统繁忙，请稍后再试' },
  INTERNAL_ERROR: { status: 500, message: '服务器异常，请稍后再试' },
} as const satisfies Record<string, { status: number; message: string }>

export type OpenApiErrorCode = keyof typeof openApiErrors

/** UNSUPPORTED_MEDIA_TYPE's message on POST /documents, which reads a raw PDF too. */
export const UNSUPPORTED_MEDIA_TYPE_PDF = '请以 application/json 或 application/pdf 发送请求'

export class OpenApiError extends Error {
  readonly code: OpenApiErrorCode
  readonly httpStatus: number
  /** Seconds the platform should wait before trying again (the Retry-After header), when it should. */
  readonly retryAfterSeconds: number | undefined

  constructor(code: OpenApiErrorCode, message: string = openApiErrors[code].message, retryAfterSeconds?: number) {
    super(message)
    this.name = 'OpenApiError'
    this.code = code
    this.httpStatus = openApiErrors[code].status
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * A refusal of the open API.
 *
 * @example
 * throw openApiError('SEAL_NOT_BOUND')
 * throw openApiError('KEYWORD_NOT_FOUND', '未在文档中找到关键字：甲方（盖章）')
 * throw openApiError('IDEMPOTENCY_KEY_IN_PROGRESS', undefined, 2)   // with Retry-After: 2
 */
export const openApiError = (code: OpenApiErrorCode, message?: string, retryAfterSeconds?: number) => new OpenApiError(code, message, retryAfterSeconds)
