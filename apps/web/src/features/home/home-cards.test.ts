import { describe, expect, it } from 'vitest'
import { configDefaults, type AppConfig } from '@seal/shared/api/config'
import type { LoginInfo } from '@seal/shared/api/auth'
import { applyTarget, homeCards, homeShortcuts } from './home-cards.ts'

const config = configDefaults as unknown as AppConfig
const person: LoginInfo = {
  kind: 'personal',
  personName: '张三',
  personCard: '110101199003071233',
  cardKind: '111',
  phone: '138****0001',
  socialCreditCode: null,
  companyName: null,
  unitTypeCode: null,
  verified: true,
}
const titles = (cards: { title: string }[]) => cards.map((card) => card.title)

describe('home cards', () => {
  it('shows every card to a personal login when authorization and binding are enabled', () => {
    expect(titles(homeCards(config, person))).toEqual(['电子印章申请', '管理我的印章', '完成印章授权', '印章绑定', '待办中心'])
  })

  it('hides 待办中心 for an enterprise login and the menus that are switched off', () => {
    const enterprise = { ...person, kind: 'enterprise' as const }
    expect(titles(homeCards({ ...config, authorizationMenu: false, bindingMenu: false }, enterprise))).toEqual(['电子印章申请', '管理我的印章'])
  })

  it('tells a personal login that 完成印章授权 is also where authorisations made to them are accepted', () => {
    const authorize = (me: LoginInfo) => homeCards(config, me).find((card) => card.key === 'authorize')!.description
    expect(authorize(person)).toBe('授权他人用章，或接受他人的授权')
    expect(authorize({ ...person, kind: 'enterprise' })).toBe('授权他人使用或管理印章')
  })

  it('routes the apply card by button config: 2 enterprise apply, 1 personal flow, else the readme', () => {
    expect(applyTarget(2)).toBe('/seal-apply')
    expect(applyTarget(1)).toBe('/personal-seal-apply/show-flow')
    expect(applyTarget(3)).toBe('/seal-apply/readme')
  })

  it('offers 用章 only to someone with a usable seal, and 验章 to everyone', () => {
    expect(homeShortcuts(0).map((shortcut) => [shortcut.title, shortcut.to])).toEqual([['验章', '/verify']])
    expect(homeShortcuts(2).map((shortcut) => [shortcut.title, shortcut.to])).toEqual([
      ['用章', '/seal-use'],
      ['验章', '/verify'],
    ])
  })
})
