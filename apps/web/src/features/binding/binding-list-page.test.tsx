import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Dialog, Toast } from 'antd-mobile'
import type { BindableGroup, BindableSeal } from '@seal/shared/api/binding'
import { canvasesOnSkia, forgetSkiaCanvases, skia } from '../../../test/canvas.ts'
import { signOnConfirmSheet } from '../../../test/confirm-use-sheet.ts'
import { fakeApi, legalRepresentative, refused, type ApiHandler } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { BindingListPage } from './binding-list-page.tsx'

vi.setConfig({ testTimeout: 20_000 })
// Dialogs and popups load on first use and open with animations, slow on a busy machine.
configure({ asyncUtilTimeout: 8000 })

const PATH = '/binding-list'
const TOKEN = `${Date.now() + 1_800_000}.mac`

const seal = (id: string, overrides: Partial<BindableSeal> = {}): BindableSeal => ({
  id,
  sealName: `印章${id}`,
  sealCode: `code-${id}`,
  sealTypeCode: '04',
  sealPic: null,
  businessName: '北京示例科技有限公司',
  socialCreditCode: '91110000100000000A',
  unitTypeCode: '02',
  recordsNumber: `code-${id}`,
  lawPersonFlag: 0,
  useType: 2,
  status: '1',
  personName: '张三',
  personIdentity: '1101**********7777',
  role: 2,
  selection: 2,
  recordId: null,
  ...overrides,
})

function serve(groups: BindableGroup[], extra: Record<string, ApiHandler> = {}) {
  return fakeApi({
    'GET /auth/me': () => legalRepresentative,
    'POST /paas-composite-seal/sealBind/platform/token': () => ({ accessToken: TOKEN, expiresAt: Date.now() + 1_800_000, platformId: 'p1', clientName: '政府采购电子交易平台', platformType: '1' }),
    'POST /sealBind/queryCanBind': () => groups,
    'POST /sign/handwriting/save': () => ({ pass: true, verifyRes: { score: 0.9 }, compared: true, signatureId: 'sig-1', signatureFileId: 'f1', sampleCount: 5 }),
    'POST /paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo': (call) => ({ recordId: `r-${call.body.sealId}`, sealId: call.body.sealId, sealName: 'x', sealCode: 'c', sealTypeCode: '04', platformId: 'p1', clientName: '政府采购电子交易平台', bindState: 1, useType: 1, bindTime: 0 }),
    'POST /paas-composite-seal/sealBind/cancel': () => null,
    'POST /paas-composite-seal/sealBind/platform/config': () => [],
    ...extra,
  })
}

const open = () => renderScreen(`${PATH}?platformId=p1`, { path: PATH, element: <BindingListPage /> })
const location = () => screen.findByTestId('location').then((element) => element.textContent)
const submitButton = (text: string) => screen.findByRole('button', { name: text })
const row = (name: string) => screen.findByRole('button', { name: new RegExp(`^${name}，`) })

beforeEach(() => {
  if (skia) canvasesOnSkia()
})
afterEach(() => {
  Toast.clear()
  Dialog.clear()
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  forgetSkiaCanvases()
  sessionStorage.clear()
  document.body.innerHTML = ''
})

describe('选择印章 (/binding-list)', () => {
  it('groups the seals by company and refuses to submit before a seal is confirmed', async () => {
    serve([
      { businessName: '张三', socialCreditCode: null, list: [seal('n1', { sealTypeCode: '1000', businessName: '张三', socialCreditCode: null, role: 1, lawPersonFlag: 1 })] },
      { businessName: '北京示例科技有限公司', socialCreditCode: '91110000100000000A', list: [seal('u1'), seal('u2', { selection: 1, recordId: 'r0' })] },
    ])
    open()
    expect(await screen.findByText('绑定平台：政府采购电子交易平台')).toBeTruthy()
    expect(await screen.findByRole('region', { name: '张三（个人）' })).toBeTruthy()
    expect(within(screen.getByRole('region', { name: '北京示例科技有限公司' })).getAllByRole('button')).toHaveLength(2)
    expect((await row('印章u2')).textContent).toContain('已绑定')
    fireEvent.click(await submitButton('提交绑定(0/2)'))
    expect(await screen.findByText('请先选择绑定印章，完成用章确认')).toBeTruthy()
  })

  it('refuses a password that cannot be a seal password before asking the server', async () => {
    const api = serve([{ businessName: '北京示例科技有限公司', socialCreditCode: '91110000100000000A', list: [seal('u1')] }])
    open()
    fireEvent.click(await row('印章u1'))
    fireEvent.change(await screen.findByLabelText('用章密码'), { target: { value: 'ab1' } })
    fireEvent.click(screen.getByRole('button', { name: '确定' }))
    expect(await screen.findByText('请输入正确的用章密码（数字+字母组合）')).toBeTruthy()
    expect(api.to('POST /paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo')).toHaveLength(0)

    fireEvent.change(screen.getByLabelText('用章密码'), { target: { value: ' use 12345 ' } })
    fireEvent.click(screen.getByRole('button', { name: '确定' }))
    await waitFor(() => expect(api.to('POST /paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo')).toHaveLength(1))
    expect(api.to('POST /paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo')[0]!.body).toMatchObject({ id: 'p1', sealId: 'u1', password: 'use12345', accessToken: TOKEN })
    expect((await row('印章u1')).textContent).toContain('已选择')
  })

  it('shows the server’s refusal and leaves the seal unselected', async () => {
    serve([{ businessName: '北京示例科技有限公司', socialCreditCode: '91110000100000000A', list: [seal('u1')] }], {
      'POST /paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo': () => refused('用章密码错误，还可尝试4次'),
    })
    open()
    fireEvent.click(await row('印章u1'))
    fireEvent.change(await screen.findByLabelText('用章密码'), { target: { value: 'use12345' } })
    fireEvent.click(screen.getByRole('button', { name: '确定' }))
    expect(await screen.findByText('用章密码错误，还可尝试4次')).toBeTruthy()
    expect((await row('印章u1')).textContent).toContain('未选择')
  })

  it.skipIf(!skia)('confirms a handwriting seal with a signature, then asks before submitting with seals left', async () => {
    const api = serve([{ businessName: '北京示例科技有限公司', socialCreditCode: '91110000100000000A', list: [seal('u1', { useType: 1 }), seal('u2')] }])
    open()
    fireEvent.click(await row('印章u1'))
    await signOnConfirmSheet()
    await waitFor(() => expect(api.to('POST /paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo')).toHaveLength(1))
    expect(api.to('POST /sign/handwriting/save')[0]!.body).toMatchObject({ purpose: 'verify', name: '张三' })
    expect(api.to('POST /paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo')[0]!.body).toMatchObject({ sealId: 'u1', signatureId: 'sig-1' })
    expect((await row('印章u1')).textContent).toContain('已选择')

    fireEvent.click(await submitButton('提交绑定(1/2)'))
    const ask = await screen.findByRole('dialog')
    expect(ask.textContent).toContain('您有未绑定印章，是否确认提交')
    fireEvent.click(within(ask).getByRole('button', { name: '确定' }))
    expect(await location()).toBe('/binding-result/1')
  })

  it.skipIf(!skia)('does not bind when the signature is not recognised', async () => {
    const api = serve([{ businessName: '北京示例科技有限公司', socialCreditCode: '91110000100000000A', list: [seal('u1', { useType: 1 })] }], {
      'POST /sign/handwriting/save': () => ({ pass: false, verifyRes: { score: 0.3 }, compared: true, signatureId: 'sig-2', signatureFileId: 'f2', sampleCount: 5 }),
    })
    open()
    fireEvent.click(await row('印章u1'))
    await signOnConfirmSheet()
    expect(await screen.findByText('识别不通过')).toBeTruthy()
    expect(api.to('POST /paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo')).toHaveLength(0)
  })

  it('unselects a selected seal only after confirming and cancelling its binding with the password', async () => {
    const api = serve([{ businessName: '北京示例科技有限公司', socialCreditCode: '91110000100000000A', list: [seal('u1')] }])
    open()
    fireEvent.click(await row('印章u1'))
    fireEvent.change(await screen.findByLabelText('用章密码'), { target: { value: 'use12345' } })
    fireEvent.click(screen.getByRole('button', { name: '确定' }))
    expect(await submitButton('提交绑定(1/1)')).toBeTruthy()
    await waitFor(() => expect(document.querySelector('.binding-sheet')).toBeNull())

    fireEvent.click(await row('印章u1'))
    const ask = await screen.findByRole('dialog')
    fireEvent.click(within(ask).getByRole('button', { name: '取消选择' }))
    fireEvent.change(await screen.findByLabelText('用章密码'), { target: { value: 'use12345' } })
    fireEvent.click(screen.getByRole('button', { name: '确定' }))
    await waitFor(() => expect(api.to('POST /paas-composite-seal/sealBind/cancel')).toHaveLength(1))
    expect(api.to('POST /paas-composite-seal/sealBind/cancel')[0]!.body).toMatchObject({ id: 'r-u1', password: 'use12345' })
    expect(await submitButton('提交绑定(0/1)')).toBeTruthy()
  })
  it.skipIf(!skia)('unselects a handwriting-only manager’s seal after a signature, not a password', async () => {
    const api = serve([{ businessName: '北京示例科技有限公司', socialCreditCode: '91110000100000000A', list: [seal('u1', { useType: 1 })] }])
    open()
    fireEvent.click(await row('印章u1'))
    await signOnConfirmSheet()
    expect(await submitButton('提交绑定(1/1)')).toBeTruthy()
    await waitFor(() => expect(document.querySelector('.binding-sheet')).toBeNull())

    fireEvent.click(await row('印章u1'))
    const ask = await screen.findByRole('dialog')
    expect(ask.textContent).toContain('需验证手写签名')
    fireEvent.click(within(ask).getByRole('button', { name: '取消选择' }))
    await signOnConfirmSheet()
    await waitFor(() => expect(api.to('POST /paas-composite-seal/sealBind/cancel')).toHaveLength(1))
    expect(api.to('POST /paas-composite-seal/sealBind/cancel')[0]!.body).toMatchObject({ id: 'r-u1', signatureId: 'sig-1' })
    expect(await submitButton('提交绑定(0/1)')).toBeTruthy()
  })
})
