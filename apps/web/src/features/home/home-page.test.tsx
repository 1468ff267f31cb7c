import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Dialog } from 'antd-mobile'
import type { LoginInfo } from '@seal/shared/api/auth'
import type { OperationImage } from '@seal/shared/api/config'
import { appConfig, fakeApi, legalRepresentative } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { HomePage } from './home-page.tsx'

vi.setConfig({ testTimeout: 20_000 })

const person: LoginInfo = { ...legalRepresentative, kind: 'personal', socialCreditCode: '', companyName: '' }

function serve(me: LoginInfo, waiting: number, banners: OperationImage[] = []) {
  return fakeApi({
    'GET /configs/operation/image': () => banners,
    'GET /auth/me': () => me,
    'POST /config/queryByIdentity': () => appConfig(),
    'POST /seal/queryGroupByBusiness': () => [],
    'POST /seal/queryPersonSeals': () => [],
    'POST /seal-apply/backlog/list': () => ({ records: [], total: waiting, pages: waiting ? 1 : 0, pageNo: 1 }),
    'POST /auth/logout': () => null,
  })
}

afterEach(() => {
  Dialog.clear()
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
  document.body.innerHTML = ''
})

describe('home: where the legal representative finds what waits for his signature', () => {
  it('on the enterprise login, says an application waits and that 待办中心 is under 个人登录 with the same phone; the button switches login', async () => {
    const api = serve(legalRepresentative, 2)
    renderScreen('/home', { path: '/home', element: <HomePage /> })
    expect(await screen.findByText('有待签署的申请，请以个人登录（同一手机号）在待办中心处理')).toBeTruthy()
    expect(api.to('POST /seal-apply/backlog/list')[0]!.body).toMatchObject({ listType: 1, pageNo: 1 })
    // 002 §2: the 待办中心 card stays a personal login's.
    expect(screen.queryByRole('button', { name: /待办中心/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '切换个人登录' }))
    expect((await screen.findByTestId('location')).textContent).toBe('/login?redirect=%2Fagency-center')
    expect(api.to('POST /auth/logout')).toHaveLength(1)
    expect(localStorage.getItem('seal.token')).toBeNull()
  })

  it('says nothing when nothing waits, and a personal login keeps its 待办中心 card without the notice', async () => {
    serve(legalRepresentative, 0)
    renderScreen('/home', { path: '/home', element: <HomePage /> })
    expect(await screen.findByText('电子印章申请')).toBeTruthy()
    expect(screen.queryByText(/有待签署的申请/)).toBeNull()
    cleanup()
    const api = serve(person, 3)
    renderScreen('/home', { path: '/home', element: <HomePage /> })
    expect(await screen.findByText('待办中心')).toBeTruthy()
    expect(screen.queryByText(/有待签署的申请/)).toBeNull()
    expect(api.to('POST /seal-apply/backlog/list')).toHaveLength(0)
  })
})

describe('home banner (GET /configs/operation/image?position=1)', () => {
  const banner = (fileId: string, link: string): OperationImage => ({ fileId, link, url: `/api/seal-apply/file/download/${fileId}?preview=true&access_token=t` })

  it('shows the operator’s images in order; one opens its link in the app', async () => {
    const api = serve(person, 0, [banner('b1', '/seal-apply/readme'), banner('b2', 'https://example.cn/notice')])
    renderScreen('/home', { path: '/home', element: <HomePage /> })
    const images = within(await screen.findByRole('region', { name: '运营图片' })).getAllByRole('img')
    expect(images.map((image) => image.getAttribute('src'))).toEqual([banner('b1', '').url, banner('b2', '').url])
    expect(api.to('GET /configs/operation/image')[0]!.query).toEqual({ position: '1' })
    fireEvent.click(screen.getByRole('button', { name: '运营图片1' }))
    expect((await screen.findByTestId('location')).textContent).toBe('/seal-apply/readme')
  })

  it('opens no link that is neither a path of ours nor a web address', async () => {
    serve(person, 0, [banner('b1', 'javascript:alert(1)')])
    renderScreen('/home', { path: '/home', element: <HomePage /> })
    const region = await screen.findByRole('region', { name: '运营图片' })
    expect(within(region).getAllByRole('img')).toHaveLength(1)
    expect(within(region).queryByRole('button')).toBeNull()
  })

  it('shows no banner when none is configured, and home is whole', async () => {
    const api = serve(person, 0)
    renderScreen('/home', { path: '/home', element: <HomePage /> })
    expect(await screen.findByText('电子印章申请')).toBeTruthy()
    await waitFor(() => expect(api.to('GET /configs/operation/image')).toHaveLength(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByRole('region', { name: '运营图片' })).toBeNull()
  })
})
