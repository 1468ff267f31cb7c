import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import { fakeApi } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { sealItem } from '../../../test/seal-item.ts'
import { NewPasswordPage } from './new-password-page.tsx'

vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  Toast.clear()
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

/** Sets a new password on the route and answers how long the screen waited before going back to the seal. */
async function changePassword(path: string, route: string, direct: boolean) {
  const api = fakeApi({ 'POST /seal/detail': () => sealItem(), 'POST /seal/editPinNew': () => null, 'POST /sealAuth/editPassword': () => null })
  renderScreen(path, { path: route, element: <NewPasswordPage direct={direct} /> })
  fireEvent.change(await screen.findByPlaceholderText('请输入新印章密码', {}, { timeout: 3000 }), { target: { value: 'abc12345' } })
  fireEvent.change(screen.getByPlaceholderText('请再次输入新印章密码'), { target: { value: 'abc12345' } })
  const timers = vi.spyOn(globalThis, 'setTimeout')
  const started = Date.now()
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })))
  expect(await screen.findByText('密码修改成功')).toBeTruthy()
  expect((await screen.findByTestId('location', {}, { timeout: 3000 })).textContent).toBe('/seal-preview/company/s1')
  const waited = Date.now() - started
  const waits = timers.mock.calls.map(([, ms]) => ms)
  return { api, waited, waits }
}

describe('设置新密码: back to the seal after 密码修改成功 (000 §9)', () => {
  it('on /seal-change-pass after 1000 ms', async () => {
    const { api, waited, waits } = await changePassword('/seal-change-pass/k1?sealId=s1', '/seal-change-pass/:key?', true)
    expect(api.to('POST /seal/editPinNew')[0]!.body).toMatchObject({ newPin: 'abc12345', key: 'k1' })
    expect(waits).toContain(1000)
    expect(waits).not.toContain(1500)
    expect(waited).toBeGreaterThanOrEqual(1000)
  })

  it('on step 2 after 1500 ms', async () => {
    const { api, waited, waits } = await changePassword('/seal-edit-password/step-2/k1?sealId=s1', '/seal-edit-password/step-2/:key?', false)
    expect(api.to('POST /sealAuth/editPassword')[0]!.body).toMatchObject({ password: 'abc12345', key: 'k1' })
    expect(waits).toContain(1500)
    expect(waited).toBeGreaterThanOrEqual(1500)
  })
})
