import { messages } from '@seal/shared/messages'
import { RequestError } from '../../lib/request/request.ts'

/**
 * A failed call's words for a toast (001 §8 "Offline"): the server's message for a business answer,
 * 网络异常 when nothing answered, 请求报错，请联系管理员 for a server fault, else `fallback`.
 */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof RequestError)) return messages.operationError
  switch (error.kind) {
    case 'network':
      return messages.networkError
    case 'server':
      return messages.requestErrorContactAdmin
    case 'business':
    case 'http':
      return error.message || fallback
    default:
      return error.message || fallback
  }
}
