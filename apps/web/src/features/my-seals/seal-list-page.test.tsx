import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { LoginInfo } from '@seal/shared/api/auth'
import type { SealItem, WillExpireAuth, WillExpires } from '@seal/shared/api/seals'
import { appConfig, fakeApi, legalRepresentative } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { SealListPage } from './seal-list-page.tsx'
import { sealItem } from '../../../test/seal-item.ts'

vi.setConfig({ testTimeout: 20_000 })

const seal = (overrides: Partial<SealItem>): SealItem => sealItem({ sealName: '示例科技有限公司', sealTypeCode: '01', ...overrides })

const ending = seal({ id: 's2', sealName: '示例科技有限公司合同专用章', sealTypeCode: '04', certEndTime: Date.parse('2026-12-10T15:59:59Z'), blnWillExpires: true })
const lasting = seal({ id: 's1' })
const auth: WillExpireAuth = {
  authId: 'a1',
  sealId: 's9',
  sealName: '另一单位合同专用章',
  sealTypeCode: '04',
  businessName: '另一单位',
  socialCreditCode: '91110108MA01ABCDEF',
  startTime: Date.parse('2026-11-01T16:00:00Z'),
  endTime: Date.parse('2026-11-30T15:59:59Z'),
  authUseType: 1,
}
const employee: LoginInfo = { ...legalRepresentative, kind: 'personal', socialCreditCode: '', companyName: '' }

function serve(willExpire: WillExpires, me: LoginInfo = legalRepresentative) {
  return fakeApi({
    'GET /auth/me': () => me,
    'POST /config/queryByIdentity': () => appConfig({ buttonShowFlog: 1 }),
    'POST /seal/queryGroupByBusiness': () => [{ businessName: '示例科技有限公司', socialCreditCode: '91110108MA01ABCDEN', list: [lasting, ending] }],
    'POST /seal/v4/queryWillExpires': () => willExpire,
  })
}

const open = () => renderScreen('/seal-preview-list/company', { path: '/seal-preview-list/:type', element: <SealListPage /> })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('/seal-preview-list 即将到期', () => {
  it('marks the seal the server says is about to expire, and no other, and says so above the list', async () => {
    serve({ seals: [ending], auths: [] })
    open()
    const endingCard = await screen.findByRole('article', { name: '示例科技有限公司合同专用章' })
    expect(within(endingCard).getByText('即将到期')).toBeTruthy()
    expect(within(screen.getByRole('article', { name: '示例科技有限公司' })).queryByText('即将到期')).toBeNull()
    const notice = await screen.findByRole('status', { name: '即将到期提醒' })
    expect(notice.textContent).toContain('您有1枚印章即将到期（最早2026-12-10到期），请及时续期')
    expect(notice.textContent).not.toContain('授权')
  })

  it('tells a seal user of their authorisation ending soon and opens the authorisation list', async () => {
    const api = serve({ seals: [], auths: [auth] }, employee)
    open()
    const notice = await screen.findByRole('status', { name: '即将到期提醒' })
    expect(notice.textContent).toContain('您有1项印章授权即将到期（最早2026-11-30到期），到期后将无法使用该印章')
    expect(api.to('POST /seal/v4/queryWillExpires')[0]!.body).toEqual({ needPic: false })
    fireEvent.click(within(notice).getByRole('button', { name: '查看' }))
    expect((await screen.findByTestId('location')).textContent).toBe('/authorization/personal')
  })

  it('shows no notice when nothing ends soon', async () => {
    serve({ seals: [], auths: [] })
    open()
    await screen.findByRole('article', { name: '示例科技有限公司合同专用章' })
    expect(screen.queryByRole('status', { name: '即将到期提醒' })).toBeNull()
  })
})

describe('/seal-preview-list opens on the tab that has seals', () => {
  it('a grantee without a name seal lands on 电子印章, where the unit seal they are authorised on is', async () => {
    fakeApi({
      'GET /auth/me': () => employee,
      'POST /config/queryByIdentity': () => appConfig({ buttonShowFlog: 3 }),
      'POST /seal/queryPersonSeals': () => [],
      'POST /seal/queryGroupByBusiness': () => [{ businessName: '示例科技有限公司', socialCreditCode: '91110108MA01ABCDEN', list: [ending] }],
      'POST /seal/v4/queryWillExpires': () => ({ seals: [], auths: [] }),
    })
    renderScreen('/seal-preview-list/personal', { path: '/seal-preview-list/:type', element: <SealListPage /> })
    expect(await screen.findByRole('article', { name: '示例科技有限公司合同专用章' })).toBeTruthy()
    expect(screen.getByRole('tab', { name: '电子印章' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.queryByText('暂无可用电子印章信息，请联系法人申请或授权使用')).toBeNull()
  })

  it('a person with a name seal still opens on 个人名章', async () => {
    fakeApi({
      'GET /auth/me': () => employee,
      'POST /config/queryByIdentity': () => appConfig({ buttonShowFlog: 3 }),
      'POST /seal/queryPersonSeals': () => [seal({ id: 'p1', sealName: '李四', sealTypeCode: '1000' })],
      'POST /seal/queryGroupByBusiness': () => [{ businessName: '示例科技有限公司', socialCreditCode: '91110108MA01ABCDEN', list: [ending] }],
      'POST /seal/v4/queryWillExpires': () => ({ seals: [], auths: [] }),
    })
    renderScreen('/seal-preview-list/personal', { path: '/seal-preview-list/:type', element: <SealListPage /> })
    expect(await screen.findByRole('article', { name: '李四' })).toBeTruthy()
    expect(screen.getByRole('tab', { name: '个人名章' }).getAttribute('aria-selected')).toBe('true')
  })
})
