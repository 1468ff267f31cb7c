import { useEffect } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import { useNavigate } from 'react-router-dom'
import { post } from '../lib/request/request.ts'
import { fakeApi, refused } from '../../test/fake-api.ts'
import { renderScreen } from '../../test/render-screen.tsx'
import { AppShell } from './app-shell.tsx'

vi.setConfig({ testTimeout: 20_000 })

const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? null
/** The toasts a person can see: fading ones count until they are gone. */
const toastsInSight = () =>
  [...document.querySelectorAll('.adm-toast-main')].filter((node) => !node.closest('[hidden]') && (node.closest('.adm-mask') as HTMLElement | null)?.style.display !== 'none').map((node) => node.textContent)
/** Long enough for a cleared toast to fade out (about 300 ms), well within a toast's 2 seconds. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 800))

/** A person's tap: the finger down, then the click. */
async function tap(name: string) {
  const button = await screen.findByRole('button', { name })
  fireEvent.pointerDown(button)
  fireEvent.click(button)
}

function FirstScreen() {
  const navigate = useNavigate()
  return (
    <>
      <button type="button" onClick={() => Toast.show({ icon: 'success', content: '取消绑定成功' })}>
        取消绑定
      </button>
      <button type="button" onClick={() => navigate('/next')}>
        下一页
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        返回
      </button>
      <button
        type="button"
        onClick={() => {
          Toast.show({ icon: 'success', content: '注销成功' })
          navigate('/next')
        }}
      >
        说完再走
      </button>
      <button
        type="button"
        onClick={() => {
          navigate('/next')
          Toast.show({ content: '已提交' })
        }}
      >
        走了再说
      </button>
      <button type="button" onClick={() => navigate('/opening')}>
        打开文件
      </button>
    </>
  )
}

/** A code checked by the server: the first try is wrong, the second right. */
function CodeScreen() {
  return (
    <button type="button" onClick={() => void post('/sealAuth/telAuth', {}).catch(() => undefined)}>
      下一步
    </button>
  )
}

/** A password changed on the second try: the screen says so itself once the server has taken it. */
function ChangeScreen() {
  return (
    <button type="button" onClick={() => void post('/sealAuth/editPassword', {}).then(() => Toast.show({ icon: 'success', content: '密码修改成功' }), () => undefined)}>
      确定
    </button>
  )
}

function OpeningScreen() {
  useEffect(() => {
    Toast.show({ content: '文件加载中' })
  }, [])
  return <p>文件</p>
}

const open = () =>
  renderScreen(
    { pathname: '/first', state: null },
    {
      element: <AppShell />,
      children: [
        { path: '/start', element: <p>起点</p> },
        { path: '/first', element: <FirstScreen /> },
        { path: '/next', element: <p>下一页内容</p> },
        { path: '/opening', element: <OpeningScreen /> },
        { path: '/code', element: <CodeScreen /> },
        { path: '/change', element: <ChangeScreen /> },
      ],
    },
  )

beforeEach(() => {
  // jsdom does not scroll; the shell's ScrollRestoration asks it to on each screen.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  Toast.clear()
  cleanup()
  document.body.innerHTML = ''
})

describe('toasts and leaving a screen (app shell)', () => {
  it('clears a toast that was up when the person tapped on to another screen', async () => {
    open()
    await tap('取消绑定')
    await waitFor(() => expect(toastText()).toBe('取消绑定成功'))
    await tap('下一页')
    expect(await screen.findByText('下一页内容')).toBeTruthy()
    await waitFor(() => expect(toastsInSight()).toEqual([]))
  })

  it('clears it when the person goes back, too', async () => {
    const { router } = open()
    await router.navigate('/start')
    await router.navigate('/first')
    await tap('取消绑定')
    await waitFor(() => expect(toastText()).toBe('取消绑定成功'))
    await tap('返回')
    expect(await screen.findByText('起点')).toBeTruthy()
    await waitFor(() => expect(toastsInSight()).toEqual([]))
  })

  it('keeps a toast shown just before or just after navigating, as part of the same act', async () => {
    open()
    await tap('取消绑定')
    await tap('说完再走')
    expect(await screen.findByText('下一页内容')).toBeTruthy()
    await settle()
    expect(toastText()).toBe('注销成功')

    cleanup()
    Toast.clear()
    await settle()
    open()
    await tap('走了再说')
    expect(await screen.findByText('下一页内容')).toBeTruthy()
    await settle()
    expect(toastText()).toBe('已提交')
  })

  it('keeps the toast the next screen shows as it opens, clearing the old one', async () => {
    open()
    await tap('取消绑定')
    await waitFor(() => expect(toastText()).toBe('取消绑定成功'))
    await tap('打开文件')
    expect(await screen.findByText('文件')).toBeTruthy()
    await settle()
    expect(toastText()).toBe('文件加载中')
  })

  it('takes the old toast away at once, so a toast the next screen shows straight after is the only one up', async () => {
    open()
    await tap('取消绑定')
    await waitFor(() => expect(toastText()).toBe('取消绑定成功'))
    await tap('下一页')
    expect(await screen.findByText('下一页内容')).toBeTruthy()
    // The shell has cleared it: gone from sight at once, not fading out under what comes next...
    await waitFor(() => expect(toastsInSight()).toEqual([]), { timeout: 150 })
    // ...and the person taps on at once on the new screen, which says something of its own.
    Toast.show({ content: '校验失败，请检查' })
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(toastsInSight()).toEqual(['校验失败，请检查'])
  })

  it('takes away the toast of a failed try when the next try goes through', async () => {
    let tries = 0
    fakeApi({ 'POST /sealAuth/telAuth': () => (++tries === 1 ? refused('验证码错误') : null) })
    const { router } = open()
    await router.navigate('/code')
    await tap('下一步')
    await waitFor(() => expect(toastText()).toBe('验证码错误'))
    await tap('下一步')
    await waitFor(() => expect(tries).toBe(2))
    await waitFor(() => expect(toastsInSight()).toEqual([]), { timeout: 500 })
  })

  it('keeps the success the screen shows when the try that clears the old toast goes through', async () => {
    let tries = 0
    fakeApi({ 'POST /sealAuth/editPassword': () => (++tries === 1 ? refused('两次密码不相等') : null) })
    const { router } = open()
    await router.navigate('/change')
    await tap('确定')
    await waitFor(() => expect(toastText()).toBe('两次密码不相等'))
    await tap('确定')
    await waitFor(() => expect(tries).toBe(2))
    await settle()
    expect(toastsInSight()).toEqual(['密码修改成功'])
  })

  it('leaves a toast alone while the person stays on the screen', async () => {
    open()
    await tap('取消绑定')
    await waitFor(() => expect(toastText()).toBe('取消绑定成功'))
    fireEvent.pointerDown(document.body)
    fireEvent.keyDown(document.body, { key: 'a' })
    await settle()
    expect(toastText()).toBe('取消绑定成功')
  })
})
