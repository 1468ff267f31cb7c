import { compressImage as compressOnCanvas, blobToDataUrl, dataUrlMediaType, dataUrlToBlob, DEFAULT_TARGET_KB, kilobytes } from '../image/compress.ts'
import { getSessionValue, sessionKeys } from '../session/session.ts'
import { currentChannel, isMiniProgram } from './channel.ts'

/**
 * The native functions a host may offer (spec 000 §1: image compression, opening a chat app, a hash,
 * image picking, going back), each with its web equivalent for a plain browser.
 *
 * The app shell's bridge protocol (ours, for the iOS/Android shell teams):
 * - the shell lists what it implements in `window.sealNativeCapabilities` (e.g. `['compressImage','goBack']`),
 *   injected before the page's scripts run; a method not listed is done the web way;
 * - a call is one message `{ id, method, args }`: Android gets it as a JSON string through
 *   `window.sealNative.postMessage(json)` (a JavascriptInterface), iOS as an object through
 *   `window.webkit.messageHandlers.sealNative.postMessage(message)`;
 * - the shell answers with `window.sealNativeReply(id, { ok: true, result })` or `{ ok: false, message }`.
 *
 * Mini-programs are driven through their own JS APIs (`wx.miniProgram`, `my`), loaded by start-up; the
 * messenger's browsers through the `WeixinJSBridge` they inject.
 */
export type NativeMethod = 'compressImage' | 'sha256' | 'pickImage' | 'goBack' | 'openChatApp' | 'closeWindow'

type NativeReply = { ok: boolean; result?: unknown; message?: string }
type NativeWindow = Window & {
  sealNativeCapabilities?: string[]
  sealNative?: { postMessage?: (json: string) => void }
  webkit?: { messageHandlers?: { sealNative?: { postMessage: (message: unknown) => void } } }
  sealNativeReply?: (id: string, reply: NativeReply) => void
  wx?: { miniProgram?: MiniProgramApi }
  my?: MiniProgramApi & { postMessage?: (data: unknown) => void }
  WeixinJSBridge?: { call?: (name: string) => void }
}
type MiniProgramApi = {
  postMessage?: (message: unknown) => void
  reLaunch?: (options: { url: string }) => void
  navigateBack?: (options?: { delta: number }) => void
}

/** The mini-program page the home back action relaunches. */
export const MINI_PROGRAM_INDEX = '/pages/index/index'
/** What the H5 tells its parent (iframe host or mini-program) when the user leaves home. */
export const CHANGE_MESSAGE = { type: 'seal:change', action: 'leaveHome' } as const
/** Opens the messaging app (the web equivalent of the shell's openChatApp). */
export const CHAT_APP_URL = 'weixin://'
/** A native call that never answers is given up after this long. */
const NATIVE_TIMEOUT_MS = 30_000

const nativeWindow = () => window as NativeWindow

export function nativeOffers(method: NativeMethod): boolean {
  const win = nativeWindow()
  const transport = Boolean(win.sealNative?.postMessage) || Boolean(win.webkit?.messageHandlers?.sealNative)
  return transport && Array.isArray(win.sealNativeCapabilities) && win.sealNativeCapabilities.includes(method)
}

const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
let nextCallId = 0

/** One call to the app shell; rejects with the shell's message when it reports a failure. */
export function callNative<T>(method: NativeMethod, args: unknown = null): Promise<T> {
  const win = nativeWindow()
  win.sealNativeReply ??= (id, reply) => {
    const call = pending.get(id)
    if (!call) return
    pending.delete(id)
    if (reply.ok) call.resolve(reply.result)
    else call.reject(new Error(reply.message || `${method} 调用失败`))
  }
  const id = `n${++nextCallId}`
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id)
      reject(new Error(`${method} 无响应`))
    }, NATIVE_TIMEOUT_MS)
    pending.set(id, {
      resolve: (value) => {
        clearTimeout(timer)
        resolve(value as T)
      },
      reject: (error) => {
        clearTimeout(timer)
        reject(error)
      },
    })
    const message = { id, method, args }
    if (win.sealNative?.postMessage) win.sealNative.postMessage(JSON.stringify(message))
    else win.webkit?.messageHandlers?.sealNative?.postMessage(message)
  })
}

function miniProgramApi(): MiniProgramApi | undefined {
  const win = nativeWindow()
  return currentChannel() === 'alipay-mini' ? win.my : win.wx?.miniProgram
}

async function toBase64(data: string | ArrayBuffer | Uint8Array): Promise<{ text?: string; base64?: string }> {
  if (typeof data === 'string') return { text: data }
  const dataUrl = await blobToDataUrl(new Blob([data instanceof Uint8Array ? data.slice() : data]))
  return { base64: dataUrl.slice(dataUrl.indexOf(',') + 1) }
}

export type PickImageOptions = { accept?: string; capture?: 'user' | 'environment' }

function pickWithInput({ accept = 'image/*', capture }: PickImageOptions): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = accept
    if (capture) input.setAttribute('capture', capture)
    // iOS Safari only opens the picker for an input that is in the document.
    input.hidden = true
    input.dataset.hostPicker = 'true'
    const done = (file: File | null) => {
      input.remove()
      resolve(file)
    }
    input.addEventListener('change', () => done(input.files?.[0] ?? null))
    input.addEventListener('cancel', () => done(null))
    document.body.append(input)
    input.click()
  })
}

export const host = {
  /**
   * Compresses an image to at most `maxKB` kilobytes (×1024, spec 000 §9) and gives a data URL.
   * PDFs and images already small enough come back unchanged.
   */
  async compressImage(input: Blob | string, { maxKB = DEFAULT_TARGET_KB }: { maxKB?: number } = {}): Promise<string> {
    const dataUrl = typeof input === 'string' ? input : await blobToDataUrl(input)
    if (nativeOffers('compressImage') && dataUrlMediaType(dataUrl)?.startsWith('image/')) {
      return callNative<string>('compressImage', { dataUrl, maxBytes: kilobytes(maxKB) })
    }
    const blob = typeof input === 'string' ? dataUrlToBlob(input) : input
    const compressed = await compressOnCanvas(blob, { targetKB: maxKB })
    return compressed === blob ? dataUrl : blobToDataUrl(compressed)
  },

  /** SHA-256 of text (as UTF-8) or bytes, as lower-case hex. */
  async sha256(data: string | ArrayBuffer | Uint8Array): Promise<string> {
    if (nativeOffers('sha256')) return callNative<string>('sha256', await toBase64(data))
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data instanceof Uint8Array ? data.slice() : data
    const digest = await crypto.subtle.digest('SHA-256', bytes)
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  },

  /** Lets the person take or choose a picture; null when they cancel. */
  async pickImage(options: PickImageOptions = {}): Promise<File | null> {
    if (nativeOffers('pickImage')) {
      const dataUrl = await callNative<string | null>('pickImage', options)
      if (!dataUrl) return null
      const type = dataUrlMediaType(dataUrl) ?? 'image/jpeg'
      return new File([dataUrlToBlob(dataUrl)], `image.${type.split('/')[1] ?? 'jpg'}`, { type })
    }
    return pickWithInput(options)
  },

  /** Back one screen: the shell closes its web view at the first page; a browser goes back in history. */
  goBack(): void {
    if (nativeOffers('goBack')) {
      void callNative('goBack').catch(() => window.history.back())
      return
    }
    window.history.back()
  },

  openChatApp(): void {
    if (nativeOffers('openChatApp')) {
      void callNative('openChatApp').catch(() => window.location.assign(CHAT_APP_URL))
      return
    }
    window.location.assign(CHAT_APP_URL)
  },

  /**
   * Closes the H5 where its host can (002 §2: the binding result's 完成): a mini-program goes back to its
   * own page, the app shell closes its web view, the messenger's browsers close theirs. A plain browser,
   * an embedding page or a host that cannot does `otherwise` instead.
   */
  closeWindow(otherwise: () => void): void {
    const channel = currentChannel()
    const mini = isMiniProgram(channel) ? miniProgramApi() : undefined
    if (mini?.navigateBack) {
      mini.navigateBack({ delta: 1 })
      return
    }
    if (nativeOffers('closeWindow')) {
      void callNative('closeWindow').catch(otherwise)
      return
    }
    const messenger = nativeWindow().WeixinJSBridge
    if ((channel === 'wechat-h5' || channel === 'wxwork') && messenger?.call) {
      messenger.call('closeWindow')
      return
    }
    otherwise()
  },

  /** Tells the embedding page or mini-program that the H5 changed (it reloads its own state). */
  postChangeMessageToParent(): boolean {
    const mini = isMiniProgram(currentChannel()) ? miniProgramApi() : undefined
    if (mini?.postMessage) {
      mini.postMessage(currentChannel() === 'alipay-mini' ? CHANGE_MESSAGE : { data: CHANGE_MESSAGE })
      return true
    }
    if (window.parent !== window) {
      window.parent.postMessage(CHANGE_MESSAGE, '*')
      return true
    }
    return false
  },

  relaunchMiniProgramIndex(): boolean {
    const mini = miniProgramApi()
    if (!isMiniProgram(currentChannel()) || !mini?.reLaunch) return false
    mini.reLaunch({ url: MINI_PROGRAM_INDEX })
    return true
  },

  /**
   * The home screen's back action (000 §2 "Home"): inside a mini-program, tell it and relaunch its index;
   * inside an embedding page, tell the parent; otherwise go to the stored backUrl, or back.
   */
  leaveHome(): void {
    if (isMiniProgram(currentChannel())) {
      host.postChangeMessageToParent()
      if (host.relaunchMiniProgramIndex()) return
    } else if (window.parent !== window && host.postChangeMessageToParent()) {
      return
    }
    const backUrl = getSessionValue(sessionKeys.backUrl)
    if (backUrl) {
      window.location.assign(backUrl)
      return
    }
    host.goBack()
  },
}
