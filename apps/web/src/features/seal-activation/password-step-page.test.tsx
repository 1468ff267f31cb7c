import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import { fakeApi, refused } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { ActivationPasswordPage } from './password-step-page.tsx'
import { waitingSeal } from './test-data.ts'

configure({ asyncUtilTimeout: 4000 })
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  Toast.clear()
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

const route = { path: '/seal-active/step-2', element: <ActivationPasswordPage /> }
const withRanId = { pathname: '/seal-active/step-2', state: { ranId: 'AC-ran', expiresAt: Date.now() + 600_000, seal: waitingSeal() } }
const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } })
const confirm = () => act(async () => fireEvent.click(screen.getByRole('button', { name: '确认激活' })))

describe('/seal-active/step-2: the new seal password', () => {
  it('checks the password with the shared rule before sending anything', async () => {
    const api = fakeApi({ 'POST /seal/activeSealNew': () => ({ resultStatus: '00', sealId: 'seal-1', status: '1' }) })
    renderScreen(withRanId, route)
    await screen.findByPlaceholderText('请输入印章密码')
    await confirm()
    expect(await screen.findByText('请输入印章密码', { selector: '.adm-form-item-feedback-error' })).toBeTruthy()
    type('请输入印章密码', '12345678')
    await confirm()
    expect(await screen.findByText('请输入6-16位密码（数字/字母/特殊符号任意两种）')).toBeTruthy()
    type('请输入印章密码', 'act2026ok')
    type('请再次输入印章密码', 'act2026no')
    await confirm()
    expect(await screen.findByText('两次密码不相等')).toBeTruthy()
    expect(api.to('POST /seal/activeSealNew')).toHaveLength(0)
  })

  it('activates with the ranId and says 电子印章已激活, then 查看印章 opens the seal', async () => {
    const api = fakeApi({ 'POST /seal/activeSealNew': () => ({ resultStatus: '00', sealId: 'seal-1', status: '1' }) })
    renderScreen(withRanId, route)
    await screen.findByPlaceholderText('请输入印章密码')
    type('请输入印章密码', 'act 2026ok')
    type('请再次输入印章密码', 'act2026ok')
    await confirm()
    expect(await screen.findByText('电子印章已激活')).toBeTruthy()
    expect(api.to('POST /seal/activeSealNew')[0]!.body).toEqual({
      ranId: 'AC-ran',
      socialCreditCode: '91110108MA01ABCDEN',
      newPin: 'act2026ok',
      sealCode: '110108000001',
      sealTypeCode: '01',
      sealId: 'seal-1',
    })
    fireEvent.click(screen.getByRole('button', { name: '查看印章' }))
    expect((await screen.findByTestId('location')).textContent).toBe('/seal-preview/company/seal-1')
  })

  it('goes back to step 1 when the ranId is spent or expired, and shows why', async () => {
    fakeApi({ 'POST /seal/activeSealNew': () => refused('身份核验已失效，请重新上传法定代表人身份证件') })
    const { router } = renderScreen(withRanId, route)
    await screen.findByPlaceholderText('请输入印章密码')
    type('请输入印章密码', 'act2026ok')
    type('请再次输入印章密码', 'act2026ok')
    await confirm()
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/seal-active/step-1?sealId=seal-1'))
    expect(await screen.findByText('身份核验已失效，请重新上传法定代表人身份证件')).toBeTruthy()
  })

  it('opened without step 1 (a reload, a typed address) asks for the ID card first', async () => {
    fakeApi({})
    renderScreen('/seal-active/step-2', route)
    expect(await screen.findByText('请先上传法定代表人身份证件')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '去上传' }))
    expect((await screen.findByTestId('location')).textContent).toBe('/seal-activate/list')
  })
})
