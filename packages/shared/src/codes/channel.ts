/**
 * Channels: the host a person comes through (spec 000 §1: a plain browser, an app shell, enterprise
 * messaging, a payment-app mini-program, a messenger, a government service app). The H5 tells them apart
 * by its user agent and the host's bridge (apps/web lib/host/channel.ts); the server knows a channel only
 * when the host's signed launch opened the session (a HOST_CHANNELS id), and counts every other session
 * as the plain H5. Configuration has a scope per channel (`channel:<id>`).
 */
export const clientChannels = ['h5', 'app', 'wxwork', 'alipay-mini', 'wechat-h5', 'wechat-mini', 'gov-app'] as const
export type ClientChannel = (typeof clientChannels)[number]

/** The plain browser, and every session no host's signed launch opened. */
export const PLAIN_H5_CHANNEL = 'h5' satisfies ClientChannel

/** The government service app: its units mail the government list of materials (001 §3). */
export const GOVERNMENT_APP_CHANNEL = 'gov-app' satisfies ClientChannel

export const channelLabels: Record<ClientChannel, string> = {
  h5: '浏览器（H5）',
  app: '移动 App',
  wxwork: '企业微信',
  'alipay-mini': '支付宝小程序',
  'wechat-h5': '微信内浏览器',
  'wechat-mini': '微信小程序',
  'gov-app': '政务服务 App',
}

/**
 * A channel's name for people: its label when it is one of the client's channels, else its id.
 *
 * @example
 * channelLabel('gov-app') // '政务服务 App'
 * channelLabel('city-portal') // 'city-portal'
 */
export function channelLabel(id: string): string {
  return (channelLabels as Record<string, string>)[id] ?? id
}
