import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { fakeApi } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { SealConfirmPage } from './seal-confirm-page.tsx'
import { sealItem } from '../../../test/seal-item.ts'

const seal = sealItem({ role: 3 })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('/seal-comfirm/:type', () => {
  it('shows the unit, its code, the seal name and the validity, and leads to the detail', async () => {
    fakeApi({ 'POST /seal/detail': () => seal })
    renderScreen('/seal-comfirm/company?sealId=s1', { path: '/seal-comfirm/:type', element: <SealConfirmPage /> })
    expect(await screen.findByText('2026.03.02 至 2029.03.01')).toBeTruthy()
    expect(screen.getByText('91110108MA01ABCDEN')).toBeTruthy()
    expect(screen.getAllByText('示例科技有限公司合同专用章').length).toBeGreaterThan(0)
    fireEvent.click(screen.getByText('查看印章详情'))
    expect((await screen.findByTestId('location')).textContent).toBe('/seal-preview/company/s1')
  })
})
