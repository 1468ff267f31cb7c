import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { defaultRoutes, draftDetail, fakeServer, renderWizard, resetScreen } from '../../../../test/unit-apply-wizard.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const entry = '/new/seal/home?businessType=APPLY&applicatKind=OPERATOR_APPLY&id=app-9'

describe('单位注册地 from the credit code', () => {
  it('opens the wheel on the region the credit code names (digits 3-8: 110108 海淀区) when the field is empty', async () => {
    fakeServer({ ...defaultRoutes(), 'GET /seal-apply/apply/detail': () => draftDetail({ addr: [], socialCreditCode: '91110108MA01ABCDEN' }) })
    renderWizard(entry)
    fireEvent.click(await screen.findByText('请选择注册地'))
    await screen.findByText('选择注册地')
    fireEvent.click(screen.getByText('确定'))
    expect(await screen.findByText('北京市 / 北京市 / 海淀区')).toBeTruthy()
  })

  it('keeps a region already chosen, and starts anywhere when the code names no region', async () => {
    fakeServer({ ...defaultRoutes(), 'GET /seal-apply/apply/detail': () => draftDetail({ addr: ['广东省', '深圳市', '440305'], socialCreditCode: '91110108MA01ABCDEN' }) })
    renderWizard(entry)
    fireEvent.click(await screen.findByText('广东省 / 深圳市 / 南山区'))
    await screen.findByText('选择注册地')
    fireEvent.click(screen.getByText('确定'))
    await waitFor(() => expect(screen.getByText('广东省 / 深圳市 / 南山区')).toBeTruthy())
  })
})
