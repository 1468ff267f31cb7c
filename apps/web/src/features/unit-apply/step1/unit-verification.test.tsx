import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { unitApplyMessages } from '@seal/shared/rules/unit-apply'
import { defaultRoutes, dialogOpenedBy, draftDetail, fakeServer, renderWizard, resetScreen } from '../../../../test/unit-apply-wizard.tsx'

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

    const again = await dialogOpenedBy(() => fireEvent.click(screen.getByText('下一步')))
    fireEvent.click(within(again).getByText('继续申请'))
    expect(await screen.findByText('上传印章图片')).toBeTruthy()
    const calls = server.callsTo('/apply/fourElementsOfEnterpriseVerification')
    expect(calls).toHaveLength(3)
    expect(calls[2]!.body).toMatchObject({ applyId: 'app-9', continueToManualReview: true })
  })

  it('after any other failed verdict offers 返回检查 or the upload of materials for manual review, without asking the check again', async () => {
    const server = fakeServer({
      ...defaultRoutes(),
      'GET /seal-apply/apply/detail': () => draftDetail(),
      'POST /apply/fourElementsOfEnterpriseVerification': () => verdict('40001', '四要素验证失败：企业名称不匹配', '1'),
    })
    renderWizard(entry)
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }))
    expect(await screen.findByText('四要素验证失败：企业名称不匹配')).toBeTruthy()
    expect(screen.getByText(unitApplyMessages.uploadMaterialsGuide)).toBeTruthy()
    fireEvent.click(screen.getByText('返回检查'))
    await waitFor(() => expect(screen.getByText('下一步').closest('button')!.className).not.toContain('adm-button-loading'))
    expect(screen.getByRole('region', { name: '单位信息' })).toBeTruthy()

    const again = await dialogOpenedBy(() => fireEvent.click(screen.getByText('下一步')))
    fireEvent.click(within(again).getByText(unitApplyMessages.uploadMaterials))
    expect(await screen.findByText('上传印章图片')).toBeTruthy()
    // The failed verdict is on record: the vendor is not asked again, the draft moves to seal setup.
    expect(server.callsTo('/apply/fourElementsOfEnterpriseVerification')).toHaveLength(2)
    expect(server.callsTo('/seal-apply/apply/temporary').at(-1)!.body).toMatchObject({ id: 'app-9', step: '2' })
  })

  it('on step 3-1 of an unverified application says the materials go to a reviewer', async () => {
    fakeServer({ ...defaultRoutes(), 'GET /seal-apply/apply/detail': () => draftDetail({ step: '3-1', companyVerifyPass: false, companyVerifyReason: '四要素验证失败：企业名称不匹配' }) })
    renderWizard(entry)
    expect(await screen.findByText(unitApplyMessages.materialsForReview)).toBeTruthy()
  })
})
