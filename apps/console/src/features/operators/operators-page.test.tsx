import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, operator } from '../../../test/fake-api.ts'
import { renderConsole } from '../../../test/render-console.tsx'

describe('操作员管理', () => {
  it('creates an operator with the server’s rules and shows the initial password once', async () => {
    const created = {
      id: 'op-2',
      username: 'li.review',
      displayName: '李审核',
      roles: ['reviewer'],
      totpEnrolled: false,
      disabled: false,
      lastLoginAt: null,
      createdAt: Date.now(),
    }
    let list: unknown[] = []
    const api = fakeApi({
      'GET /admin/me': () => operator(['admin']),
      'GET /admin/operators': () => ({ list }),
      'POST /admin/operators': () => {
        list = [created]
        return { operator: created, initialPassword: 'Init-Pass-9x!' }
      },
    })
    renderConsole('/operators', { token: 't' })
    expect(await screen.findByText('暂无操作员')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '新建操作员' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: 'li.review' } })
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '李审核' } })
    fireEvent.change(within(dialog).getByLabelText('身份证号'), { target: { value: '11010119900307777' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(await within(dialog).findByText('请输入正确的身份证号')).toBeTruthy()
    expect(await within(dialog).findByText('请至少选择一个角色')).toBeTruthy()
    expect(api.to('POST /admin/operators')).toHaveLength(0)

    fireEvent.change(within(dialog).getByLabelText('身份证号'), { target: { value: '11010119900307777x' } })
    fireEvent.click(within(dialog).getByLabelText('审核员'))
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(await screen.findByText('Init-Pass-9x!')).toBeTruthy()
    expect(screen.getByText('仅显示这一次，关闭后无法再次查看，请立即复制并妥善保存。')).toBeTruthy()
    expect(api.to('POST /admin/operators')[0]!.body).toEqual({
      username: 'li.review',
      displayName: '李审核',
      identityNo: '11010119900307777x',
      roles: ['reviewer'],
    })
    fireEvent.click(screen.getByRole('button', { name: '我已保存' }))
    await waitFor(() => expect(screen.queryByText('Init-Pass-9x!')).toBeNull())
    expect(await screen.findByText('li.review')).toBeTruthy()
  })
})
