import { reviewListItem, type ReviewListItem } from '@seal/shared/api/unit-apply-admin'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, operator, refused } from '../../../test/fake-api.ts'
import { renderConsole } from '../../../test/render-console.tsx'

/** A queue row, parsed by the contract so it has every field the server sends. */
const row = (id: string, unitName: string, overrides: Partial<ReviewListItem> = {}): ReviewListItem =>
  reviewListItem.parse({
    id,
    unitName,
    socialCreditCode: '91110108MA01ABCDEN',
    businessType: 'APPLY',
    applyType: 'OPERATOR_APPLY',
    applyStatus: 'PENDING_REVIEW',
    sealTypes: ['01', '04'],
    companyVerifyPass: true,
    manualReview: false,
    submittedAt: Date.now() - 3 * 3_600_000,
    door: 'OFFLINE',
    reviewReasons: [{ code: 'OFFLINE_MAILED', text: '线下材料已邮寄' }],
    waitingSince: Date.now() - 3 * 3_600_000,
    applicantName: '张经办',
    claim: null,
    ...overrides,
  })

const page = (records: ReviewListItem[], hasMore = false) => ({
  records,
  lastId: records.at(-1)?.id ?? null,
  hasMore,
})

const queryOf = (call: { query: Record<string, string> }) => {
  const { pageSize: _pageSize, ...rest } = call.query
  return rest
}

describe('审核队列', () => {
  it('opens on what waits for a person, oldest first, and loads more a page at a time', async () => {
    const api = fakeApi({
      'GET /admin/me': () => operator(['reviewer']),
      'GET /admin/applications': (call) =>
        call.query.lastId
          ? page([
              row('app-2', '乙科技有限公司', {
                claim: { operatorName: '李审核', expiresAt: Date.now() + 60_000, mine: false },
              }),
            ])
          : page([row('app-1', '甲科技有限公司')], true),
    })
    renderConsole('/review', { token: 't' })
    expect(await screen.findByText('审核队列', { selector: 'h1' })).toBeTruthy()
    const first = (await screen.findByRole('link', { name: '甲科技有限公司' })).closest('tr')!
    expect(within(first).getByText('线下材料')).toBeTruthy()
    expect(within(first).getByText('张经办（经办人申请）')).toBeTruthy()
    expect(within(first).getByText('线下材料已邮寄')).toBeTruthy()
    expect(within(first).getByText('3小时')).toBeTruthy()
    expect(within(first).getByText('未领取')).toBeTruthy()
    expect(within(first).getByRole('link', { name: '审核' }).getAttribute('href')).toBe('/review/app-1')
    expect(queryOf(api.to('GET /admin/applications')[0]!)).toEqual({ status: 'WAITING' })

    fireEvent.click(screen.getByRole('button', { name: '加载更多' }))
    expect(await screen.findByText('李审核 审核中')).toBeTruthy()
    expect(api.to('GET /admin/applications')[1]!.query.lastId).toBe('app-1')
    expect(await screen.findByText('共 2 条，已全部加载')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull()
  })

  it('searches by the fields given, says when nothing matches, and 重置 goes back to the waiting ones', async () => {
    const api = fakeApi({
      'GET /admin/me': () => operator(['reviewer']),
      'GET /admin/applications': (call) => page(call.query.q ? [] : [row('app-1', '甲科技有限公司')]),
    })
    renderConsole('/review', { token: 't' })
    await screen.findByRole('link', { name: '甲科技有限公司' })

    fireEvent.change(screen.getByPlaceholderText('单位名称、信用代码、申请人或法定代表人姓名'), {
      target: { value: ' 丙科技 ' },
    })
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '业务类型' }))
    fireEvent.click(await screen.findByText('变更'))
    fireEvent.click(screen.getByRole('button', { name: '查询' }))
    expect(await screen.findByText('没有符合条件的申请')).toBeTruthy()
    expect(queryOf(api.to('GET /admin/applications').at(-1)!)).toEqual({
      status: 'WAITING',
      businessType: 'CHANGE',
      q: '丙科技',
    })

    fireEvent.click(screen.getByRole('button', { name: '重置' }))
    expect(await screen.findByRole('link', { name: '甲科技有限公司' })).toBeTruthy()
    expect(queryOf(api.to('GET /admin/applications').at(-1)!)).toEqual({ status: 'WAITING' })
    expect(
      (screen.getByPlaceholderText('单位名称、信用代码、申请人或法定代表人姓名') as HTMLInputElement).value,
    ).toBe('')
  })

  it('says why the list could not be read, and 重试 reads it again', async () => {
    let calls = 0
    fakeApi({
      'GET /admin/me': () => operator(['reviewer']),
      'GET /admin/applications': () =>
        ++calls === 1 ? refused('审核队列暂时无法读取') : page([row('app-1', '甲科技有限公司')]),
    })
    renderConsole('/review', { token: 't' })
    expect(await screen.findByText('审核队列暂时无法读取')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('link', { name: '甲科技有限公司' })).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('审核队列暂时无法读取')).toBeNull())
  })
})
