import { messages, messageTemplates } from '@seal/shared/messages'
import { RequestError } from '../../lib/request/request.ts'

/** What a failed change submission says (001 §8 "Final submission"): 网络异常, the server's message, or 提交失败. */
export function submitFailureText(error: unknown): string | null {
  if (!(error instanceof RequestError)) return messages.submitFailed
  if (error.kind === 'unauthorized') return null
  if (error.kind === 'network') return messages.networkError
  if (error.kind === 'server') return messages.submitFailed
  return error.message || messages.submitFailed
}

/** What a failed renewal submission says (001 §8 "Signing": 请求失败 plus msg). */
export function renewalFailureText(error: unknown): string | null {
  if (error instanceof RequestError && error.kind === 'unauthorized') return null
  if (error instanceof RequestError && error.kind === 'network') return messages.networkError
  return messageTemplates.requestFailed(error instanceof RequestError && error.kind !== 'server' ? error.message : '')
}
