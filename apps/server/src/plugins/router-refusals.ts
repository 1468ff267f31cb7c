import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'

/** The router's refusals in Chinese; Fastify's own answers echo the path, which may carry anything. */
const routerMessages = {
  paramTooLong: '参数过长',
  badUrl: '请求地址格式错误',
  malformed: '请求格式错误',
} as const

export type RouterRefusal = { httpStatus: number; message: string }

/**
 * What the router refuses before any route or hook runs (Fastify's `frameworkErrors`): a path parameter over
 * `maxParamLength` (100 characters), a path that is not valid percent-encoding, a failed route constraint.
 */
export function routerRefusal(error: FastifyError): RouterRefusal {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return { httpStatus: 414, message: routerMessages.paramTooLong }
  if (error.code === 'FST_ERR_BAD_URL') return { httpStatus: 400, message: routerMessages.badUrl }
  return { httpStatus: 400, message: routerMessages.malformed }
}

/** A router refusal in the H5 envelope. No route matched, so the /api scope's no-store is said here. */
export function sendRouterRefusal(reply: FastifyReply, refusal: RouterRefusal) {
  return reply
    .status(refusal.httpStatus)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send({ resultStatus: String(refusal.httpStatus), responseInfo: refusal.message, data: null })
}

/** Whether a request's path lies under a prefix such as `/api/open/v1` (raw, since it may not decode). */
export const pathUnder = (request: FastifyRequest, prefix: string) =>
  request.url === prefix || request.url.startsWith(`${prefix}/`) || request.url.startsWith(`${prefix}?`)
