import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, configure, fireEvent, screen, within } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { appConfig, fakeApi, legalRepresentative } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { AuthFormPage } from './form-page.tsx'
import type { AvailableSeal } from './api.ts'

vi.setConfig({ testTimeout: 20_000 })
configure({ asyncUtilTimeout: 8000 })

const seal: AvailableSeal = {
  sealId: 's1',
  sealTypeCode: '04',
  sealName: '示例科技有限公司合同专用章',
  sealCode: '1101080012345',
  businessName: '示例科技有限公司',
  socialCreditCode: '91110108MA01ABCDEN',
  role: 1,
  certStartTime: Date.now() - 86_400_000,
  certEndTime: Date.now() + 365 * 86_400_000,
  sealPic: null,
}

function open() {
  // antd-mobile's stylesheet (not loaded here) hides its native radio inputs, from sight and from screen readers.
  const hidden = document.createElement('style')
  hidden.textContent = '.adm-radio input[type=radio] { display: none }'
  document.head.append(hidden)
  sessionStorage.setItem('seal-auth:seal', JSON.stringify(seal))
  fakeApi({ 'GET /auth/me': () => legalRepresentative, 'POST /config/queryByIdentity': () => appConfig({ scope: 2 }) })
  renderScreen('/seal-info-form', { path: '/seal-info-form', element: <AuthFormPage /> })
}

/** The form row of a field, found by its label. */
const fieldOf = (label: string) => screen.getByText(label, { selector: '.adm-form-item-label, .adm-form-item-label *' }).closest('.adm-form-item') as HTMLElement

afterEach(() => {
  Toast.clear()
  cleanup()
  sessionStorage.clear()
  vi.unstubAllGlobals()
})

describe('/seal-info-form 填写用章人信息', () => {
  it('says what is wrong at the field itself, not once under the whole form', async () => {
    open()
    const name = await screen.findByRole('textbox', { name: '用章人姓名' })
    fireEvent.change(name, { target: { value: '王 小明' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '下一步' })))
    expect(within(fieldOf('姓名')).getByText(messages.invalidSealUserName)).toBeTruthy()
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(within(fieldOf('身份证号')).getByText(messages.idCardRequired)).toBeTruthy()
    expect(within(fieldOf('授权事项')).getByText(messages.authorizationItemRequired)).toBeTruthy()
    expect(within(fieldOf('结束时间')).getByText(messages.endTimeRequired, { selector: '.seal-auth-field-problem' })).toBeTruthy()
    // Corrected, a field no longer says it.
    fireEvent.change(name, { target: { value: '王小明' } })
    expect(within(fieldOf('姓名')).queryByText(messages.invalidSealUserName)).toBeNull()
  })

  it('keeps the name box clear of the directory link, so its placeholder reads whole', async () => {
    open()
    await screen.findByRole('textbox', { name: '用章人姓名' })
    expect(within(fieldOf('姓名')).queryByText('从组织架构选择')).toBeNull()
    expect(screen.getByRole('button', { name: '从组织架构选择' })).toBeTruthy()
  })

  it('offers 用章方式 and 授权事项 as radio groups a screen reader can tell', async () => {
    open()
    const method = await screen.findByRole('radiogroup', { name: '用章方式' })
    const choices = within(method).getAllByRole('radio')
    expect(choices.map((c) => [c.textContent, c.getAttribute('aria-checked')])).toEqual([
      ['签名用章', 'false'],
      ['密码用章', 'true'],
      ['签名+密码用章', 'false'],
    ])
    fireEvent.keyDown(choices[0]!, { key: ' ' })
    expect(within(method).getAllByRole('radio')[0]!.getAttribute('aria-checked')).toBe('true')
    const item = screen.getByRole('radiogroup', { name: '授权事项' })
    fireEvent.click(within(item).getByRole('radio', { name: '授权使用' }))
    expect(within(item).getByRole('radio', { name: '授权使用' }).getAttribute('aria-checked')).toBe('true')
  })
})
