import { describe, expect, it } from 'vitest'
import { detectChannel, detectOperatingSystem } from './channel.ts'

// User agents as the hosts send them (trimmed to what matters).
const ua = {
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN',
  wechatMini:
    'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64 miniProgram/wx1234567890',
  wxwork:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh ColorScheme/Light',
  alipayMini:
    'Mozilla/5.0 (Linux; U; Android 14; zh-CN; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0 Mobile Safari/537.36 AlipayChannelId/5136 UCBS/2.11.1.1 NebulaSDK/1.8.100112 Nebula AlipayDefined(nt:WIFI,ws:393|0|2.75) AliApp(AP/10.5.86.8000) AlipayClient/10.5.86.8000 Language/zh-Hans Region/CN ChannelId(5) MiniProgram APXWebView',
  alipayBrowser:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Nebula AlipayClient/10.5.86.6000 Language/zh-Hans Region/CN',
  govApp: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 GovServiceApp/3.2.0',
  appShell: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ESealApp/1.0.0',
}

describe('channel detection', () => {
  it('treats ordinary mobile browsers as the plain H5 channel', () => {
    expect(detectChannel({ userAgent: ua.iosSafari })).toBe('h5')
    expect(detectChannel({ userAgent: ua.androidChrome })).toBe('h5')
  })

  it('recognises the messenger browser, but not when it is the enterprise-messaging variant', () => {
    expect(detectChannel({ userAgent: ua.wechat })).toBe('wechat-h5')
    expect(detectChannel({ userAgent: ua.wxwork })).toBe('wxwork')
  })

  it('recognises the messenger mini-program by its UA marker or by the JS environment flag', () => {
    expect(detectChannel({ userAgent: ua.wechatMini })).toBe('wechat-mini')
    expect(detectChannel({ userAgent: ua.wechat, globals: { __wxjs_environment: 'miniprogram' } })).toBe('wechat-mini')
  })

  it('recognises the payment-app mini-program, while the payment app’s own browser stays plain H5', () => {
    expect(detectChannel({ userAgent: ua.alipayMini })).toBe('alipay-mini')
    expect(detectChannel({ userAgent: ua.alipayBrowser })).toBe('h5')
  })

  it('recognises the government app by its UA marker or its bridge object', () => {
    expect(detectChannel({ userAgent: ua.govApp })).toBe('gov-app')
    expect(detectChannel({ userAgent: ua.androidChrome, globals: { govServiceNative: {} } })).toBe('gov-app')
  })

  it('recognises the app shell by its UA marker or by either platform’s bridge', () => {
    expect(detectChannel({ userAgent: ua.appShell })).toBe('app')
    expect(detectChannel({ userAgent: ua.androidChrome, globals: { sealNative: {} } })).toBe('app')
    expect(detectChannel({ userAgent: ua.iosSafari, globals: { webkit: { messageHandlers: { sealNative: {} } } } })).toBe('app')
  })

  it('tells iOS from Android for the shell', () => {
    expect(detectOperatingSystem(ua.appShell)).toBe('ios')
    expect(detectOperatingSystem(ua.govApp)).toBe('android')
    expect(detectOperatingSystem('Mozilla/5.0 (X11; Linux x86_64)')).toBe('other')
  })
})
