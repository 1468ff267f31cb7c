/**
 * Reads any answer shape the spec allows (000 §7, §8): `resultStatus`/`responseInfo`, or the alternates
 * `code`/`msg` (also `message`, `mess`). '00' is success; an answer with only `code: 200` counts as
 * success too; an answer with no code at all gets the default 10000.
 */
export type NormalizedAnswer = { success: boolean; code: string; message: string; data: unknown }

export const DEFAULT_FAILURE_CODE = '10000'

export function normalizeAnswer(body: unknown): NormalizedAnswer {
  if (!body || typeof body !== 'object') return { success: false, code: DEFAULT_FAILURE_CODE, message: '', data: body }
  const answer = body as Record<string, unknown>
  const message = firstString(answer.responseInfo, answer.msg, answer.message, answer.mess)
  const data = answer.data
  if (answer.resultStatus !== undefined && answer.resultStatus !== null) {
    const code = String(answer.resultStatus)
    return { success: code === '00', code, message, data }
  }
  if (answer.code !== undefined && answer.code !== null) {
    const code = String(answer.code)
    return { success: code === '00' || code === '200', code, message, data }
  }
  return { success: false, code: DEFAULT_FAILURE_CODE, message, data }
}

function firstString(...values: unknown[]): string {
  for (const value of values) if (typeof value === 'string' && value) return value
  return ''
}
