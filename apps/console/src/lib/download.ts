import { RequestError, requestMessages } from './request.ts'
import { getToken } from './session.ts'

/**
 * Downloads what an export call answers (a CSV) with the session's token, and saves it under the name the
 * server gave (Content-Disposition) or `fallbackName`. A refusal arrives as the usual envelope.
 */
export async function downloadExport(
  path: string,
  query: Record<string, string | number | undefined>,
  fallbackName: string,
): Promise<void> {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value))
  const response = await fetch(`/api${path}?${params}`, {
    headers: { authorization: `Bearer ${getToken() ?? ''}` },
  })
  const type = response.headers.get('content-type') ?? ''
  if (!response.ok || type.startsWith('application/json')) {
    const envelope = (await response.json().catch(() => null)) as { responseInfo?: string } | null
    throw new RequestError({
      kind: 'business',
      code: String(response.status),
      message: envelope?.responseInfo || requestMessages.server,
    })
  }
  const disposition = response.headers.get('content-disposition') ?? ''
  const named =
    /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1]
  const link = document.createElement('a')
  link.href = URL.createObjectURL(await response.blob())
  link.download = named ? decodeURIComponent(named) : fallbackName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
}
