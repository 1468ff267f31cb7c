import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { fakeApi } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { sealItem } from '../../../test/seal-item.ts'
import { CancelSealPage } from './cancel-seal-page.tsx'

function openPage(role: number, overrides: Parameters<typeof sealItem>[0] = {}) {
  const api = fakeApi({ 'POST /seal/detail': () => sealItem({ role, ...overrides }) })
  renderScreen('/seal-off/s1', { path: '/seal-off/:sealId', element: <CancelSealPage /> })
  return api
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('注销印章 opened by its address', () => {
  it('shows the holder the password form', async () => {
    openPage(1)
    expect(await screen.findByPlaceholderText('请输入印章密码')).toBeTruthy()
  })

  it('tells an authorised user before any form that only the legal representative may cancel the seal', async () => {
    openPage(3)
    expect(await screen.findByText(/您是该印章的用章人，无权注销该印章/)).toBeTruthy()
    expect(screen.queryByPlaceholderText('请输入印章密码')).toBeNull()
    expect(screen.queryByRole('button', { name: '确认注销' })).toBeNull()
  })

  it('sends the manager of a unit seal to the cancellation application instead of the password form', async () => {
    openPage(2)
    expect(await screen.findByText(/印章管理员不能直接注销/)).toBeTruthy()
    expect(screen.queryByPlaceholderText('请输入印章密码')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '申请注销' }))
    expect((await screen.findByTestId('location')).textContent).toBe('/new/seal/home?businessType=CANCEL&applicatKind=OPERATOR_APPLY&sealId=s1')
  })

  it('tells the manager of a personal name seal that only its holder may cancel it', async () => {
    openPage(2, { sealTypeCode: '1000', sealName: '张三' })
    expect(await screen.findByText(/只有印章本人可以注销/)).toBeTruthy()
    expect(screen.queryByPlaceholderText('请输入印章密码')).toBeNull()
  })
})
