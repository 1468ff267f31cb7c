import {
  GOV_FACE_CLIENT_TIMEOUT_MS,
  GOV_FACE_POLL_INTERVAL_MS,
  type YkbFaceResult,
  type YkbTicket,
  type YkbToken,
} from '@seal/shared/api/gov'
import { get, post } from '../request/request.ts'

/** The calls of the government-app face flow (spec 000 §7; docs/api.md "Government identity services"). */

/** GET /ykb/token: the token the app's JS API is configured with. */
export const fetchJsapiToken = () => get<YkbToken>('/ykb/token')

/** POST /ykb/face/ticket: a face check of the logged-in person (their own identity only). */
export const openFaceTicket = (input: { authCode: string; personIdentity: string; identityType?: string }) =>
  post<YkbTicket>('/ykb/face/ticket', { identityType: '111', ...input })

/** POST /ykb/face/result: PENDING, or the final SUCCESS/FAILED once, with the face verification's serial. */
export const fetchFaceResult = (ticket: string) => post<YkbFaceResult>('/ykb/face/result', { ticket })

/** The sandbox stand-in app's face capture for a ticket (POST /dev/ykb/face/capture). */
export const captureInSandbox = (ticket: string, image: string) =>
  post<null>('/dev/ykb/face/capture', { ticket, image })

export const govFaceClientMessages = {
  timeout: '人脸核验超时，请重试',
} as const

/** No final result within 60 s of the first question (000 §7). */
export class GovFaceResultTimeout extends Error {
  constructor() {
    super(govFaceClientMessages.timeout)
    this.name = 'GovFaceResultTimeout'
  }
}

/**
 * Asks for the result each second while it is PENDING (000 §7), for 60 s at most; answers the final
 * result. Rejects with GovFaceResultTimeout after 60 s, with the request's error when a question fails
 * (its message already shown), and with an AbortError when `signal` aborts.
 */
export async function waitForFaceResult(
  ticket: string,
  options: { signal?: AbortSignal; pollEveryMs?: number; timeoutMs?: number } = {},
): Promise<YkbFaceResult & { status: 'SUCCESS' | 'FAILED' }> {
  const { signal, pollEveryMs = GOV_FACE_POLL_INTERVAL_MS, timeoutMs = GOV_FACE_CLIENT_TIMEOUT_MS } = options
  const started = Date.now()
  for (;;) {
    signal?.throwIfAborted()
    const answer = await fetchFaceResult(ticket)
    if (answer.status !== 'PENDING') return answer as YkbFaceResult & { status: 'SUCCESS' | 'FAILED' }
    if (Date.now() - started + pollEveryMs > timeoutMs) throw new GovFaceResultTimeout()
    await pause(pollEveryMs, signal)
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError'))
      },
      { once: true },
    )
  })
}
