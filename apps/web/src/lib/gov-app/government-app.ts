import { currentChannel } from '../host/channel.ts'
import { post, runtimeConfig } from '../request/request.ts'

/**
 * The government service app's JS API as the H5 uses it for the face flow (spec 000 §7). Inside the app
 * (channel `gov-app`, lib/host/channel.ts) the H5 asks it for an authorisation code of the user logged in
 * to it, then lets it take the face with our ticket.
 *
 * The app's bridge protocol (ours, for the app team; the same shape as the shell's `sealNative`):
 * - the app injects `window.govServiceNative` with `postMessage(json)` before the page's scripts run;
 * - a call is one JSON message `{ id, method, args }`:
 *   `getAuthCode` with `{ jsapiToken }` answers the code (a string);
 *   `startFace` with `{ ticket }` answers once the person has finished the app's face screen (null);
 * - the app answers with `window.govServiceNativeReply(id, { ok: true, result })`, or
 *   `{ ok: false, cancelled: true }` when the person closed its face screen, or `{ ok: false, message }`.
 *
 * In the sandbox (no app, runtime config `govFaceSandbox`) a stand-in plays the app: the server's sandbox
 * platform issues the code for the logged-in person and the H5's own camera takes the face.
 */
export type GovernmentApp =
  | {
      kind: 'native'
      getAuthCode: (jsapiToken: string) => Promise<string>
      startFace: (ticket: string) => Promise<void>
    }
  | { kind: 'sandbox'; getAuthCode: (jsapiToken: string) => Promise<string> }

/** The person closed the app's face screen. */
export class GovFaceCancelled extends Error {
  constructor() {
    super('cancelled')
    this.name = 'GovFaceCancelled'
  }
}

type Reply = { ok: boolean; result?: unknown; cancelled?: boolean; message?: string }
type GovWindow = Window & {
  govServiceNative?: { postMessage?: (json: string) => void }
  govServiceNativeReply?: (id: string, reply: Reply) => void
}

const AUTH_CODE_TIMEOUT_MS = 30_000
/** The app's face screen: the person may take a while. */
const FACE_SCREEN_TIMEOUT_MS = 180_000

/** The government app the face flow runs through here, or null where the ordinary face check runs. */
export function governmentApp(): GovernmentApp | null {
  if (currentChannel() !== 'gov-app') return null
  const win = window as GovWindow
  if (win.govServiceNative?.postMessage) {
    return {
      kind: 'native',
      getAuthCode: (jsapiToken) => callApp<string>('getAuthCode', { jsapiToken }, AUTH_CODE_TIMEOUT_MS),
      startFace: (ticket) => callApp<void>('startFace', { ticket }, FACE_SCREEN_TIMEOUT_MS),
    }
  }
  if (runtimeConfig().govFaceSandbox) {
    return {
      kind: 'sandbox',
      getAuthCode: async (jsapiToken) =>
        (await post<{ authCode: string }>('/dev/ykb/auth-code', { jsapiToken })).authCode,
    }
  }
  return null
}

const pending = new Map<string, (reply: Reply) => void>()
let nextId = 0

function callApp<T>(method: 'getAuthCode' | 'startFace', args: unknown, timeoutMs: number): Promise<T> {
  const win = window as GovWindow
  win.govServiceNativeReply ??= (id, reply) => {
    const settle = pending.get(id)
    pending.delete(id)
    settle?.(reply)
  }
  const id = `g${++nextId}`
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id)
      reject(new Error('政务服务应用无响应，请重试'))
    }, timeoutMs)
    pending.set(id, (reply) => {
      clearTimeout(timer)
      if (reply.ok) resolve(reply.result as T)
      else if (reply.cancelled) reject(new GovFaceCancelled())
      else reject(new Error(reply.message || '政务服务应用调用失败，请重试'))
    })
    win.govServiceNative?.postMessage?.(JSON.stringify({ id, method, args }))
  })
}
