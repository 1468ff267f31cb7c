import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHANGE_MESSAGE, MINI_PROGRAM_INDEX, host } from './bridge.ts'

type HostWindow = Record<string, unknown>
const win = window as unknown as HostWindow
const injected = ['sealNative', 'sealNativeCapabilities', 'sealNativeReply', '__wxjs_environment', 'wx']

/** Plays the app shell: answers every bridge message the way the shell would. */
function installShell(capabilities: string[], answer: (method: string, args: any) => unknown) {
  const received: { method: string; args: any }[] = []
  win.sealNativeCapabilities = capabilities
  win.sealNative = {
    postMessage(json: string) {
      const { id, method, args } = JSON.parse(json)
      received.push({ method, args })
      setTimeout(() => (win.sealNativeReply as (id: string, reply: unknown) => void)(id, { ok: true, result: answer(method, args) }), 0)
    },
  }
  return received
}

const waitForPopState = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))

afterEach(() => {
  for (const key of injected) delete win[key]
  sessionStorage.clear()
  document.body.innerHTML = ''
})

describe('web equivalents in a plain browser', () => {
  it('hashes text as UTF-8 and bytes as they are, with SHA-256 in hex', async () => {
    await expect(host.sha256('abc')).resolves.toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    await expect(host.sha256(new Uint8Array([0x61, 0x62, 0x63]))).resolves.toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('gives back an image already under the size target unchanged, as a data URL', async () => {
    const tinyPng = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' })
    await expect(host.compressImage(tinyPng, { maxKB: 50 })).resolves.toBe('data:image/png;base64,iVBORw==')
  })

  it('leaves a PDF untouched however large it is', async () => {
    const pdf = new File([new Uint8Array(200 * 1024)], 'a.pdf', { type: 'application/pdf' })
    const dataUrl = await host.compressImage(pdf, { maxKB: 50 })
    expect(dataUrl.startsWith('data:application/pdf;base64,')).toBe(true)
    expect(atob(dataUrl.split(',')[1]!).length).toBe(200 * 1024)
  })

  it('picks an image through a file input and tidies the input away', async () => {
    const picked = host.pickImage({ accept: 'image/*' })
    const input = document.querySelector<HTMLInputElement>('input[data-host-picker]')!
    expect(input.accept).toBe('image/*')
    const photo = new File(['x'], 'photo.jpg', { type: 'image/jpeg' })
    Object.defineProperty(input, 'files', { value: [photo] })
    input.dispatchEvent(new Event('change'))
    await expect(picked).resolves.toBe(photo)
    expect(document.querySelector('input[data-host-picker]')).toBeNull()
  })

  it('resolves with nothing when the person cancels the picker', async () => {
    const picked = host.pickImage()
    document.querySelector('input[data-host-picker]')!.dispatchEvent(new Event('cancel'))
    await expect(picked).resolves.toBeNull()
  })

  it('goes back in history, also as the home back action when no backUrl is stored', async () => {
    window.history.pushState({}, '', '/first')
    window.history.pushState({}, '', '/home')
    let popped = waitForPopState()
    host.goBack()
    await popped
    expect(window.location.pathname).toBe('/first')

    window.history.pushState({}, '', '/home')
    popped = waitForPopState()
    host.leaveHome()
    await popped
    expect(window.location.pathname).toBe('/first')
  })
})

describe('native functions of the app shell', () => {
  it('compresses through the shell, passing the size as kilobytes times 1024', async () => {
    const received = installShell(['compressImage'], () => 'data:image/jpeg;base64,c2hlbGw=')
    const big = new File([new Uint8Array(300 * 1024)], 'a.jpg', { type: 'image/jpeg' })
    await expect(host.compressImage(big, { maxKB: 50 })).resolves.toBe('data:image/jpeg;base64,c2hlbGw=')
    expect(received[0]!.method).toBe('compressImage')
    expect(received[0]!.args.maxBytes).toBe(51200)
  })

  it('hashes through the shell when it offers sha256, and in the browser when it does not', async () => {
    const received = installShell(['sha256'], () => 'from-shell')
    await expect(host.sha256('abc')).resolves.toBe('from-shell')
    expect(received[0]!.args).toEqual({ text: 'abc' })
    win.sealNativeCapabilities = ['goBack']
    await expect(host.sha256('abc')).resolves.toMatch(/^ba7816bf/)
  })

  it('turns the shell’s picked image into a file', async () => {
    installShell(['pickImage'], () => 'data:image/png;base64,iVBORw==')
    const file = await host.pickImage()
    expect(file?.type).toBe('image/png')
    expect(file?.size).toBe(4)
  })

  it('asks the shell to open the chat app', async () => {
    const received = installShell(['openChatApp'], () => null)
    host.openChatApp()
    await vi.waitFor(() => expect(received.map((call) => call.method)).toEqual(['openChatApp']))
    // Let the shell's answer arrive before the next test takes the bridge away.
    await new Promise((resolve) => setTimeout(resolve, 10))
  })
})

describe('closing the window', () => {
  it('does the screen’s own way on in a plain browser, and when the shell fails to close', async () => {
    const otherwise = vi.fn()
    host.closeWindow(otherwise)
    expect(otherwise).toHaveBeenCalledTimes(1)

    win.sealNativeCapabilities = ['closeWindow']
    win.sealNative = {
      postMessage(json: string) {
        const { id } = JSON.parse(json)
        setTimeout(() => (win.sealNativeReply as (id: string, reply: unknown) => void)(id, { ok: false, message: '无法关闭' }), 0)
      },
    }
    host.closeWindow(otherwise)
    await vi.waitFor(() => expect(otherwise).toHaveBeenCalledTimes(2))
  })
})

describe('home back action inside a mini-program', () => {
  it('tells the mini-program about the change and relaunches its index page', () => {
    const postMessage = vi.fn()
    const reLaunch = vi.fn()
    win.__wxjs_environment = 'miniprogram'
    win.wx = { miniProgram: { postMessage, reLaunch } }
    host.leaveHome()
    expect(postMessage).toHaveBeenCalledWith({ data: CHANGE_MESSAGE })
    expect(reLaunch).toHaveBeenCalledWith({ url: MINI_PROGRAM_INDEX })
  })
})
