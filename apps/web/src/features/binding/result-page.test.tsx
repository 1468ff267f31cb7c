import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { renderScreen } from '../../../test/render-screen.tsx'
import { BindingResultPage } from './result-page.tsx'

type HostWindow = Record<string, unknown>
const win = window as unknown as HostWindow
const injected = ['WeixinJSBridge', '__wxjs_environment', 'wx', 'sealNative', 'sealNativeCapabilities', 'sealNativeReply']
const messengerUserAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49'

const open = () => renderScreen('/binding-result/2', { path: '/binding-result/:sucNum', element: <BindingResultPage /> })
const done = async () => fireEvent.click(await screen.findByRole('button', { name: '完成' }))

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  for (const key of injected) delete win[key]
})

describe('提交成功 after binding (002 §2: 完成 closes the window)', () => {
  it('says how many seals were bound, and 完成 goes home in a plain browser', async () => {
    open()
    expect(await screen.findByText(/已成功绑定2枚印章/)).toBeTruthy()
    await done()
    expect((await screen.findByTestId('location')).textContent).toBe('/home')
  })

  it('closes the messenger’s browser window instead of going home', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(messengerUserAgent)
    const call = vi.fn()
    win.WeixinJSBridge = { call }
    open()
    await done()
    expect(call).toHaveBeenCalledWith('closeWindow')
    expect(screen.queryByTestId('location')).toBeNull()
  })

  it('inside a mini-program goes back to the mini-program’s own page', async () => {
    const navigateBack = vi.fn()
    win.__wxjs_environment = 'miniprogram'
    win.wx = { miniProgram: { navigateBack } }
    open()
    await done()
    expect(navigateBack).toHaveBeenCalledWith({ delta: 1 })
    expect(screen.queryByTestId('location')).toBeNull()
  })

  it('asks our app shell to close its web view when it offers closeWindow', async () => {
    const received: string[] = []
    win.sealNativeCapabilities = ['closeWindow']
    win.sealNative = {
      postMessage(json: string) {
        const { id, method } = JSON.parse(json)
        received.push(method)
        setTimeout(() => (win.sealNativeReply as (id: string, reply: unknown) => void)(id, { ok: true }), 0)
      },
    }
    open()
    await done()
    expect(received).toEqual(['closeWindow'])
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(screen.queryByTestId('location')).toBeNull()
  })
})
