/**
 * One call to an outside vendor over http, as every http provider makes it (docs/providers.md): `POST {url}`
 * with a JSON body and `Authorization: Bearer {key}` when a key is configured, answered 2xx with a JSON object.
 * No answer within `timeoutMs` is the provider's timeout; a refused connection, an error status or an answer
 * that is not a JSON object is the provider's "unavailable", with a reason for the log (never the user).
 * Each provider keeps only its own reading of the answer's fields.
 */
export async function askVendor(
  call: { url: string; key?: string | undefined; timeoutMs: number; body: object; vendor: string },
  failure: { timeout: () => Error; unavailable: (reason: string) => Error },
): Promise<Record<string, unknown>> {
  let response: Response
  let answer: unknown
  try {
    response = await fetch(call.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(call.key ? { authorization: `Bearer ${call.key}` } : {}),
      },
      body: JSON.stringify(call.body),
      signal: AbortSignal.timeout(call.timeoutMs),
    })
    answer = response.ok ? await response.json() : undefined
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw failure.timeout()
    throw failure.unavailable(error instanceof Error ? error.message : String(error))
  }
  if (!response.ok) throw failure.unavailable(`${call.vendor} answered HTTP ${response.status}`)
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    throw failure.unavailable(`${call.vendor} answer is not an object`)
  return answer as Record<string, unknown>
}
