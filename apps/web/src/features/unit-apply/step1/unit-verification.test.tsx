import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { defaultRoutes, draftDetail, expectToast, fakeServer, renderWizard, resetScreen } from '../test-server.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const entry = '/new/seal/home?businessType=APPLY&applicatKind=OPERATOR_APPLY&id=app-9'
const verdict = (resultStatus: string, responseInfo: string, nextStep = '2', passed = resultStatus === '00') => ({
  resultStatus,
  responseInfo,
  data: { ranId: 'r-1', passed, nextStep },
})

describe('unit verification on 下一步 of step 1', () => {
  it('offers 返回检查 or 继续申请 on 40075 and, continuing, asks again for manual review and goes where the answer says', async () => {
    const server = fakeServer({
      ...defaultRoutes(),
      'GET /seal-apply/apply/detail': () => draftDetail(),
      'POST /apply/fourElementsOfEnterpriseVerification': (call) =>
        (call.body as { continueToManualReview?: boolean }).continueToManualReview
          ? verdict('40075', '已转人工审核', '2', false)
          : verdict('40075', '法定代表人信息与登记信息不一致'),
    })
    renderWizard(entry)
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }))
    expect(await screen.findByText('法定代表人信息与登记信息不一致')).toBeTruthy()
    expect(screen.getByText(/继续申请并上传申请表转人工审核/)).toBeTruthy()
    fireEvent.click(screen.getByText('返回检查'))
    await waitFor(() => expect(screen.getByText('下一步').closest('button')!.className).not.toContain('adm-button-loading'))
    expect(server.callsTo('/apply/fourElementsOfEnterpriseVerification')).toHaveLength(1)
    expect(screen.getByText('单位信息')).toBeTruthy()

    // A closing dialog lingers during its animation: the newest one is the last in the page.
    fireEvent.click(screen.getByText('下一步'))
    await waitFor(() => expect(screen.getAllByText('继续申请')).toHaveLength(2))
    fireEvent.click(screen.getAllByText('继续申请').at(-1)!)
    expect(await screen.findByText('上传印章图片')).toBeTruthy()
    const calls = server.callsTo('/apply/fourElementsOfEnterpriseVerification')
    expect(calls).toHaveLength(3)
    expect(calls[2]!.body).toMatchObject({ applyId: 'app-9', continueToManualReview: true })
  })

  it('says why any other verdict failed and stays on step 1', async () => {
    fakeServer({
      ...defaultRoutes(),
      'GET /seal-apply/apply/detail': () => draftDetail(),
      'POST /apply/fourElementsOfEnterpriseVerification': () => verdict('40001', '四要素验证失败：企业名称不匹配'),
    })
    renderWizard(entry)
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }))
    await expectToast('四要素验证失败：企业名称不匹配')
    expect(screen.getByRole('region', { name: '单位信息' })).toBeTruthy()
  })
})
