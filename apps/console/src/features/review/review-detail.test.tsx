import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, operator, refused } from '../../../test/fake-api.ts'
import { renderConsole } from '../../../test/render-console.tsx'
import { waitingApplication } from '../../../test/review-fixtures.ts'

const sealCard = (name: string) => screen.getByLabelText(`印章 ${name}`)

async function submit() {
  // Found, not got: after a refused call the button spins until the request has settled, and while it
  // spins its name is "loading 提交审核" (the error may show a moment before).
  fireEvent.click(await screen.findByRole('button', { name: '提交审核' }))
  fireEvent.click(await screen.findByRole('button', { name: '提交' }))
}

describe('reviewing an application', () => {
  it('shows why it came to a person, each seal’s photo beside its cut-out, and what the check read', async () => {
    fakeApi({
      'GET /admin/me': () => operator(['reviewer']),
      'GET /admin/applications/app-1': () => waitingApplication(),
    })
    renderConsole('/review/app-1', { token: 't' })
    expect(await screen.findByText('单位核验未通过：企业名称与登记信息不一致')).toBeTruthy()
    const seal = sealCard('示例科技有限公司')
    expect(within(seal).getByAltText('印章照片').getAttribute('src')).toBe(
      '/api/file/preview/seal:seal-a:photo',
    )
    expect(within(seal).getByAltText('抠图后的印模').getAttribute('src')).toBe(
      '/api/file/preview/seal:seal-a:sealPic',
    )
    expect(within(seal).getByText('与申请一致')).toBeTruthy()
    expect(screen.getByText('110101199003077777', { selector: 'dd' })).toBeTruthy()
    expect(screen.getByAltText('营业执照')).toBeTruthy()
    expect(screen.getByText('打开申请表（1）')).toBeTruthy()
  })

  it('asks for the reason of a rejection before calling, and keeps every choice when the call fails', async () => {
    let answers = 0
    const api = fakeApi({
      'GET /admin/me': () => operator(['reviewer']),
      'GET /admin/applications/app-1': () => waitingApplication(),
      'POST /admin/applications/app-1/review': () =>
        ++answers === 1
          ? refused('请求过于频繁')
          : {
              id: 'app-1',
              applyStatus: 'APPLY_SUCCESS',
              failReason: null,
              successSealItems: [
                { itemId: 'seal-b', sealTypeCode: '02', sealName: 'x', sealId: 's', failReason: null },
              ],
              failSealItems: [
                { itemId: 'seal-a', sealTypeCode: '01', sealName: 'y', sealId: null, failReason: '照片模糊' },
              ],
              reviewedBy: '王审核',
              reviewTime: 1,
            },
    })
    renderConsole('/review/app-1', { token: 't' })
    await screen.findByLabelText('印章 示例科技有限公司')

    fireEvent.click(within(sealCard('示例科技有限公司')).getByText('驳回'))
    fireEvent.click(within(sealCard('示例科技有限公司财务专用章')).getByText('通过'))
    await submit()
    expect(await within(sealCard('示例科技有限公司')).findByText('驳回印章须填写原因')).toBeTruthy()
    expect(api.to('POST /admin/applications/app-1/review')).toHaveLength(0)

    fireEvent.change(screen.getByLabelText('示例科技有限公司驳回原因'), { target: { value: '照片模糊' } })
    await submit()
    expect(await screen.findByText('请求过于频繁')).toBeTruthy()
    expect((screen.getByLabelText('示例科技有限公司驳回原因') as HTMLTextAreaElement).value).toBe('照片模糊')

    await submit()
    await waitFor(() => expect(api.to('POST /admin/applications/app-1/review')).toHaveLength(2))
    expect(api.to('POST /admin/applications/app-1/review')[1]!.body).toEqual({
      decisions: [
        { itemId: 'seal-a', approve: false, reason: '照片模糊' },
        { itemId: 'seal-b', approve: true },
      ],
    })
  })

  it('lets nobody but the reviewer holding it decide', async () => {
    fakeApi({
      'GET /admin/me': () => operator(['reviewer']),
      'GET /admin/applications/app-1': () =>
        waitingApplication({
          claim: { operatorName: '赵审核', expiresAt: Date.now() + 600_000, mine: false },
        }),
    })
    renderConsole('/review/app-1', { token: 't' })
    expect(await screen.findByText('该申请正由赵审核审核中')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '提交审核' })).toBeNull()
    expect(screen.queryByRole('button', { name: '领取' })).toBeNull()
  })

  it('shows an auditor the application without the decision controls', async () => {
    fakeApi({
      'GET /admin/me': () => operator(['auditor']),
      'GET /admin/applications/app-1': () => waitingApplication(),
    })
    renderConsole('/review/app-1', { token: 't' })
    await screen.findByLabelText('印章 示例科技有限公司')
    expect(screen.queryByRole('button', { name: '提交审核' })).toBeNull()
    expect(screen.queryByText('驳回')).toBeNull()
  })
})
