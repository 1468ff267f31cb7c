import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { renderScreen } from '../../../test/render-screen.tsx'
import { sealItem } from '../../../test/seal-item.ts'
import { SealCard } from './seal-card.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('a seal card waiting for activation (000 §2: cards with status 6 or 7 go to activation)', () => {
  it('offers 去激活, which opens step 1 of activation for this seal', async () => {
    renderScreen('/seal-preview-list/company', { path: '/seal-preview-list/:type', element: <SealCard seal={sealItem({ id: 'seal-9', status: '6' })} tab="company" /> })
    expect(screen.queryByRole('button', { name: '修改密码' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '去激活' }))
    expect((await screen.findByTestId('location')).textContent).toBe('/seal-active/step-1?sealId=seal-9')
  })

  it('sends a seal not made yet (7) to /seal-pending-active-no-make/step-1', async () => {
    renderScreen('/seal-preview-list/company', { path: '/seal-preview-list/:type', element: <SealCard seal={sealItem({ id: 'seal-7', status: '7' })} tab="company" /> })
    fireEvent.click(screen.getByRole('button', { name: '去激活' }))
    expect((await screen.findByTestId('location')).textContent).toBe('/seal-pending-active-no-make/step-1?sealId=seal-7')
  })
})
