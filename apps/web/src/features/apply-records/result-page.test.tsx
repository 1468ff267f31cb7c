import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import type { UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import { unitApplicationForm } from '@seal/shared/api/unit-apply'
import { appConfig, fakeApi, legalRepresentative } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { ApplyResultPage } from './result-page.tsx'

const PATH = '/new/seal-result'

function detail(overrides: Partial<UnitApplicationDetail> = {}): UnitApplicationDetail {
  const form = unitApplicationForm.parse({ businessType: 'APPLY', applyType: 'LEGAL_APPLY' })
  return {
    ...form,
    id: 'app-1',
    unitName: '北京示例科技有限公司',
    legalPersonName: '张三',
    legalPersonIdentityNo: legalRepresentative.personCard,
    applyStatus: 'PENDING_REVIEW',
    legalPasswordSet: true,
    sealManagerPasswordSet: false,
    companyVerifyPass: true,
    companyVerifyReason: null,
    serialNo: null,
    faceSerialNo: null,
    signedFiles: [],
    failReason: null,
    failSealItems: [],
    successSealItems: [],
    mine: true,
    createTime: Date.parse('2026-03-02T00:00:00Z'),
    updateTime: Date.parse('2026-03-02T00:00:00Z'),
    submitTime: Date.parse('2026-03-02T01:30:00Z'),
    ...overrides,
  }
}

function serve(answer: () => UnitApplicationDetail, me = legalRepresentative) {
  return fakeApi({
    'POST /config/queryByIdentity': () => appConfig({ supportPhone: '400-123-4567' }),
    'GET /auth/me': () => me,
    'GET /seal-apply/apply/detail': () => answer(),
  })
}

const open = (search = '?id=app-1') => renderScreen(`${PATH}${search}`, { path: PATH, element: <ApplyResultPage /> })
const location = () => screen.findByTestId('location').then((element) => element.textContent)

beforeEach(() => localStorage.clear())
afterEach(() => {
  vi.useRealTimers()
  Toast.clear()
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('申请结果', () => {
  it.each([
    ['PENDING_REVIEW', '待审核', '预计1个工作日内出证'],
    ['PENDING_SIGN', '待签署', '等待法定代表人'],
    ['SEALING', '处理中', '已完成签署'],
    ['APPLY_SUCCESS', '申请通过', '电子印章已制作完成'],
    ['CANCELED', '已撤回', '申请已撤回'],
    ['LEGAL_REFUSED', '未签署，法人拒绝', null],
  ])('shows %s as %s', async (status, title, description) => {
    serve(() => detail({ applyStatus: status }))
    open()
    expect(await screen.findByText(title)).toBeTruthy()
    if (description) expect(screen.getByText((text) => text.includes(description))).toBeTruthy()
    expect(screen.getByText('北京示例科技有限公司')).toBeTruthy()
    expect(screen.getByText('2026-03-02 09:30（北京时间）')).toBeTruthy()
  })

  it('says manual review takes 1-2 working days when the unit was not verified online', async () => {
    serve(() => detail({ companyVerifyPass: false }))
    open()
    expect(await screen.findByText((text) => text.includes('1-2个工作日'))).toBeTruthy()
  })

  it('lists the seals made on success, by type name', async () => {
    serve(() =>
      detail({
        applyStatus: 'APPLY_SUCCESS',
        successSealItems: [
          { sealTypeCode: '01', sealName: '单位公章', sealId: 's1', failReason: null },
          { sealTypeCode: '99', sealName: '人事专用章', sealId: 's2', failReason: null },
        ],
      }),
    )
    open()
    const made = within(await screen.findByRole('region', { name: '已制作的印章' }))
    expect(made.getByText('单位公章')).toBeTruthy()
    expect(made.getByText('其他类型印章')).toBeTruthy()
    expect(made.getByText('人事专用章')).toBeTruthy()
  })

  it('shows why the application failed and why each seal failed', async () => {
    serve(() =>
      detail({
        applyStatus: 'APPLY_FAIL',
        failReason: '申请材料不完整',
        failSealItems: [
          { sealTypeCode: '01', sealName: '单位公章', sealId: null, failReason: '印模不清晰' },
          { sealTypeCode: '04', sealName: '合同专用章', sealId: null, failReason: '印章名称与执照不符' },
        ],
      }),
    )
    open()
    expect(await screen.findByText('申请失败')).toBeTruthy()
    expect(screen.getByText('失败原因：申请材料不完整')).toBeTruthy()
    const failed = within(screen.getByRole('region', { name: '未通过的印章' }))
    expect(failed.getByText('单位公章')).toBeTruthy()
    expect(failed.getByText('印模不清晰')).toBeTruthy()
    expect(failed.getByText('合同专用章')).toBeTruthy()
    expect(failed.getByText('印章名称与执照不符')).toBeTruthy()
  })

  it('tells the legal representative who refused 您已拒绝电子印章申请', async () => {
    serve(() => detail({ applyStatus: 'LEGAL_REFUSED', applyType: 'OPERATOR_APPLY', mine: false }))
    open()
    expect(await screen.findByText('您已拒绝电子印章申请')).toBeTruthy()
  })

  it('shows the customer-service line from the configuration', async () => {
    serve(() => detail())
    open()
    await screen.findByText('待审核')
    await waitFor(() => expect(document.querySelector('.apply-support-line')?.textContent).toBe('客服电话 400-123-4567（工作日 9:00-12:00，14:00-18:00）'))
  })

  it('asks again every 5 seconds while the application waits for review, and stops once it is decided', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let status = 'PENDING_REVIEW'
    const api = serve(() => detail({ applyStatus: status }))
    open()
    expect(await screen.findByText('待审核')).toBeTruthy()
    expect(api.to('GET /seal-apply/apply/detail')).toHaveLength(1)

    status = 'SEALING'
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(await screen.findByText('处理中')).toBeTruthy()
    status = 'APPLY_SUCCESS'
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(await screen.findByText('申请通过')).toBeTruthy()
    const asked = api.to('GET /seal-apply/apply/detail').length
    expect(asked).toBe(3)
    await act(() => vi.advanceTimersByTimeAsync(15000))
    expect(api.to('GET /seal-apply/apply/detail')).toHaveLength(asked)
  })

  it('申请记录 opens the record list on the operator tab for an operator application', async () => {
    serve(() => detail({ applyType: 'OPERATOR_APPLY' }))
    open()
    fireEvent.click(await screen.findByText('申请记录'))
    expect(await location()).toBe('/seal-apply/record-list')
    expect(localStorage.getItem('seal.applyRecordTab')).toBe('1')
  })

  it('申请记录 opens the legal-person tab for a legal representative application; 返回首页 goes home', async () => {
    localStorage.setItem('seal.applyRecordTab', '1')
    serve(() => detail())
    const { router } = open()
    fireEvent.click(await screen.findByText('申请记录'))
    expect(await location()).toBe('/seal-apply/record-list')
    expect(localStorage.getItem('seal.applyRecordTab')).toBe('0')
    await act(() => router.navigate(-1))
    fireEvent.click(await screen.findByText('返回首页'))
    expect(await location()).toBe('/home')
  })

  it('says 参数缺少申请编号 without an id', async () => {
    serve(() => detail())
    open('')
    expect(await screen.findByText('参数缺少申请编号')).toBeTruthy()
  })
})
