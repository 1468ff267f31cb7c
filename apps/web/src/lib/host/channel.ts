import type { ClientChannel } from '@seal/shared/codes/channel'

/**
 * Which host the H5 runs in (spec 000 §1, 002 §9 "Environment detection"). The answer decides which
 * native functions exist, what the home back action does, which SDKs start-up loads, and which
 * channels show the operation manual (config `operationManual.channels` holds these ids).
 *
 * How each host is recognised (first match wins; mini-programs first, because their web views also
 * carry the messenger or payment-app markers):
 * - `wechat-mini`   messenger mini-program web view: `window.__wxjs_environment === 'miniprogram'`, or a
 *                   MicroMessenger UA carrying `miniProgram`
 * - `alipay-mini`   payment-app mini-program web view: UA has `AlipayClient` and `MiniProgram`
 * - `wxwork`        enterprise messaging: UA has `wxwork`
 * - `wechat-h5`     messenger in-app browser: UA has `MicroMessenger` and NOT `wxwork` (002 §9)
 * - `gov-app`       government service app: UA has the marker `GovServiceApp/<version>` (ours; the app's
 *                   web view appends it), or the app's bridge object `window.govServiceNative` is present
 * - `app`           our iOS/Android app shell: UA has `ESealApp/<version>`, or the shell's bridge is
 *                   present (`window.sealNative` on Android, `webkit.messageHandlers.sealNative` on iOS)
 * - `h5`            anything else: a plain browser
 */
/** The channel ids are shared with the server (configuration by channel, the materials lists). */
export type Channel = ClientChannel

/** UA markers our own hosts add to their web views. */
export const APP_SHELL_UA_MARKER = 'ESealApp/'
export const GOV_APP_UA_MARKER = 'GovServiceApp/'

export type OperatingSystem = 'ios' | 'android' | 'other'

/** What detection reads: the user agent and the globals a host injects. */
export type HostEnvironment = {
  userAgent: string
  /** The window (or a stand-in in tests); only the host-injected properties are read. */
  globals?: HostGlobals
}

export type HostGlobals = {
  __wxjs_environment?: unknown
  sealNative?: unknown
  govServiceNative?: unknown
  webkit?: { messageHandlers?: Record<string, unknown> }
}

/** Decides the channel from a user agent and the host's globals; pure, so any UA can be checked. */
export function detectChannel({ userAgent, globals = {} }: HostEnvironment): Channel {
  const ua = userAgent.toLowerCase()
  const isMessenger = ua.includes('micromessenger')
  if (globals.__wxjs_environment === 'miniprogram' || (isMessenger && ua.includes('miniprogram'))) return 'wechat-mini'
  if (ua.includes('alipayclient') && ua.includes('miniprogram')) return 'alipay-mini'
  if (ua.includes('wxwork')) return 'wxwork'
  if (isMessenger) return 'wechat-h5'
  if (ua.includes(GOV_APP_UA_MARKER.toLowerCase()) || globals.govServiceNative) return 'gov-app'
  if (ua.includes(APP_SHELL_UA_MARKER.toLowerCase()) || hasAppShellBridge(globals)) return 'app'
  return 'h5'
}

export function hasAppShellBridge(globals: HostGlobals): boolean {
  return Boolean(globals.sealNative) || Boolean(globals.webkit?.messageHandlers?.sealNative)
}

export function detectOperatingSystem(userAgent: string): OperatingSystem {
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios'
  if (/android/i.test(userAgent)) return 'android'
  return 'other'
}

/** Mini-program web views: the home back action talks to the mini-program instead of the browser history. */
export function isMiniProgram(channel: Channel): boolean {
  return channel === 'wechat-mini' || channel === 'alipay-mini'
}

/** The channel of this page. Read each time: a host may inject its globals after our script started. */
export function currentChannel(): Channel {
  if (typeof window === 'undefined') return 'h5'
  return detectChannel({ userAgent: window.navigator.userAgent, globals: window as unknown as HostGlobals })
}
