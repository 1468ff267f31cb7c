import { describe, expect, it } from 'vitest'
import type { SealItem } from '@seal/shared/api/seals'
import { UNAVAILABLE_PREVIEW, activationRoute, formatDate, groupByStatus, initialTab, sealActions, visibleTabs } from './seal-list-logic.ts'
import { sealItem } from '../../../test/seal-item.ts'

const seal = (overrides: Partial<SealItem>): SealItem =>
  sealItem({ sealName: '合同专用章', certStartTime: Date.UTC(2026, 0, 1), certEndTime: Date.UTC(2027, 0, 1), ...overrides })

describe('seal list tabs', () => {
  it('shows the tabs buttonShowFlog asks for: 1 e-seals, 2 personal name seals, otherwise both', () => {
    expect(visibleTabs(1)).toEqual(['company'])
    expect(visibleTabs(2)).toEqual(['personal'])
    expect(visibleTabs(3)).toEqual(['company', 'personal'])
    expect(visibleTabs(0)).toEqual(['company', 'personal'])
  })

  it('opens the route’s tab when shown, else the one that is', () => {
    expect(initialTab('personal', ['company', 'personal'])).toBe('personal')
    expect(initialTab('company', ['company', 'personal'])).toBe('company')
    expect(initialTab('personal', ['company'])).toBe('company')
    expect(initialTab(undefined, ['personal'])).toBe('personal')
  })
})

describe('seal list groups', () => {
  it('orders pending activation (6, 7), changing (8), in effect (1), and puts the rest under 以下章不可用', () => {
    const seals = [
      seal({ id: 'valid', status: '1' }),
      seal({ id: 'cancelled', status: '2' }),
      seal({ id: 'changing', status: '8' }),
      seal({ id: 'not-made', status: '7' }),
      seal({ id: 'pending', status: '6' }),
      seal({ id: 'frozen', status: '10' }),
    ]
    const { groups, unavailable } = groupByStatus(seals)
    expect(groups.map((group) => [group.status, group.seals.map((s) => s.id)])).toEqual([
      ['6', ['pending']],
      ['7', ['not-made']],
      ['8', ['changing']],
      ['1', ['valid']],
    ])
    expect(unavailable.map((s) => s.id)).toEqual(['cancelled', 'frozen'])
    expect(UNAVAILABLE_PREVIEW).toBe(1)
  })

  it('sends pending seals to activation, the one not made yet to its own first step', () => {
    expect(activationRoute(seal({ status: '6' }))).toBe('/seal-active/step-1')
    expect(activationRoute(seal({ status: '7' }))).toBe('/seal-pending-active-no-make/step-1')
    expect(activationRoute(seal({ status: '1' }))).toBeNull()
  })
})

describe('seal detail actions (000 §6: kind × role × status)', () => {
  const labels = (item: SealItem, bindingMenu = true) => sealActions(item, { bindingMenu }).map((action) => action.label)
  const to = (item: SealItem) => Object.fromEntries(sealActions(item, { bindingMenu: true }).map((action) => [action.key, action.to]))
  const personal = (overrides: Partial<SealItem> = {}) => seal({ sealTypeCode: '1000', sealName: '王小明', ...overrides })

  it('offers the unit seal’s holder the management set, with renewal when the server’s renewal rule allows it (canRenewal), however far its end', () => {
    expect(labels(seal({}))).toEqual(['授权人员', '修改印章密码', '用章方式', '用章', '用章记录', '印章续期', '印章变更', '平台绑定记录', '注销印章'])
    // Not renewable (an administrative or public institution, 06): no renewal, even about to expire.
    expect(labels(seal({ canRenewal: false, blnWillExpires: true }))).toEqual(['授权人员', '修改印章密码', '用章方式', '用章', '用章记录', '印章变更', '平台绑定记录', '注销印章'])
    // Role null or 0 counts as the legal person (000 §3).
    expect(labels(seal({ role: 0 }))).toEqual(labels(seal({})))
    expect(to(seal({})).persons).toBe('/seal-person-list/company/s1')
    expect(to(seal({})).useType).toBe('/batch-modify-call-type?sealId=s1')
  })

  it('gives a unit seal’s manager (role 2) persons, records, renewal, change, binding records, cancellation and giving up the authorisation — no password, no use method', () => {
    expect(labels(seal({ role: 2 }))).toEqual(['授权人员', '用章', '用章记录', '印章续期', '印章变更', '平台绑定记录', '注销印章', '取消授权'])
  })

  it('offers a seal waiting for activation only 去激活 (its holder) and its records', () => {
    expect(labels(seal({ status: '6' }))).toEqual(['去激活', '用章记录'])
    expect(to(seal({ status: '6' })).activate).toBe('/seal-active/step-1?sealId=s1')
    expect(to(seal({ status: '7' })).activate).toBe('/seal-pending-active-no-make/step-1?sealId=s1')
    expect(labels(seal({ status: '6', role: 2 }))).toEqual(['用章记录'])
  })

  it('offers 取消印章申请 to whoever applied for a change, renewal or cancellation still to be signed or reviewed, done in place', () => {
    const application = (applyStatus: string, mine = true) => ({ id: 'a1', businessType: 'RENEWAL', applyStatus, mine })
    expect(labels(seal({ canRenewal: false, application: application('PENDING_REVIEW') }))).toContain('取消印章申请')
    expect(labels(seal({ role: 2, canRenewal: false, application: application('PENDING_SIGN') }))).toContain('取消印章申请')
    expect(sealActions(seal({ application: application('PENDING_REVIEW') }), { bindingMenu: true }).find((action) => action.key === 'cancelApplication')?.to).toBeUndefined()
    // Someone else's application, or one being made already: nothing to withdraw.
    expect(labels(seal({ application: application('PENDING_REVIEW', false) }))).not.toContain('取消印章申请')
    expect(labels(seal({ application: application('SEALING') }))).not.toContain('取消印章申请')
  })

  it('gives a unit seal’s authorised user (role 3) use, records and giving up the authorisation only', () => {
    expect(labels(seal({ role: 3 }))).toEqual(['用章', '用章记录', '取消授权'])
    expect(sealActions(seal({ role: 3 }), { bindingMenu: true }).find((action) => action.key === 'cancelAuth')?.to).toBeUndefined()
  })

  it('sends change, renewal and cancellation of a unit seal into the new wizard naming the seal; a manager applies as operator', () => {
    const holder = to(seal({}))
    expect(holder.change).toBe('/new/seal/home?businessType=CHANGE&applicatKind=LEGAL_APPLY&sealId=s1')
    expect(holder.renewal).toBe('/new/seal/home?businessType=RENEWAL&applicatKind=LEGAL_APPLY&sealId=s1')
    expect(holder.cancel).toBe('/new/seal/home?businessType=CANCEL&applicatKind=LEGAL_APPLY&sealId=s1')
    expect(to(seal({ role: 2 })).change).toBe('/new/seal/home?businessType=CHANGE&applicatKind=OPERATOR_APPLY&sealId=s1')
    expect(to(seal({ role: 2 })).cancel).toBe('/new/seal/home?businessType=CANCEL&applicatKind=OPERATOR_APPLY&sealId=s1')
  })

  it('keeps a unit seal not in effect to its records, and its authorised persons unless cancelled, pending renewal or changing', () => {
    expect(labels(seal({ status: '2' }))).toEqual(['用章记录'])
    expect(labels(seal({ status: '3' }))).toEqual(['用章记录'])
    expect(labels(seal({ status: '8' }))).toEqual(['用章记录'])
    expect(labels(seal({ status: '10' }))).toEqual(['授权人员', '用章记录'])
    expect(labels(seal({ status: '2', role: 2 }))).toEqual(['用章记录', '取消授权'])
  })

  it('offers a personal name seal’s holder persons, password, records, binding, binding records and cancellation', () => {
    expect(labels(personal())).toEqual(['授权人员', '修改印章密码', '用章', '用章记录', '印章绑定', '平台绑定记录', '注销印章'])
    expect(labels(personal(), false)).not.toContain('印章绑定')
    expect(to(personal()).records).toBe('/seal-use-record/personal/s1')
    expect(to(personal()).persons).toBe('/seal-person-list/personal/s1')
    expect(to(personal()).cancel).toBe('/seal-off/s1')
    expect(to(personal()).use).toBe('/seal-use/s1')
  })

  it('gives a personal name seal’s manager persons, their own password, records; an authorised user password and records; both may give up the authorisation', () => {
    expect(labels(personal({ role: 2 }))).toEqual(['授权人员', '修改印章密码', '用章', '用章记录', '取消授权'])
    expect(labels(personal({ role: 3 }))).toEqual(['修改印章密码', '用章', '用章记录', '取消授权'])
    expect(labels(personal({ status: '2' }))).toEqual(['用章记录'])
  })

  it('offers 用章 (ours, issue #12) to everyone with a role on a seal in effect, and to no one on a seal that is not', () => {
    for (const role of [1, 2, 3]) {
      expect(labels(seal({ role }))).toContain('用章')
      expect(labels(personal({ role }))).toContain('用章')
    }
    for (const status of ['2', '3', '8', '10']) expect(labels(seal({ status }))).not.toContain('用章')
  })
})

it('prints dates in China time', () => {
  expect(formatDate(Date.UTC(2026, 10, 21, 16, 30))).toBe('2026-11-22')
})
