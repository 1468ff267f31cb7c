import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import { fakeApi } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { NewSealFlowPage } from './flow-guide-page.tsx'

function openGuide(query: string) {
  fakeApi({ 'GET /seal-apply/apply/agreement/list': () => [] })
  renderScreen(`/new/seal/flow?${query}`, { path: '/new/seal/flow', element: <NewSealFlowPage /> })
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('操作指引 (/new/seal/flow)', () => {
  it('titles each business in the wizard’s words: 电子印章找回, not 电子印章找回印章; 电子印章申请 for a new one', async () => {
    openGuide('businessType=RETRIEVE&applicatKind=LEGAL_APPLY')
    expect(await screen.findByText('电子印章找回 · 法定代表人办理')).toBeTruthy()
    cleanup()
    openGuide('businessType=APPLY&applicatKind=OPERATOR_APPLY')
    expect(await screen.findByText('电子印章申请 · 经办人办理')).toBeTruthy()
  })

  it('tells an operator the order the screens keep: the legal representative signs in 待办中心, then the platform reviews', async () => {
    openGuide('businessType=APPLY&applicatKind=OPERATOR_APPLY')
    const steps = within(await screen.findByRole('region', { name: '办理流程' }))
    const result = steps.getByText(/待办中心/).textContent!
    expect(result.indexOf('签署')).toBeLessThan(result.indexOf('审核'))
  })

  it('shows a legal representative 签署申请文件, the page he will see', async () => {
    openGuide('businessType=APPLY&applicatKind=LEGAL_APPLY')
    expect(await screen.findByText('3-1 签署申请文件')).toBeTruthy()
  })
})
