import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, operator, refused, unauthorized } from '../../../test/fake-api.ts'
import { renderConsole } from '../../../test/render-console.tsx'
import { getToken } from '../../lib/session.ts'

const type = (field: string | HTMLElement, value: string) =>
  fireEvent.change(typeof field === 'string' ? screen.getByLabelText(field) : field, { target: { value } })

const session = (stage: 'enrol' | 'full', mustChangePassword = false) => ({
  token: 'token-1',
  stage,
  mustChangePassword,
  idleUntil: Date.now() + 1_800_000,
  expiresAt: Date.now() + 43_200_000,
  operator: {
    id: 'op-1',
    username: 'wang',
    displayName: '王审核',
    roles: ['reviewer'],
    totpEnrolled: stage === 'full',
    disabled: false,
    lastLoginAt: null,
    createdAt: 0,
  },
})

describe('logging in to the console', () => {
  it('asks for the dynamic code when the server says so, then logs in with it', async () => {
    const api = fakeApi({
      'POST /admin/session': ({ body }) => (body.code ? session('full') : refused('请输入动态验证码')),
      'GET /admin/me': () => operator(['reviewer']),
      'GET /admin/applications': () => ({ records: [], lastId: null, hasMore: false }),
    })
    const { router } = renderConsole('/login')
    type(await screen.findByLabelText('用户名'), 'wang')
    type('密码', 'Secret-Pass-1')
    fireEvent.click(screen.getByRole('button', { name: '登录' }))

    expect(await screen.findByLabelText('动态验证码')).toBeTruthy()
    expect(screen.getByText('请输入动态验证码')).toBeTruthy()
    expect(getToken()).toBeNull()

    type('动态验证码', '123456')
    fireEvent.click(screen.getByRole('button', { name: '登录' }))
    // A reviewer lands on his queue, not on 首页.
    await waitFor(() => expect(router.state.location.pathname).toBe('/review'))
    expect(api.to('POST /admin/session').at(-1)!.body).toEqual({
      username: 'wang',
      password: 'Secret-Pass-1',
      code: '123456',
    })
    expect(getToken()).toBe('token-1')
    expect(await screen.findByText('待人工审核')).toBeTruthy()
  })

  it('refuses a malformed login name before calling, with the server rule’s message', async () => {
    const api = fakeApi({})
    renderConsole('/login')
    type(await screen.findByLabelText('用户名'), 'a b')
    type('密码', 'x')
    fireEvent.click(screen.getByRole('button', { name: '登录' }))
    expect(await screen.findByText('用户名须为3-32位字母、数字或 . _ -')).toBeTruthy()
    expect(api.calls).toHaveLength(0)
  })

  it('sends a first login to change the initial password, then to bind the authenticator', async () => {
    let me = { ...operator(['admin'], 'enrol'), mustChangePassword: true }
    const api = fakeApi({
      'POST /admin/session': () => session('enrol', true),
      'GET /admin/me': () => me,
      'POST /admin/session/password': () => {
        me = { ...me, mustChangePassword: false }
        return null
      },
      'GET /admin/session/totp': () => ({
        otpauthUri: 'otpauth://totp/x',
        qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        secret: 'JBSWY3DPEHPK3PXP',
      }),
      'POST /admin/session/totp': () => {
        me = { ...me, stage: 'full' }
        return me
      },
      'GET /admin/dashboard': () => ({
        applicationsByStatus: [],
        sealsIssuedPerDay: [],
        usesPerDay: [],
        review: {
          waiting: { count: 0, p50Ms: null, p90Ms: null },
          decided: { count: 0, p50Ms: null, p90Ms: null },
        },
        asOf: Date.now(),
      }),
    })
    const { router } = renderConsole('/login')
    type(await screen.findByLabelText('用户名'), 'wang')
    type('密码', 'Initial-Pass-1')
    fireEvent.click(screen.getByRole('button', { name: '登录' }))

    type(await screen.findByLabelText('初始密码'), 'Initial-Pass-1')
    type('新密码', 'short')
    type('确认新密码', 'short')
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }))
    expect(
      await screen.findByText('密码须为10-64位，包含大写字母、小写字母、数字、符号中的至少三种，不含空格'),
    ).toBeTruthy()
    expect(api.to('POST /admin/session/password')).toHaveLength(0)

    type('新密码', 'My-New-Pass-2')
    type('确认新密码', 'My-New-Pass-2')
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }))
    expect(await screen.findByAltText('动态验证码二维码')).toBeTruthy()
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy()
    expect(api.to('POST /admin/session/password')[0]!.body).toEqual({
      oldPassword: 'Initial-Pass-1',
      newPassword: 'My-New-Pass-2',
    })

    type('动态验证码', '654321')
    fireEvent.click(screen.getByRole('button', { name: '完成绑定' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(api.to('POST /admin/session/totp')[0]!.body).toEqual({ code: '654321' })
  })

  it('goes back to the login screen with 登录已过期，请重新登录 when a call answers 401', async () => {
    fakeApi({ 'GET /admin/me': () => operator(['platform']), 'GET /admin/platforms': () => unauthorized() })
    const { router } = renderConsole('/platforms', { token: 'stale' })
    expect(await screen.findByText('登录已过期，请重新登录')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    expect(getToken()).toBeNull()
  })
})
