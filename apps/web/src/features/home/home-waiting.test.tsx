import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { LoginInfo } from '@seal/shared/api/auth'
import type { AuthorizationItem } from '@seal/shared/api/seal-auth'
import { appConfig, fakeApi, legalRepresentative } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { HomePage } from './home-page.tsx'

vi.setConfig({ testTimeout: 20_000 })

const employee: LoginInfo = { ...legalRepresentative, kind: 'personal', personName: '李四', socialCreditCode: '', companyName: '' }

const waiting = (authId: string): AuthorizationItem => ({
  id: authId,
  authId,
  businessName: '示例科技有限公司',
  name: '李四',
  phone: '13800138000',
  personIdentity: '1101**********1234',
  identityType: '111',
  sealTypeCode: '04',
  sealName: '示例科技有限公司合同专用章',
  sealCode: '1101080012345',
  sealId: `seal-${authId}`,
  socialCreditCode: '91110108MA01ABCDEN',
  startTime: Date.parse('2026-03-01T16:00:00Z'),
  endTime: Date.parse('2026-03-31T15:59:59Z'),
  authFileId: 'f1',
  authStatus: 1,
  authUseType: 1,
  useType: 2,
  mine: true,
  grantorName: '赵六',
})

function serve(items: AuthorizationItem[]) {
  return fakeApi({
    'GET /auth/me': () => employee,
    'POST /config/queryByIdentity': () => appConfig({ authorizationMenu: true }),
    'POST /seal/queryPersonSeals': () => [],
    'POST /seal/queryGroupByBusiness': () => [],
    'POST /sealAuth/waitingForMe': () => items,
  })
}

const open = () => renderScreen('/home', { path: '/home', element: <HomePage /> })
const location = () => screen.findByTestId('location').then((element) => element.textContent)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('/home for a seal user with an authorisation waiting', () => {
  it('says which seal waits for them and opens its acceptance; 待办中心 counts it', async () => {
    serve([waiting('a1')])
    open()
    const notice = await screen.findByRole('status', { name: '待接受的授权' })
    expect(notice.textContent).toContain('示例科技有限公司授权您使用“示例科技有限公司合同专用章”，请确认')
    expect(within(screen.getByRole('button', { name: /待办中心/ })).getByText('1')).toBeTruthy()
    fireEvent.click(within(notice).getByRole('button', { name: '去接受' }))
    expect(await location()).toBe('/authorization-start/personal?authId=a1')
  })

  it('with several waiting, the notice counts them and opens 待办中心', async () => {
    serve([waiting('a1'), waiting('a2')])
    open()
    const notice = await screen.findByRole('status', { name: '待接受的授权' })
    expect(notice.textContent).toContain('您有2项印章授权待接受')
    fireEvent.click(within(notice).getByRole('button', { name: '去处理' }))
    expect(await location()).toBe('/agency-center')
  })

  it('shows no notice when nothing waits', async () => {
    serve([])
    open()
    expect(await screen.findByRole('button', { name: /待办中心/ })).toBeTruthy()
    expect(screen.queryByRole('status', { name: '待接受的授权' })).toBeNull()
  })
})
