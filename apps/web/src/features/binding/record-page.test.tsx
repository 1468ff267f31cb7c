import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import type { BindRecord } from '@seal/shared/api/binding'
import { fakeApi, legalRepresentative, refused } from '../../test/fake-api.ts'
import { renderScreen } from '../../test/render-screen.tsx'
import { BindingRecordPage } from './record-page.tsx'

vi.setConfig({ testTimeout: 20_000 })
// The password sheet loads and slides in with an animation, slow on a busy machine.
configure({ asyncUtilTimeout: 8000 })

const PATH = '/platform-binding-record'

const record = (overrides: Partial<BindRecord> = {}): BindRecord => ({
  id: 'r1',
  sealId: 's1',
  sealName: '张三的个人名章',
  sealTypeCode: '1000',
  platformId: 'p1',
  clientName: '示例对接平台',
  bindState: 1,
  createTime: Date.UTC(2026, 0, 5, 2),
  bindTime: Date.UTC(2026, 0, 5, 2),
  cancelTime: null,
  personName: '张三',
  useType: 2,
  bindPassword: '印章密码',
  canRebind: false,
  ...overrides,
})

/** The records the server holds: in effect until 取消绑定 with the right password ends it. */
function serve() {
  let state: BindRecord = record()
  return fakeApi({
    'GET /auth/me': () => legalRepresentative,
    'POST /paas-composite-seal/sealBind/queryBindSealLogList': () => ({ list: [state], total: 1, currentPage: 1, pageSize: 10 }),
    'POST /paas-composite-seal/sealBind/cancel': (call) => {
      if (call.body.password !== 'bind2026') return refused('印章密码错误，还可尝试4次')
      state = record({ bindState: 0, cancelTime: Date.UTC(2026, 0, 6, 3), canRebind: true })
      return null
    },
  })
}

const open = () => renderScreen(`${PATH}?sealId=s1`, { path: PATH, element: <BindingRecordPage /> })

async function cancelWith(password: string) {
  const sheet = (await screen.findByText('用章确认')).closest('.binding-sheet') as HTMLElement
  fireEvent.change(within(sheet).getByLabelText('印章密码'), { target: { value: password } })
  fireEvent.click(within(sheet).getByRole('button', { name: '确定' }))
}

afterEach(() => {
  Toast.clear()
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('平台绑定记录 (/platform-binding-record)', () => {
  it('cancels a binding with the seal password and says so after the list shows it ended', async () => {
    const api = serve()
    open()
    const card = await screen.findByRole('article', { name: '示例对接平台 张三的个人名章' })
    expect(card.textContent).toContain('绑定中')
    fireEvent.click(within(card).getByRole('button', { name: '取消绑定' }))
    await cancelWith('wrong2026')
    expect(await screen.findByText('印章密码错误，还可尝试4次')).toBeTruthy()
    await cancelWith('bind2026')
    expect(await within(card).findByText('已失效')).toBeTruthy()
    expect(within(card).getByText('失效时间')).toBeTruthy()
    expect(api.to('POST /paas-composite-seal/sealBind/cancel').map((call) => call.body)).toEqual([
      expect.objectContaining({ id: 'r1', password: 'wrong2026' }),
      expect.objectContaining({ id: 'r1', password: 'bind2026' }),
    ])
    // The success stays on screen once the list has refreshed, for its two seconds (a toast cleared fades
    // out within about 300 ms); the earlier refusal does not.
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(screen.queryByText('取消绑定成功')).toBeTruthy()
    expect(screen.queryByText('印章密码错误，还可尝试4次')).toBeNull()
    expect(within(card).getByRole('button', { name: '重新绑定' })).toBeTruthy()
  })
})
