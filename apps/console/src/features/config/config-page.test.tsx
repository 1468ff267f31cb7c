import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { configDefaults } from '@seal/shared/api/config'
import { describe, expect, it } from 'vitest'
import { fakeApi, operator } from '../../../test/fake-api.ts'
import { renderConsole } from '../../../test/render-console.tsx'

const channels = [
  { id: 'h5', label: '浏览器（H5）' },
  { id: 'gov-app', label: '政务服务 App' },
]

describe('配置', () => {
  it('lets a configuration manager pick a channel’s scope, read what is in effect there and change it for that channel only', async () => {
    const stored: Record<string, Record<string, unknown>> = {
      'channel:gov-app': { supportPhone: '400-888-0000' },
    }
    const api = fakeApi({
      'GET /admin/me': () => operator(['config']),
      'GET /admin/config/channels': () => channels,
      'GET /admin/config': (call) => ({ ...configDefaults, ...stored[call.query.scope!] }),
      'PUT /admin/config': (call) => {
        stored[call.body.scope] = { ...stored[call.body.scope], [call.body.key]: call.body.value }
        return null
      },
    })
    renderConsole('/config', { token: 't' })
    expect(await screen.findByText('当前范围：全局')).toBeTruthy()
    expect(await screen.findByText(configDefaults.supportPhone)).toBeTruthy()

    fireEvent.click(screen.getByText('渠道'))
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '渠道' }))
    fireEvent.click(await screen.findByText('政务服务 App（gov-app）'))
    expect(await screen.findByText('当前范围：渠道 政务服务 App')).toBeTruthy()
    expect(await screen.findByText('400-888-0000')).toBeTruthy()
    expect(api.to('GET /admin/config').at(-1)!.query).toEqual({ scope: 'channel:gov-app' })

    fireEvent.click(screen.getByRole('button', { name: '修改 技术支持时间' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/范围：渠道 政务服务 App/)).toBeTruthy()
    const input = within(dialog).getByLabelText('值')
    fireEvent.change(input, { target: { value: '全天' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(api.to('PUT /admin/config')).toHaveLength(1))
    expect(api.to('PUT /admin/config')[0]!.body).toEqual({
      scope: 'channel:gov-app',
      key: 'supportHours',
      value: '全天',
    })
    expect(await screen.findByText('全天')).toBeTruthy()
    // The page, its table and the editor are lazy chunks of antd: on a busy machine their first load takes a minute.
  }, 180_000)
})
