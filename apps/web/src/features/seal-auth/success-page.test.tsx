import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { sealAuthMessages, type AuthorizationItem } from '@seal/shared/api/seal-auth'
import { appConfig, fakeApi, legalRepresentative } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { AuthorizationSuccessPage } from './success-page.tsx'

const granted: AuthorizationItem = {
  id: 'a77',
  authId: 'a77',
  businessName: '示例科技有限公司',
  name: '王小明',
  phone: '13900001234',
  personIdentity: '1101**********1234',
  identityType: '111',
  sealTypeCode: '04',
  sealName: '示例科技有限公司合同专用章',
  sealCode: '1101080012345',
  sealId: 's9',
  socialCreditCode: '91110108MA01ABCDEN',
  startTime: Date.parse('2026-11-01T16:00:00Z'),
  endTime: Date.parse('2026-12-01T15:59:59Z'),
  authFileId: 'f1',
  authStatus: 1,
  authUseType: 1,
  useType: 2,
  mine: false,
  grantorName: '张三',
}
const messengerUserAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49'

function openAsGrantor(authorizedUrl?: string) {
  const api = fakeApi({
    'POST /config/queryByIdentity': () => appConfig(authorizedUrl === undefined ? {} : { authorizedUrl }),
    'GET /auth/me': () => legalRepresentative,
    'POST /sealAuth/querySealListByAll': () => ({ list: [granted], total: 1 }),
  })
  renderScreen('/authorization-success/1?authId=a77&smsSent=1', { path: '/authorization-success/:role', element: <AuthorizationSuccessPage /> })
  return api
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('授权书已签署: what the grantor is told (000 §2 /authorization-success)', () => {
  it('offers the invitation link from the configured template, which holds the social credit code', async () => {
    openAsGrantor('https://gov.example.cn/seal/accept?code={socialCreditCode}&id={authId}')
    expect(await screen.findByText('https://gov.example.cn/seal/accept?code=91110108MA01ABCDEN&id=a77', {}, { timeout: 3000 })).toBeTruthy()
    expect(screen.getByRole('button', { name: '复制邀请链接' })).toBeTruthy()
  })

  it('by default links to this site’s acceptance page', async () => {
    openAsGrantor()
    const link = `${window.location.origin}/authorization-start/personal?authId=a77&socialCreditCode=91110108MA01ABCDEN`
    expect(await screen.findByText(link, {}, { timeout: 3000 })).toBeTruthy()
  })

  it('offers no invitation link when no authorized-url is configured', async () => {
    const api = openAsGrantor('')
    await screen.findByText(/用章人：王小明/, {}, { timeout: 3000 })
    await waitFor(() => expect(api.to('POST /config/queryByIdentity')).toHaveLength(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByRole('button', { name: '复制邀请链接' })).toBeNull()
  })

  it('tells the grantor to have the seal user log into the government app, except in a plain browser', async () => {
    openAsGrantor()
    await screen.findByText(/已向用章人发送短信通知/, {}, { timeout: 3000 })
    expect(screen.queryByText(sealAuthMessages.govAppNote)).toBeNull()
    cleanup()

    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(messengerUserAgent)
    openAsGrantor()
    expect(await screen.findByText(sealAuthMessages.govAppNote, {}, { timeout: 3000 })).toBeTruthy()
  })
})
