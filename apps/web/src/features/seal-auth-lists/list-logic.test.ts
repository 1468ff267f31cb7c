import { afterEach, describe, expect, it } from 'vitest'
import type { AuthorisedPerson, AuthorizationItem } from '@seal/shared/api/seal-auth'
import { messages } from '@seal/shared/messages'
import { nextAuthorizationPage } from './api.ts'
import {
  authorizationTarget,
  authorizationUseTypeLabel,
  canRevoke,
  editAuthorisedPersonTarget,
  newAuthorisedPersonTarget,
  periodText,
  readAuthorizationTab,
  removalRefusal,
  showsRowLinks,
  storeAuthorizationTab,
} from './list-logic.ts'

const item = (overrides: Partial<AuthorizationItem> = {}): AuthorizationItem => ({
  id: 'a1',
  authId: 'a1',
  businessName: '示例科技有限公司',
  name: '王小明',
  phone: '138****0000',
  personIdentity: '1101**********1234',
  identityType: '111',
  sealTypeCode: '04',
  sealName: '示例科技有限公司合同专用章',
  sealCode: '1101080012345',
  sealId: 's1',
  socialCreditCode: '91110108MA01ABCDEN',
  startTime: Date.parse('2026-03-01T16:00:00Z'),
  endTime: Date.parse('2026-03-31T15:59:59Z'),
  authFileId: 'f1',
  authStatus: 1,
  authUseType: 1,
  useType: 2,
  mine: false,
  grantorName: '张三',
  ...overrides,
})

const person = (overrides: Partial<AuthorisedPerson> = {}): AuthorisedPerson => ({
  id: 'a1',
  name: '王小明',
  personIdentity: '1101**********1234',
  phone: '138****0000',
  startTime: 0,
  endTime: 0,
  useType: 2,
  authUseType: 1,
  lawPersonFlag: 0,
  sealId: 's1',
  authStatus: 2,
  ...overrides,
})

const personal = { kind: 'personal' } as const
const enterprise = { kind: 'enterprise' } as const

describe('tapping an authorisation (000 §4)', () => {
  it('opens acceptance for the logged-in person’s own waiting authorisation', () => {
    expect(authorizationTarget(item({ mine: true }), personal)).toBe('/authorization-start/personal?authId=a1&sealId=s1')
  })

  it('opens the letter otherwise: someone else’s, one in force or ended, or an enterprise login', () => {
    expect(authorizationTarget(item(), personal)).toBe('/auth-file/f1')
    expect(authorizationTarget(item({ mine: true, authStatus: 2 }), personal)).toBe('/auth-file/f1')
    expect(authorizationTarget(item({ mine: true, authStatus: 3 }), personal)).toBe('/auth-file/f1')
    expect(authorizationTarget(item({ mine: true }), enterprise)).toBe('/auth-file/f1')
  })

  it('opens nothing without a letter', () => {
    expect(authorizationTarget(item({ authFileId: null, authStatus: 3 }), personal)).toBeNull()
  })
})

describe('revoking from the list (000 §4, §6)', () => {
  it('offers 撤销授权 on the 授权中 tab only, and never on the person’s own', () => {
    expect(canRevoke(item(), 1)).toBe(true)
    expect(canRevoke(item({ mine: true }), 1)).toBe(false)
    expect(canRevoke(item({ authStatus: 2 }), 2)).toBe(false)
    expect(canRevoke(item({ authStatus: 3 }), 3)).toBe(false)
  })
})

describe('the list’s pages', () => {
  it('asks for another page while the total is not reached', () => {
    const list = Array.from({ length: 10 }, (_, i) => item({ authId: `a${i}` }))
    expect(nextAuthorizationPage({ list, total: 25, page: 1 })).toBe(2)
    expect(nextAuthorizationPage({ list, total: 25, page: 2 })).toBe(3)
    expect(nextAuthorizationPage({ list: list.slice(0, 5), total: 25, page: 3 })).toBeUndefined()
    expect(nextAuthorizationPage({ list, total: 10, page: 1 })).toBeUndefined()
    expect(nextAuthorizationPage({ list: [], total: 30, page: 4 })).toBeUndefined()
  })
})

describe('the tab kept for the session', () => {
  afterEach(() => sessionStorage.clear())
  it('opens 授权中 first, then where the person left it', () => {
    expect(readAuthorizationTab()).toBe(1)
    storeAuthorizationTab(3)
    expect(readAuthorizationTab()).toBe(3)
    sessionStorage.setItem('seal.authorizationTab', '9')
    expect(readAuthorizationTab()).toBe(1)
  })
})

describe('authorised persons (000 §5)', () => {
  const company = (role: number | null) => ({ type: 'company' as const, role })

  it('never removes the legal person’s row, saying why; on a personal seal the holder hears they cannot remove themselves', () => {
    const legal = person({ lawPersonFlag: 1, authUseType: 2 })
    expect(removalRefusal(legal, company(1))).toBe(messages.cannotRemoveLegalPersonAuthorization)
    expect(removalRefusal(legal, company(2))).toBe(messages.cannotRemoveLegalPersonAuthorization)
    expect(removalRefusal(legal, { type: 'personal', role: 1 })).toBe(messages.legalPersonCannotRemoveSelf)
    expect(removalRefusal(legal, { type: 'personal', role: null })).toBe(messages.legalPersonCannotRemoveSelf)
    expect(showsRowLinks(legal, company(1))).toBe(false)
  })

  it('lets a manager remove users but not managers; the holder removes both', () => {
    const manager = person({ authUseType: 2 })
    const user = person({ authUseType: 1 })
    expect(removalRefusal(manager, company(2))).toBe(messages.cannotRemoveManagerAuthorization)
    expect(showsRowLinks(manager, company(2))).toBe(false)
    expect(showsRowLinks(user, company(2))).toBe(true)
    expect(showsRowLinks(manager, company(1))).toBe(true)
    expect(showsRowLinks(manager, company(0))).toBe(true)
  })

  it('links 新增授权人 to this seal’s grant and 编辑 to the authorisation’s use-method switch', () => {
    expect(newAuthorisedPersonTarget({ id: 's1', sealCode: '1101080012345' })).toBe('/authorization-start/company?sealCode=1101080012345&sealId=s1')
    expect(editAuthorisedPersonTarget(person())).toBe('/batch-modify-call-type?sealId=s1&authId=a1')
  })
})

describe('how an authorisation reads', () => {
  it('shows periods as year.month.day in Beijing', () => {
    expect(periodText(Date.parse('2026-03-01T16:00:00Z'), Date.parse('2026-03-31T15:59:59Z'))).toBe('2026.03.02 - 2026.03.31')
    expect(periodText(null, 1)).toBe('—')
  })

  it('names the use methods of the authorisation reading (0 and 1 both signature)', () => {
    expect([0, 1, 2, 3, 4].map(authorizationUseTypeLabel)).toEqual(['签名用章', '签名用章', '密码用章', '签名+密码用章', '绑定码用章'])
  })
})
