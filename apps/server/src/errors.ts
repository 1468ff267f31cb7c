import { resultStatus } from '@seal/shared/api/envelope'

/**
 * A failure the caller can act on: mapped to the envelope in one place (plugins/envelope.ts) with
 * `resultStatus` and the Chinese `responseInfo`. Domain code throws these and knows nothing of HTTP.
 */
export class AppError extends Error {
  readonly status: string
  readonly httpStatus: number
  readonly data: unknown
  /** Sent as Retry-After: when a limit that refused the call will let it through. */
  readonly retryAfterSeconds: number | undefined

  constructor(options: { status?: string; message: string; httpStatus?: number; data?: unknown; retryAfterSeconds?: number }) {
    super(options.message)
    this.status = options.status ?? resultStatus.BUSINESS_ERROR
    this.httpStatus = options.httpStatus ?? 200
    this.data = options.data ?? null
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}

/** The session is missing or gone; the client shows 服务已断开，请退出后重新打开. */
export const unauthorized = () =>
  new AppError({ status: resultStatus.UNAUTHORIZED, httpStatus: 401, message: '登录已失效，请重新登录' })

/** The caller may not see or change this object. Said as "not found" so ids cannot be probed. */
export const notFound = (message = '数据不存在') => new AppError({ status: resultStatus.NOT_FOUND, message })

export const forbidden = (message = '无权访问') => new AppError({ status: resultStatus.FORBIDDEN, message })

export const invalidInput = (message: string) => new AppError({ status: resultStatus.INVALID_INPUT, message })

export const businessError = (message: string, data?: unknown) => new AppError({ message, data })
