/**
 * The response envelope every `/api` call answers with (spec 000 §7 "Shared behaviour").
 * A business failure is HTTP 200 with a non-'00' `resultStatus` and a Chinese `responseInfo`.
 */
export type Envelope<T> = {
  resultStatus: string
  responseInfo: string
  data: T
}

/** Result codes the server answers with. '00' alone is success; the client treats a bare code 200 as success too. */
export const resultStatus = {
  SUCCESS: '00',
  /** The session is gone: the client clears its token and goes to the logout address. */
  UNAUTHORIZED: '401',
  FORBIDDEN: '403',
  NOT_FOUND: '404',
  /** The request failed validation; responseInfo says which rule, in the spec's words. */
  INVALID_INPUT: '400',
  /** The same mutation is already being processed (a double submission). */
  DUPLICATE_REQUEST: '409',
  TOO_MANY_REQUESTS: '429',
  /** Generic business failure; the client's default when an answer carries no code. */
  BUSINESS_ERROR: '10000',
  /** A first personal login must supply name and ID number. */
  PROFILE_REQUIRED: '40010',
  INTERNAL: '500',
} as const
export type ResultStatus = (typeof resultStatus)[keyof typeof resultStatus]

/**
 * Builds a success envelope.
 *
 * @example
 * ok({ fileId: 'f1' }) // { resultStatus: '00', responseInfo: '操作成功', data: { fileId: 'f1' } }
 */
export function ok<T>(data: T, responseInfo = '操作成功'): Envelope<T> {
  return { resultStatus: resultStatus.SUCCESS, responseInfo, data }
}
