import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import type { BindRecord } from '@seal/shared/api/binding'
import { canvasesOnSkia, forgetSkiaCanvases, skia } from '../../../test/canvas.ts'
import { signOnConfirmSheet } from '../../../test/confirm-use-sheet.ts'
import { fakeApi, legalRepresentative, refused, type ApiHandler } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { BindingRecordPage } from './record-page.tsx'

vi.setConfig({ testTimeout: 20_000 })
// The password sheet loads and slides in with an animation, slow on a busy machine.
configure({ asyncUtilTimeout: 8000 })

const PATH = '/platform-binding-record'

const record = (overrides: Partial<BindRecord> = {}): BindRecord => ({
  id: 'r1',
  sealId: 's1',
  sealName: '张三的个人名章',
  sealTypeCode: '1000',
  platformId: 'p1',
  clientName: '示例对接平台',
  bindState: 1,
  createTime: Date.UTC(2026, 0, 5, 2),
  bindTime: Date.UTC(2026, 0, 5, 2),
  cancelTime: null,
  personName: '张三',
  useType: 2,
  bindPassword: '印章密码',
  cancelUseType: 2,
  canRebind: false,
  ...overrides,
})

/**
 * The records the server holds: in effect until 取消绑定 with the right proof ends it — the password, or
 * for a handwriting-only manager's record the signature the board saved (sig-1).
 */
function serve(first: Partial<BindRecord> = {}, extra: Record<string, ApiHandler> = {}) {
  let state: BindRecord = record(first)
  return fakeApi({
    'GET /auth/me': () => legalRepresentative,
    'POST /paas-composite-seal/sealBind/queryBindSealLogList': () => ({ list: [state], total: 1, currentPage: 1, pageSize: 10 }),
    'POST /sign/handwriting/save': () => ({ pass: true, verifyRes: { score: 0.9 }, compared: true, signatureId: 'sig-1', signatureFileId: 'f1', sampleCount: 5 }),
    'POST /paas-composite-seal/sealBind/cancel': (call) => {
      if (state.cancelUseType === 1 ? call.body.signatureId !== 'sig-1' : call.body.password !== 'bind2026') return refused('印章密码错误，还可尝试4次')
      state = record({ ...first, bindState: 0, cancelTime: Date.UTC(2026, 0, 6, 3), canRebind: true })
      return null
    },
    ...extra,
  })
}

const open = () => renderScreen(`${PATH}?sealId=s1`, { path: PATH, element: <BindingRecordPage /> })

async function cancelWith(password: string) {
  const sheet = (await screen.findByText('用章确认')).closest('.binding-sheet') as HTMLElement
  fireEvent.change(within(sheet).getByLabelText('印章密码'), { target: { value: password } })
  fireEvent.click(within(sheet).getByRole('button', { name: '确定' }))
}

beforeEach(() => {
  if (skia) canvasesOnSkia()
})
afterEach(() => {
  Toast.clear()
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  forgetSkiaCanvases()
  document.body.innerHTML = ''
})

describe('平台绑定记录 (/platform-binding-record)', () => {
  it('cancels a binding with the seal password and says so after the list shows it ended', async () => {
    const api = serve()
    open()
    const card = await screen.findByRole('article', { name: '示例对接平台 张三的个人名章' })
    expect(card.textContent).toContain('绑定中')
    fireEvent.click(within(card).getByRole('button', { name: '取消绑定' }))
    await cancelWith('wrong2026')
    expect(await screen.findByText('印章密码错误，还可尝试4次')).toBeTruthy()
    await cancelWith('bind2026')
    expect(await within(card).findByText('已失效')).toBeTruthy()
    expect(within(card).getByText('失效时间')).toBeTruthy()
    expect(api.to('POST /paas-composite-seal/sealBind/cancel').map((call) => call.body)).toEqual([
      expect.objectContaining({ id: 'r1', password: 'wrong2026' }),
      expect.objectContaining({ id: 'r1', password: 'bind2026' }),
    ])
    // The success stays on screen once the list has refreshed, for its two seconds (a toast cleared fades
    // out within about 300 ms); the earlier refusal does not.
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(screen.queryByText('取消绑定成功')).toBeTruthy()
    expect(screen.queryByText('印章密码错误，还可尝试4次')).toBeNull()
    expect(within(card).getByRole('button', { name: '重新绑定' })).toBeTruthy()
  })
  it.skipIf(!skia)('cancels a handwriting-only manager’s binding with a signature, not a password', async () => {
    const api = serve({ personName: '李四', useType: 1, bindPassword: '用章密码', cancelUseType: 1, sealName: '合同专用章', sealTypeCode: '04' })
    open()
    const card = await screen.findByRole('article', { name: '示例对接平台 合同专用章' })
    fireEvent.click(within(card).getByRole('button', { name: '取消绑定' }))
    await signOnConfirmSheet()
    await waitFor(() => expect(api.to('POST /paas-composite-seal/sealBind/cancel')).toHaveLength(1))
    expect(screen.queryByLabelText('用章密码')).toBeNull()
    expect(api.to('POST /sign/handwriting/save')[0]!.body).toMatchObject({ purpose: 'verify' })
    expect(api.to('POST /paas-composite-seal/sealBind/cancel')[0]!.body).toEqual(expect.objectContaining({ id: 'r1', signatureId: 'sig-1' }))
    expect(api.to('POST /paas-composite-seal/sealBind/cancel')[0]!.body).not.toHaveProperty('password')
    expect(await within(card).findByText('已失效')).toBeTruthy()
    expect(await screen.findByText('取消绑定成功')).toBeTruthy()
  })

  it.skipIf(!skia)('keeps the binding when the signature is not recognised', async () => {
    const api = serve(
      { useType: 1, bindPassword: '用章密码', cancelUseType: 1 },
      { 'POST /sign/handwriting/save': () => ({ pass: false, verifyRes: { score: 0.3 }, compared: true, signatureId: 'sig-2', signatureFileId: 'f2', sampleCount: 5 }) },
    )
    open()
    const card = await screen.findByRole('article', { name: '示例对接平台 张三的个人名章' })
    fireEvent.click(within(card).getByRole('button', { name: '取消绑定' }))
    await signOnConfirmSheet()
    expect(await screen.findByText('识别不通过')).toBeTruthy()
    expect(api.to('POST /paas-composite-seal/sealBind/cancel')).toHaveLength(0)
    expect(card.textContent).toContain('绑定中')
  })

  it('asks the holder for the seal password even on a record a handwriting manager made', async () => {
    serve({ personName: '李四', useType: 1, bindPassword: '印章密码', cancelUseType: 2 })
    open()
    const card = await screen.findByRole('article', { name: '示例对接平台 张三的个人名章' })
    expect(card.textContent).toContain('李四')
    fireEvent.click(within(card).getByRole('button', { name: '取消绑定' }))
    await cancelWith('bind2026')
    expect(await within(card).findByText('已失效')).toBeTruthy()
  })
})
