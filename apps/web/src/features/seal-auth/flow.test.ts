import { describe, expect, it } from 'vitest'
import { messages } from '@seal/shared/messages'
import { beijingDayStart } from '@seal/shared/text/beijing-time'
import type { AvailableSeal } from './api.ts'
import { authFormProblem, authItemsFor, decodeSignInfo, encodeSignInfo, invitationLink, invitationText, sealAuthRuleProblem, sealsToChoose, type AuthForm } from './flow.ts'

const now = Date.parse('2026-11-25T06:00:00Z')
const valid: AuthForm = { name: '王小明', personIdentity: '11010519920315002X', phone: '13800000003', useType: 2, authUseType: 1, startTime: beijingDayStart(now), endTime: now + 30 * 86_400_000 }
const context = { now, certEndTime: now + 365 * 86_400_000 }

describe('the authorisation form', () => {
  it('answers the first problem in the order of the fields (000 §5)', () => {
    expect(authFormProblem({ ...valid, name: '王 小明', personIdentity: '', phone: '123' }, context)).toBe(messages.invalidSealUserName)
    expect(authFormProblem({ ...valid, personIdentity: '', phone: '123' }, context)).toBe(messages.idCardRequired)
    expect(authFormProblem({ ...valid, personIdentity: '110105199203150021', phone: '123' }, context)).toBe(messages.invalidIdCard)
    expect(authFormProblem({ ...valid, phone: '123' }, context)).toBe(messages.invalidPhone)
    expect(authFormProblem({ ...valid, authUseType: null, endTime: null }, context)).toBe(messages.authorizationItemRequired)
    expect(authFormProblem({ ...valid, endTime: null }, context)).toBe(messages.endTimeRequired)
    expect(authFormProblem(valid, context)).toBeNull()
  })

  it('offers what the scope allows, and a manager only use (000 §5)', () => {
    expect(authItemsFor(2, 1).map((i) => i.label)).toEqual(['授权使用', '授权管理'])
    expect(authItemsFor(1, 1).map((i) => i.label)).toEqual(['授权管理'])
    expect(authItemsFor(2, 2).map((i) => i.label)).toEqual(['授权使用'])
  })
})

describe('the seal-auth rules', () => {
  it('needs every type of an and-rule and one of an or-rule', () => {
    expect(sealAuthRuleProblem([{ enabled: true, mode: 'and', sealTypeCodes: ['01', '04'] }], ['04'])).toBe('需要拥有单位公章、合同专用章,才能进行授权')
    expect(sealAuthRuleProblem([{ enabled: true, mode: 'or', sealTypeCodes: ['01', '02'] }], ['04'])).toBe('需要拥有单位公章、财务专用章其中一种类型印章,才能进行授权')
    expect(sealAuthRuleProblem([{ enabled: true, mode: 'or', sealTypeCodes: ['01', '02'] }], ['02'])).toBeNull()
    expect(sealAuthRuleProblem([{ enabled: false, mode: 'and', sealTypeCodes: ['01'] }], [])).toBeNull()
  })
})

describe('choosing a seal and the signing link', () => {
  const seal = (sealTypeCode: string, sealCode: string) => ({ sealId: sealCode, sealTypeCode, sealCode }) as AvailableSeal
  it('lists seals by type code, or the one sealCode names', () => {
    const seals = [seal('04', 'b'), seal('01', 'a')]
    expect(sealsToChoose(seals, null).map((s) => s.sealCode)).toEqual(['a', 'b'])
    expect(sealsToChoose(seals, 'b').map((s) => s.sealCode)).toEqual(['b'])
  })
  it('carries the signing info through the path and refuses a broken one', () => {
    const info = { stashAuthId: 's1', sealId: 'x', sealCode: 'c', sealTypeCode: '04', personIdentity: '1', personName: '王/小明', socialCreditCode: null, personType: 1 }
    expect(decodeSignInfo(encodeSignInfo(info))).toEqual(info)
    expect(decodeSignInfo('%7Bbroken')).toBeNull()
  })
  it('writes the invitation with the masked phone and the validity', () => {
    const text = invitationText({ inviter: '示例科技有限公司', sealName: '合同专用章', sealTypeCode: '04', authorizer: '李四', phone: '13800000003', startTime: Date.parse('2026-11-24T16:00:00Z'), endTime: Date.parse('2026-12-24T15:59:59Z'), link: 'https://x/y' })
    expect(text).toContain('138****0003')
    expect(text).toContain('2026.11.25至2026.12.24')
  })
})

describe('the use-method switch', () => {
  it('lists the units whose seals in effect the caller holds, with their current method', async () => {
    const { heldUnits } = await import('./use-method-page.tsx')
    const seal = (role: number, status: string, useType: string, sealTypeCode = '01') => ({ role, status, useType, sealTypeCode }) as never
    const groups = [
      { businessName: '甲公司', socialCreditCode: 'A', list: [seal(1, '1', '1'), seal(1, '2', '2')] },
      { businessName: '乙公司', socialCreditCode: 'B', list: [seal(3, '1', '2')] },
    ]
    expect(heldUnits(groups)).toEqual([{ socialCreditCode: 'A', businessName: '甲公司', useType: 1, count: 1 }])
  })
})

describe('the invitation link', () => {
  it('fills the configured template with the social credit code and the authorisation, on this site for a path', () => {
    expect(invitationLink('/authorization-start/personal?authId={authId}&socialCreditCode={socialCreditCode}', { authId: 'a 1', socialCreditCode: '91110108MA01ABCDEN' }, 'https://seal.example.cn')).toBe(
      'https://seal.example.cn/authorization-start/personal?authId=a%201&socialCreditCode=91110108MA01ABCDEN',
    )
    expect(invitationLink('https://gov.example.cn/accept?code={socialCreditCode}', { authId: 'a1', socialCreditCode: null }, 'https://seal.example.cn')).toBe('https://gov.example.cn/accept?code=')
  })

  it('is none when no authorized-url is configured', () => {
    expect(invitationLink('', { authId: 'a1', socialCreditCode: 'X' }, 'https://seal.example.cn')).toBeNull()
  })
})
