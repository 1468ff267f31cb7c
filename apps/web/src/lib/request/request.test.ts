import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import { getToken, sessionKeys, setToken } from '../session/session.ts'
import { RequestError, SESSION_LOST_EVENT, apiLink, get, getBlob, post } from './request.ts'

// fetch is the browser's boundary: these tests answer it the way our server (or a gateway) would.
type Answer = { status?: number; body?: unknown; contentType?: string; delayMs?: number }
let calls: { url: string; init: RequestInit }[] = []

function answerWith(answer: Answer | ((url: string, init: RequestInit) => Answer)) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init })
      const { status = 200, body = { resultStatus: '00', responseInfo: '操作成功', data: null }, contentType = 'application/json', delayMs = 0 } =
        typeof answer === 'function' ? answer(url, init) : answer
      return new Promise<Response>((resolve, reject) => {
        const timer = setTimeout(() => {
          const payload = typeof body === 'string' ? body : JSON.stringify(body)
          resolve(new Response(payload, { status, headers: { 'content-type': contentType } }))
        }, delayMs)
        init.signal?.addEventListener('abort', () => {
          clearTimeout(timer)
          reject(new DOMException('aborted', 'AbortError'))
        })
      })
    }),
  )
}

const toastTexts = () => [...document.querySelectorAll('.adm-toast-main')].map((node) => node.textContent)
/** antd-mobile renders a toast in its own React root, a moment after it is asked to. */
const findToast = (text: string) => screen.findByText(text, { selector: '.adm-toast-main *, .adm-toast-main' })

beforeEach(() => {
  calls = []
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  Toast.clear()
})

describe('request headers and parameters', () => {
  it('sends the bearer token, application id, origin and the extra headers kept in session storage', async () => {
    setToken('t-1')
    sessionStorage.setItem(sessionKeys.extraHeaders, JSON.stringify({ 'x-tenant': 'gz' }))
    answerWith({})
    await post('/auth/me', {})
    const headers = calls[0]!.init.headers as Record<string, string>
    expect(headers.authorization).toBe('Bearer t-1')
    expect(headers['x-application-id']).toBe('e-seal-h5')
    expect(headers['x-origin']).toBe(window.location.origin)
    expect(headers['x-tenant']).toBe('gz')
  })

  it('puts common parameters in the query for GET and in the body otherwise', async () => {
    sessionStorage.setItem(sessionKeys.commonParams, JSON.stringify({ enterpriseId: 'e9' }))
    answerWith({})
    await get('/seal-apply/region/list', { level: 2 })
    await post('/seal/list', { page: 1 })
    expect(calls[0]!.url).toBe('/api/seal-apply/region/list?enterpriseId=e9&level=2')
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({ enterpriseId: 'e9', page: 1 })
  })

  it('upper-cases citizen IDs and credit codes anywhere in a JSON payload, but not in form data', async () => {
    answerWith({})
    await post('/x', { person: { personIdentity: '11010519491231002x' }, codes: ['91110108ma01abcden'] })
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ person: { personIdentity: '11010519491231002X' }, codes: ['91110108MA01ABCDEN'] })
    const form = new FormData()
    form.append('personIdentity', '11010519491231002x')
    await post('/y', form)
    expect((calls[1]!.init.body as FormData).get('personIdentity')).toBe('11010519491231002x')
  })
})

describe('answers', () => {
  it('resolves with data on resultStatus 00, and on an answer with only code 200', async () => {
    answerWith({ body: { resultStatus: '00', data: { a: 1 } } })
    await expect(post('/a')).resolves.toEqual({ a: 1 })
    answerWith({ body: { code: 200, data: [2] } })
    await expect(post('/b')).resolves.toEqual([2])
  })

  it('rejects a business failure with its code and shows its message as a toast', async () => {
    answerWith({ body: { code: '40002', msg: '参数不完整' } })
    const error = await post('/a').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RequestError)
    expect(error).toMatchObject({ kind: 'business', code: '40002', message: '参数不完整' })
    expect(await findToast('参数不完整')).toBeTruthy()
  })

  it('shows no toast when the caller asks for silence', async () => {
    answerWith({ body: { resultStatus: '10000', responseInfo: '失败了' } })
    await expect(post('/a', {}, { silent: true })).rejects.toMatchObject({ code: '10000' })
    expect(toastTexts()).not.toContain('失败了')
  })

  it('on 401 (business code or HTTP) forgets the token, says the service is disconnected and signals the shell', async () => {
    for (const answer of [{ body: { resultStatus: '401', responseInfo: 'x' } }, { status: 401, body: { resultStatus: '401' } }]) {
      setToken('gone')
      const lost = vi.fn()
      window.addEventListener(SESSION_LOST_EVENT, lost)
      answerWith(answer)
      await expect(get('/auth/me')).rejects.toMatchObject({ kind: 'unauthorized' })
      expect(getToken()).toBeNull()
      expect(await findToast('服务已断开，请退出后重新打开')).toBeTruthy()
      expect(lost).toHaveBeenCalledOnce()
      window.removeEventListener(SESSION_LOST_EVENT, lost)
      Toast.clear()
      await waitFor(() => expect(toastTexts()).toEqual([]))
    }
  })

  it('says 服务器异常，请稍后再试 on HTTP 500 and when no answer comes', async () => {
    answerWith({ status: 500, body: 'boom', contentType: 'text/plain' })
    await expect(post('/a')).rejects.toMatchObject({ kind: 'server', message: '服务器异常，请稍后再试' })
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))
    await expect(post('/b')).rejects.toMatchObject({ kind: 'network', message: '服务器异常，请稍后再试' })
  })

  it('rejects HTTP 400 with the answer data', async () => {
    answerWith({ status: 400, body: { resultStatus: '400', responseInfo: '请求格式错误', data: { field: 'x' } } })
    await expect(post('/a')).rejects.toMatchObject({ kind: 'http', code: '400', data: { resultStatus: '400', responseInfo: '请求格式错误', data: { field: 'x' } } })
  })

  it('shows a rate-limit refusal (HTTP 429 with the envelope) like any refusal', async () => {
    answerWith({ status: 429, body: { resultStatus: '429', responseInfo: '操作过于频繁，请稍后再试', data: null } })
    await expect(post('/auth/sms/send', { phone: '13800000001' })).rejects.toMatchObject({ kind: 'business', code: '429' })
    expect(await findToast('操作过于频繁，请稍后再试')).toBeTruthy()
  })

  it('gives up after the timeout with 程序超时请重试', async () => {
    answerWith({ delayMs: 200 })
    await expect(post('/slow', {}, { timeout: 20 })).rejects.toMatchObject({ kind: 'timeout', message: '程序超时请重试' })
  })

  it('reports a cancelled request without a toast', async () => {
    answerWith({ delayMs: 200 })
    const controller = new AbortController()
    const pending = post('/slow', {}, { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' })
    expect(toastTexts()).not.toContain('请求已取消')
  })

  it('returns file bytes as a Blob, and treats an envelope instead of bytes as a failure', async () => {
    answerWith({ body: '%PDF-1.7', contentType: 'application/pdf' })
    const blob = await getBlob('/configs/operation/manual')
    expect(await blob.text()).toBe('%PDF-1.7')
    answerWith({ body: { resultStatus: '404', responseInfo: '文件ID不存在' } })
    await expect(getBlob('/configs/operation/manual', undefined, { silent: true })).rejects.toMatchObject({ code: '404' })
  })
})

describe('duplicate protection', () => {
  it('rejects an identical request while the first is in flight with 请求重复, and allows it again afterwards', async () => {
    answerWith({ delayMs: 30 })
    const first = post('/seal/revokeNew', { id: 1 })
    await expect(post('/seal/revokeNew', { id: 1 })).rejects.toMatchObject({ kind: 'duplicate', message: '请求重复' })
    await expect(post('/seal/revokeNew', { id: 2 })).resolves.toBeNull()
    await first
    await expect(post('/seal/revokeNew', { id: 1 })).resolves.toBeNull()
  })

  it('lets the four exempt paths run twice at once', async () => {
    answerWith({ delayMs: 20 })
    await expect(Promise.all([get('/seal-apply/seal/config'), get('/seal-apply/seal/config')])).resolves.toEqual([null, null])
    await expect(Promise.all([post('/seal/queryGroupByBusiness', {}), post('/seal/queryGroupByBusiness', {})])).resolves.toHaveLength(2)
  })
})

describe('links the server hands out', () => {
  afterEach(() => {
    delete (globalThis as { SEAL_RUNTIME_CONFIG?: unknown }).SEAL_RUNTIME_CONFIG
  })

  it('opens a seal picture link under the configured API base, and leaves other links alone', () => {
    const link = '/api/seal/picture/f1?access_token=1.abc'
    expect(apiLink(link)).toBe(link)
    ;(globalThis as { SEAL_RUNTIME_CONFIG?: unknown }).SEAL_RUNTIME_CONFIG = { api: 'https://gw.example/seal-service' }
    expect(apiLink(link)).toBe('https://gw.example/seal-service/seal/picture/f1?access_token=1.abc')
    expect(apiLink('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
  })
})
