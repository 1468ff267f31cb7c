import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import type { ApplyLogAnswer } from '@seal/shared/api/older-apply'
import { appConfig, fakeApi, legalRepresentative } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { OlderStep5Page } from './step5-page.tsx'
import { resetScreen } from './test-support.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const LOG = 'GET /seal/queryLogById/app-1'
const start = Date.parse('2026-03-02T02:00:00Z')
const log = (patch: Partial<ApplyLogAnswer> = {}): ApplyLogAnswer => ({
  id: 'app-1',
  applyStatus: 0,
  failReason: null,
  feedbackTime: null,
  certStartTime: null,
  certEndTime: null,
  sealTypeCode: '01,04',
  businessName: '示例科技有限公司',
  socialCreditCode: '91110108MA01ABCDEN',
  timestamp: Date.parse('2026-03-02T01:30:00Z'),
  personIdentity: '3101***4562',
  personName: '李四',
  unitAdminNum: '110108',
  unitTypeCode: '02',
  applyType: 1,
  sealPic: null,
  sealCode: '',
  seals: [],
  failSeals: [],
  ...patch,
})
const made = log({
  applyStatus: 1,
  certStartTime: start,
  certEndTime: Date.parse('2029-03-02T02:00:00Z'),
  seals: [{ sealId: 's-1', sealName: '示例科技有限公司', sealTypeCode: '01', sealTypeName: '单位公章', sealCode: '1101080000001', certStartTime: start, certEndTime: Date.parse('2029-03-02T02:00:00Z'), sealPic: '/api/seal/picture/f?access_token=t' }],
  failSeals: [{ sealTypeCode: '04', sealName: '示例科技有限公司合同专用章', failReason: '印模不清晰' }],
})

function serve(answers: { current: ApplyLogAnswer }) {
  return fakeApi({
    'GET /auth/me': () => legalRepresentative,
    'POST /config/queryByIdentity': () => appConfig({ supportPhone: '400-123-4567' }),
    [LOG]: () => answers.current,
    'POST /seal/querySealInfoNew': () => ({ ...made.seals[0], id: 's-9', status: '1', useType: '2', businessName: '示例科技有限公司', socialCreditCode: '91110108MA01ABCDEN', personName: '李四', personIdentity: '3101***4562', role: 1, failureReason: null, revokePerson: null, blnWillExpires: false, canRenewal: true }),
  })
}
const open = (path: string) => renderScreen(path, { path: '/seal-apply/step-5/:flag/:logId', element: <OlderStep5Page /> })

describe('older wizard result page /seal-apply/step-5/{flag}/{logId}', () => {
  it('with flag 2 asks again every 5 seconds while waiting, and stops once the seals are made', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const answers = { current: log() }
    const api = serve(answers)
    open('/seal-apply/step-5/2/app-1')
    expect(await screen.findByText('等待处理')).toBeTruthy()
    expect(screen.getByText('您的申请已提交，正在等待平台审核，预计1个工作日内完成制章')).toBeTruthy()
    expect(screen.getByText('单位公章、合同专用章')).toBeTruthy()
    expect(screen.getByText('页面每5秒自动刷新审核结果')).toBeTruthy()
    expect(api.to(LOG)).toHaveLength(1)

    await vi.advanceTimersByTimeAsync(4999)
    expect(api.to(LOG)).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await waitFor(() => expect(api.to(LOG)).toHaveLength(2))
    expect(screen.getByText('等待处理')).toBeTruthy()

    answers.current = made
    await vi.advanceTimersByTimeAsync(5000)
    expect(await screen.findByText('申请成功')).toBeTruthy()
    expect(api.to(LOG)).toHaveLength(3)
    expect(screen.getByText('2026.03.02 - 2029.03.02')).toBeTruthy()
    expect(screen.getByRole('img', { name: '示例科技有限公司印章图片' })).toBeTruthy()
    expect(screen.getByText('印模不清晰', { exact: false })).toBeTruthy()
    // Decided: no more asking.
    await vi.advanceTimersByTimeAsync(20_000)
    expect(api.to(LOG)).toHaveLength(3)
    fireEvent.click(screen.getByRole('button', { name: '查看我的印章' }))
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/seal-preview-list/company')
  })

  it('refreshes by hand; with flag 3 it asks once and does not poll', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const answers = { current: log() }
    const api = serve(answers)
    open('/seal-apply/step-5/3/app-1')
    expect(await screen.findByText('等待处理')).toBeTruthy()
    expect(screen.queryByText('页面每5秒自动刷新审核结果')).toBeNull()
    await vi.advanceTimersByTimeAsync(15_000)
    expect(api.to(LOG)).toHaveLength(1)
    vi.useRealTimers()
    fireEvent.click(screen.getByRole('button', { name: '刷新' }))
    await waitFor(() => expect(api.to(LOG)).toHaveLength(2))
    expect(await screen.findByText('刷新成功')).toBeTruthy()
  })

  it('shows a failure with its reason and when the platform answered; 重新申请 starts step 1 from it', async () => {
    const answers = { current: log({ applyStatus: 2, failReason: '申请表未盖章', feedbackTime: Date.parse('2026-03-02T06:05:09Z') }) }
    serve(answers)
    open('/seal-apply/step-5/2/app-1')
    expect(await screen.findByText('申请失败')).toBeTruthy()
    expect(screen.getByText('申请表未盖章')).toBeTruthy()
    expect(screen.getByText('2026-03-02 14:05:09')).toBeTruthy()
    expect(await screen.findByText('400-123-4567')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '重新申请' }))
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/seal-apply/step-1?reapply=app-1')
  })

  it('with flag 1 and status=1 shows the seal itself', async () => {
    const api = serve({ current: log() })
    open('/seal-apply/step-5/1/s-9?status=1')
    expect(await screen.findByText('申请成功')).toBeTruthy()
    expect(api.to('POST /seal/querySealInfoNew')[0]!.body).toEqual({ sealId: 's-9' })
    expect(api.to(LOG)).toHaveLength(0)
  })
})
