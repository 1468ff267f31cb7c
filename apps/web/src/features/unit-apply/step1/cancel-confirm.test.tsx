import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { LoginInfo } from '@seal/shared/api/auth'
import { CREDIT_CODE, defaultRoutes, dialogOpenedBy, draftDetail, fakeServer, LEGAL_ID, location, renderWizard, resetScreen } from '../../../../test/unit-apply-wizard.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const legalLogin: LoginInfo = { kind: 'personal', personName: '李四', personCard: LEGAL_ID, cardKind: '111', phone: '139****9000', socialCreditCode: null, companyName: null, unitTypeCode: null, verified: true }
const unitSeal = (id: string, sealTypeCode: string, sealName: string, sealCode: string) => ({
  id,
  sealTypeCode,
  sealName,
  sealCode,
  status: '1',
  businessName: '北京某某科技有限公司',
  socialCreditCode: CREDIT_CODE,
  personName: '李四',
  personIdentity: '110***********0021',
})
const item = (sealId: string, sealTypeCode: string, sealName: string, sealCode: string) => ({
  _id: sealId,
  sealId,
  sealCode,
  sealName,
  sealTypeCode,
  sealTypeName: sealName,
  sealPic: '',
  originalFileId: '',
  errorCount: 0,
  manualReview: false,
})

describe('注销印章 by a verified legal representative (new wizard, CANCEL)', () => {
  it('shows what will be cancelled, each seal by name and code, and cancels only on 确认注销', async () => {
    const server = fakeServer({
      ...defaultRoutes(legalLogin),
      'GET /seal-apply/apply/detail': () =>
        draftDetail({
          businessType: 'CANCEL',
          applyType: 'LEGAL_APPLY',
          faceSerialNo: 'face-1',
          sealInfo: [item('s-01', '01', '北京某某科技有限公司', '1101080000001'), item('s-04', '04', '北京某某科技有限公司合同专用章', '1101080000004')],
        }),
      'POST /seal/queryGroupByBusiness': () => [
        {
          businessName: '北京某某科技有限公司',
          socialCreditCode: CREDIT_CODE,
          list: [unitSeal('s-01', '01', '北京某某科技有限公司', '1101080000001'), unitSeal('s-04', '04', '北京某某科技有限公司合同专用章', '1101080000004')],
        },
      ],
      'POST /apply/fourElementsOfEnterpriseVerification': () => ({ resultStatus: '00', responseInfo: '单位核验通过', data: { ranId: 'r-1', passed: true, nextStep: '2-2' } }),
      'POST /seal-apply/apply/submit': () => ({ id: 'app-9', applyStatus: 'APPLY_SUCCESS' }),
    })
    renderWizard('/new/seal/home?businessType=CANCEL&applicatKind=LEGAL_APPLY&id=app-9')
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }))

    const summary = within((await screen.findByRole('dialog')) as HTMLElement)
    expect(summary.getByText('北京某某科技有限公司')).toBeTruthy()
    expect(summary.getByText('1101080000001')).toBeTruthy()
    expect(summary.getByText('北京某某科技有限公司合同专用章')).toBeTruthy()
    expect(summary.getByText('1101080000004')).toBeTruthy()
    expect(summary.getByText(/不可恢复/)).toBeTruthy()
    // Not on 取消: nothing is submitted and the wizard stays.
    fireEvent.click(summary.getByText('取消'))
    await waitFor(() => expect(screen.getByText('下一步').closest('button')!.className).not.toContain('adm-button-loading'))
    expect(server.callsTo('/seal-apply/apply/submit')).toHaveLength(0)

    const again = await dialogOpenedBy(() => fireEvent.click(screen.getByRole('button', { name: '下一步' })))
    fireEvent.click(within(again).getByText('确认注销'))
    await waitFor(() => expect(server.callsTo('/seal-apply/apply/submit')).toHaveLength(1))
    await waitFor(() => expect(location()).toBe('/new/seal-result?id=app-9'))
  })
})
