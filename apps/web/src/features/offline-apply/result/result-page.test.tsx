import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { offlineStatusLabels, type OfflineStatus } from '@seal/shared/codes/offline-status'
import {
  expectToast,
  fakeServer,
  operatorLogin,
  Refusal,
  resetScreen,
} from '../../../../test/unit-apply-wizard.tsx'
import { OFFLINE, offlineDetail, renderOffline, where } from '../../../../test/offline-apply.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const buttons = () =>
  within(document.querySelector('.offline-result-actions') as HTMLElement)
    .getAllByRole('button')
    .map((button) => button.textContent?.replace(/\s/g, ''))

function serve(status: number, more: Record<string, (call: any) => unknown> = {}, patch = {}) {
  return fakeServer({
    'GET /auth/me': () => operatorLogin,
    'POST /config/queryByIdentity': () => ({
      supportPhone: '400-123-4567',
      supportHours: '工作日 9:00-12:00，14:00-18:00',
    }),
    [`GET ${OFFLINE}/applyDetail/off-1`]: () => offlineDetail({ applyStatus: status, ...patch }),
    ...more,
  })
}

describe('offline result (step-3-1)', () => {
  it.each([
    [7, ['继续申请', '取消申请', '下载申请材料', '返回首页']],
    [0, ['撤回', '邮寄材料', '下载申请材料', '上传申请材料', '返回首页']],
    [1, ['撤回', '邮寄材料', '下载申请材料', '上传申请材料', '返回首页']],
    [9, ['撤回', '邮寄材料', '下载申请材料', '上传申请材料', '返回首页']],
    [8, ['撤回', '返回首页']],
    [12, ['撤回', '返回首页']],
    [2, ['返回首页']],
    [3, ['返回首页']],
    [4, ['查看审核结果', '返回首页']],
    [13, ['查看审核结果', '返回首页']],
    [11, ['重新申请', '查看审核结果', '返回首页']],
    [5, ['重新申请', '查看审核结果', '返回首页']],
    [10, ['重新申请', '返回首页']],
    [14, ['重新申请', '返回首页']],
  ])('status %i shows its label and offers %j', async (status, expected) => {
    serve(status)
    renderOffline('/seal-apply/operator/step-3-1?applyId=off-1')
    expect(await screen.findByText(offlineStatusLabels[status as OfflineStatus])).toBeTruthy()
    expect(buttons()).toEqual(expected)
  })

  it('offers the named legal representative only what the server lets him do (撤回, 邮寄材料)', async () => {
    serve(0, {}, { mine: false, actions: ['withdraw', 'mail'] })
    renderOffline('/seal-apply/operator/step-3-1?applyId=off-1')
    await screen.findByText(offlineStatusLabels[0])
    expect(buttons()).toEqual(['撤回', '邮寄材料', '返回首页'])
  })

  it('lets the operator add signed documents while the application waits for review', async () => {
    serve(1)
    renderOffline('/seal-apply/operator/step-3-1?applyId=off-1')
    fireEvent.click(await screen.findByRole('button', { name: '上传申请材料' }))
    await waitFor(() => expect(where()).toBe('/seal-apply/operator/step-2-2?applyId=off-1'))
  })

  it('withdraws after asking and says 撤回成功', async () => {
    let status = 0
    const server = serve(0, {
      [`GET ${OFFLINE}/applyDetail/off-1`]: () => offlineDetail({ applyStatus: status }),
      [`POST ${OFFLINE}/cancel/off-1`]: () => {
        status = 10
        return null
      },
    })
    renderOffline('/seal-apply/operator/step-3-1?applyId=off-1')
    fireEvent.click(await screen.findByRole('button', { name: '撤回' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '撤回' }))
    await expectToast('撤回成功')
    expect(await screen.findByText('已撤回')).toBeTruthy()
    expect(server.callsTo(`${OFFLINE}/cancel/off-1`)).toHaveLength(1)
  })

  it('says 撤回失败 with the reason when the server refuses', async () => {
    serve(0, { [`POST ${OFFLINE}/cancel/off-1`]: () => new Refusal('10000', '当前状态不能进行该操作') })
    renderOffline('/seal-apply/operator/step-3-1?applyId=off-1')
    fireEvent.click(await screen.findByRole('button', { name: '撤回' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '撤回' }))
    await expectToast('撤回失败：当前状态不能进行该操作')
  })

  it('asks to withdraw at once when opened from the record list’s 撤销申请', async () => {
    serve(1)
    renderOffline('/seal-apply/operator/step-3-1?applyId=off-1&intent=withdraw')
    expect(await screen.findByText('确定撤回该申请吗？撤回后可重新申请。')).toBeTruthy()
  })

  it('reapplies into a new draft and opens it at step-1', async () => {
    const server = serve(5, {
      [`POST ${OFFLINE}/reApply/off-1`]: () => ({ applyId: 'off-2', applyStatus: 7 }),
      [`POST ${OFFLINE}/firstApplyDetail`]: () => null,
      [`GET ${OFFLINE}/applyDetail/off-2`]: () => offlineDetail({ applyId: 'off-2', applyStatus: 7 }),
    })
    renderOffline('/seal-apply/operator/step-3-1?applyId=off-1')
    fireEvent.click(await screen.findByRole('button', { name: '重新申请' }))
    await waitFor(() => expect(where()).toBe('/seal-apply/operator/step-1?applyId=off-2'))
    expect(server.callsTo(`${OFFLINE}/reApply/off-1`)).toHaveLength(1)
  })

  it('opens the mailing page and the seals’ outcomes', async () => {
    serve(0)
    renderOffline('/seal-apply/operator/step-3-1?applyId=off-1')
    fireEvent.click(await screen.findByRole('button', { name: '邮寄材料' }))
    await waitFor(() => expect(where()).toBe('/seal-apply/operator/step-4?applyId=off-1'))
  })

  it('says 查询失败 with 重试 when the application cannot be read, and 参数缺少申请编号 without an id', async () => {
    let fail = true
    serve(0, {
      [`GET ${OFFLINE}/applyDetail/off-1`]: () =>
        fail ? new Refusal('10000', '未查询到申请记录') : offlineDetail({ applyStatus: 0 }),
    })
    renderOffline('/seal-apply/operator/step-3-1?applyId=off-1')
    expect(await screen.findByText('查询失败')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByText(offlineStatusLabels[0])).toBeTruthy()
  })

  it('says 参数缺少申请编号 without an application id', async () => {
    serve(0)
    renderOffline('/seal-apply/operator/step-3-1')
    expect(await screen.findByText('参数缺少申请编号')).toBeTruthy()
  })
})

describe('offline outcome (step-5)', () => {
  it('lists the seals approved and those rejected with the reviewer’s reason, and reapplies', async () => {
    serve(
      11,
      { [`POST ${OFFLINE}/reApply/off-1`]: () => ({ applyId: 'off-3', applyStatus: 7 }) },
      {
        successSealItems: [{ sealType: '01', sealName: '单位公章', sealId: 's-1', failReason: null }],
        failSealItems: [
          { sealType: '04', sealName: '合同专用章', sealId: null, failReason: '印模不清晰，请重新盖章拍照' },
        ],
        checkRemark: '合同专用章印模不清晰',
      },
    )
    renderOffline('/seal-apply/operator/step-5?applyId=off-1')
    const approved = within(await screen.findByRole('region', { name: '审核通过的印章' }))
    expect(approved.getByText('单位公章')).toBeTruthy()
    const rejected = within(screen.getByRole('region', { name: '未通过的印章' }))
    expect(rejected.getByText('合同专用章')).toBeTruthy()
    expect(rejected.getByText('印模不清晰，请重新盖章拍照')).toBeTruthy()
    expect(screen.getByText('合同专用章印模不清晰')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '重新申请' }))
    await waitFor(() => expect(where()).toBe('/seal-apply/operator/step-1?applyId=off-3'))
  })

  it('offers no reapplication for an approved application', async () => {
    serve(
      4,
      {},
      { successSealItems: [{ sealType: '01', sealName: '单位公章', sealId: 's-1', failReason: null }] },
    )
    renderOffline('/seal-apply/operator/step-5?applyId=off-1')
    await screen.findByRole('region', { name: '审核通过的印章' })
    expect(screen.queryByRole('button', { name: '重新申请' })).toBeNull()
  })
})
