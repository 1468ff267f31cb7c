import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import { fakeApi, refused } from '../../../test/fake-api.ts'
import { FaceCheck } from '../face-capture/face-check.tsx'
import { GovFaceResultTimeout, waitForFaceResult } from '../../lib/gov-app/ykb.ts'

const person = { idCardNo: '110101199003071233', realName: '张三' }
const GOV_APP_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile GovServiceApp/3.2'

type AppWindow = Window & {
  govServiceNative?: unknown
  govServiceNativeReply?: (id: string, reply: unknown) => void
  SEAL_RUNTIME_CONFIG?: unknown
}
const win = window as AppWindow

/** The government app's bridge: answers each call as `answers[method]` says, a moment later. */
function governmentAppBridge(answers: Record<string, (args: Record<string, string>) => unknown>) {
  const received: { method: string; args: Record<string, string> }[] = []
  win.govServiceNative = {
    postMessage: (json: string) => {
      const { id, method, args } = JSON.parse(json) as {
        id: string
        method: string
        args: Record<string, string>
      }
      received.push({ method, args })
      setTimeout(() => win.govServiceNativeReply!(id, answers[method]!(args)), 5)
    },
  }
  return received
}

/** The server: a token, a ticket, then the results in order (the last repeats). */
function server(...results: object[]) {
  let asked = 0
  return fakeApi({
    'GET /ykb/token': () => ({ jsapiToken: 'jsapi-1' }),
    'POST /ykb/face/ticket': () => ({ ticket: 'ticket-1', expiresAt: Date.now() + 300_000 }),
    'POST /ykb/face/result': () => results[Math.min(asked++, results.length - 1)],
    'POST /dev/ykb/auth-code': () => ({ authCode: 'sandbox-code' }),
    'POST /dev/ykb/face/capture': () => null,
  })
}

beforeEach(() => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(GOV_APP_UA)
})
afterEach(() => {
  // A toast still up would be updated in place, in a body emptied below.
  Toast.clear()
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  delete win.govServiceNative
  delete win.SEAL_RUNTIME_CONFIG
  document.body.innerHTML = ''
})

describe('the face check inside the government service app', () => {
  it("runs through the app: its code for its user, a ticket for the person's own identity, its face screen, then the result each second", async () => {
    const bridge = governmentAppBridge({
      getAuthCode: () => ({ ok: true, result: 'app-code' }),
      startFace: () => ({ ok: true, result: null }),
    })
    const api = server(
      { status: 'PENDING', msg: '人脸核验结果查询中' },
      { status: 'SUCCESS', msg: '人脸核验通过', serialNo: 'serial-1' },
    )
    const onPassed = vi.fn()
    render(<FaceCheck person={person} onPassed={onPassed} />)
    fireEvent.click(screen.getByRole('button', { name: '开始人脸识别' }))
    expect(await screen.findByText('正在获取人脸核验结果')).toBeTruthy()
    await waitFor(() => expect(onPassed).toHaveBeenCalledWith('serial-1'), { timeout: 3000 })
    expect(bridge).toEqual([
      { method: 'getAuthCode', args: { jsapiToken: 'jsapi-1' } },
      { method: 'startFace', args: { ticket: 'ticket-1' } },
    ])
    expect(api.to('POST /ykb/face/ticket')[0]!.body).toMatchObject({
      authCode: 'app-code',
      identityType: '111',
      personIdentity: person.idCardNo,
    })
    expect(api.to('POST /ykb/face/result')).toHaveLength(2)
    // No camera of ours: the app took the face.
    expect(screen.queryByLabelText('摄像头画面')).toBeNull()
  })

  it('shows a FAILED msg and lets the person start again; a cancelled face screen says 人脸识别已取消', async () => {
    let cancel = false
    governmentAppBridge({
      getAuthCode: () => ({ ok: true, result: 'app-code' }),
      startFace: () => (cancel ? { ok: false, cancelled: true } : { ok: true, result: null }),
    })
    server({ status: 'FAILED', msg: '活体检测未通过', serialNo: 'serial-2' })
    const onPassed = vi.fn()
    render(<FaceCheck person={person} onPassed={onPassed} />)
    fireEvent.click(screen.getByRole('button', { name: '开始人脸识别' }))
    expect((await screen.findAllByText('活体检测未通过')).length).toBeGreaterThan(0)
    cancel = true
    fireEvent.click(await screen.findByRole('button', { name: '重新识别' }))
    expect((await screen.findAllByText('人脸识别已取消')).length).toBeGreaterThan(0)
    expect(onPassed).not.toHaveBeenCalled()
  })

  it("says the server's refusal of the ticket and offers to start again", async () => {
    governmentAppBridge({
      getAuthCode: () => ({ ok: true, result: 'someone-elses-code' }),
      startFace: () => ({ ok: true, result: null }),
    })
    fakeApi({
      'GET /ykb/token': () => ({ jsapiToken: 'jsapi-1' }),
      'POST /ykb/face/ticket': () => refused('政务服务应用的登录账号与当前登录人不一致'),
    })
    render(<FaceCheck person={person} onPassed={vi.fn()} />)
    fireEvent.click(screen.getByRole('button', { name: '开始人脸识别' }))
    expect((await screen.findAllByText('政务服务应用的登录账号与当前登录人不一致')).length).toBeGreaterThan(0)
    expect(await screen.findByRole('button', { name: '重新识别' })).toBeTruthy()
  })

  it("in the sandbox, takes the face with the page's own camera for the stand-in app", async () => {
    win.SEAL_RUNTIME_CONFIG = { govFaceSandbox: true }
    const api = server({ status: 'SUCCESS', msg: '人脸核验通过', serialNo: 'serial-3' })
    const onPassed = vi.fn()
    render(<FaceCheck person={person} onPassed={onPassed} />)
    fireEvent.click(screen.getByRole('button', { name: '开始人脸识别' }))
    expect(await screen.findByText('沙箱环境：由本页摄像头代替政务服务应用采集人脸')).toBeTruthy()
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' })
    fireEvent.change(screen.getByLabelText('选择照片'), { target: { files: [photo] } })
    await waitFor(() => expect(onPassed).toHaveBeenCalledWith('serial-3'))
    expect(api.to('POST /dev/ykb/auth-code')[0]!.body).toMatchObject({ jsapiToken: 'jsapi-1' })
    expect(api.to('POST /dev/ykb/face/capture')[0]!.body).toMatchObject({
      ticket: 'ticket-1',
      image: expect.stringMatching(/^data:image\/jpeg;base64,/),
    })
  })

  it('outside the government app, or inside it with neither its bridge nor the sandbox, takes the selfie itself', () => {
    render(<FaceCheck person={person} onPassed={vi.fn()} />)
    expect(screen.queryByRole('button', { name: '开始人脸识别' })).toBeNull()
    expect(screen.getByLabelText('选择照片')).toBeTruthy()
  })
})

describe('waiting for the government-app face result', () => {
  it('gives up when the result is still pending at the end of the wait', async () => {
    const api = server({ status: 'PENDING', msg: '人脸核验处理中' })
    await expect(waitForFaceResult('ticket-1', { pollEveryMs: 10, timeoutMs: 50 })).rejects.toBeInstanceOf(
      GovFaceResultTimeout,
    )
    expect(api.to('POST /ykb/face/result').length).toBeGreaterThanOrEqual(3)
  })
})
