import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { appConfig, fakeApi, legalRepresentative } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { emptySeal, readOlderDraft } from './older-draft.ts'
import { OlderStep41Page } from './step4-1-page.tsx'
import { expectToast, resetScreen, storeDraft } from './test-support.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

describe('older wizard step 4-1 确认印章编码', () => {
  it('asks each type without one record whether a physical seal exists, looks a code up, then goes to step 4', async () => {
    storeDraft({ applyId: 'app-1', ranId: 'EV-1', seals: [{ ...emptySeal('01', '单位公章'), records: 0 }, { ...emptySeal('02', '财务专用章'), records: 2 }, { ...emptySeal('04', '合同专用章'), records: 1 }] })
    const api = fakeApi({
      'GET /auth/me': () => legalRepresentative,
      'POST /config/queryByIdentity': () => appConfig(),
      'POST /seal/queryMake': (call) => (call.body.sealCode === 'F-2' ? [{ sealId: 's', sealTypeCode: '02', sealTypeName: '财务专用章', sealName: '示例科技有限公司财务专用章', sealCode: 'F-2', status: '2', personName: '李四', unitAdminNum: '', businessName: '示例科技有限公司', personIdentity: '', extraMark: '' }] : []),
    })
    renderScreen('/seal-apply/step-4-1/3', { path: '/seal-apply/step-4-1/:changeTypes', element: <OlderStep41Page /> })
    // One record of its type: nothing to ask.
    expect(await screen.findByRole('region', { name: '单位公章' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: '合同专用章' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast('请确认是否有实体印章编码')

    const official = screen.getByRole('region', { name: '单位公章' })
    fireEvent.click(within(official).getByText('无实体印章编码'))
    const finance = screen.getByRole('region', { name: '财务专用章' })
    fireEvent.click(within(finance).getByText('有实体印章编码'))
    fireEvent.click(within(finance).getByRole('button', { name: '查询' }))
    await expectToast('请输入印章编码进行查询')
    fireEvent.change(within(finance).getByLabelText('财务专用章印章编码', { selector: 'input' }), { target: { value: 'X-1' } })
    fireEvent.click(within(finance).getByRole('button', { name: '查询' }))
    expect(await screen.findByText('未查询到印章')).toBeTruthy()
    expect(screen.getByText('请确认企业信息或实体印章编码是否正确')).toBeTruthy()
    fireEvent.click(screen.getByText('我知道了'))
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast('请先查询并确认实体印章编码')
    fireEvent.change(within(finance).getByLabelText('财务专用章印章编码', { selector: 'input' }), { target: { value: 'F-2' } })
    fireEvent.click(within(finance).getByRole('button', { name: '查询' }))
    expect(await screen.findByText('已确认印章编码：F-2')).toBeTruthy()
    expect(api.to('POST /seal/queryMake').at(-1)!.body).toMatchObject({ carrierTypeCode: 1, socialCreditCode: '91110108MA01ABCDEN', sealCode: 'F-2' })
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/seal-apply/step-4/3')
    expect(readOlderDraft().seals.map((seal) => [seal.sealTypeCode, seal.physical, seal.sealCode])).toEqual([
      ['01', 'no', ''],
      ['02', 'yes', 'F-2'],
      ['04', '', ''],
    ])
  })
})
