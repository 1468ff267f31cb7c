import { describe, expect, it } from 'vitest'
import type { PersonalApplyDraft } from '@seal/shared/api/personal-seal'
import { continueRoute, flowStepList, nextRoute, personalStepLists, redirectFor, stepPosition } from './flow-steps.ts'

const draftAt = (step: number, more: Partial<PersonalApplyDraft> = {}): PersonalApplyDraft => ({
  applyId: 'a1',
  personName: '张三',
  identityNum: '110101199003071233',
  tel: '13800138000',
  identityChecked: true,
  faceSerialNo: null,
  agreementFiles: [],
  signatureId: null,
  style: null,
  step,
  ...more,
})

describe('step labels', () => {
  it('shows six steps with face verification', () => {
    expect(flowStepList(true).map((step) => step.title)).toEqual(['完善申请信息', '验证身份', '协议签署', '选择签名', '选择名章样式', '设置完成'])
  })

  it('drops the identity step without face verification', () => {
    expect(flowStepList(false).map((step) => step.title)).toEqual(['完善申请信息', '协议签署', '选择签名', '选择名章样式', '设置完成'])
    expect(stepPosition('face', false)).toBe(-1)
    expect(stepPosition('signature', false)).toBe(2)
  })

  it('keeps the other step lists the spec shows: five, four without face, and the two-step seal application', () => {
    expect(personalStepLists.fiveSteps).toHaveLength(5)
    expect(personalStepLists.fourSteps.map((step) => step.key)).not.toContain('face')
    expect(personalStepLists.sealApplication.map((step) => step.title)).toEqual(['完善申请信息', '选择印章'])
  })
})

describe('continuing from a draft', () => {
  it('starts at step 1 without a draft', () => {
    expect(continueRoute(null, true)).toBe('/personal-seal-apply/step-1')
  })

  it('continues with face verification after the identity step, or with the agreements when it is off', () => {
    expect(continueRoute(draftAt(2), true)).toBe('/personal-seal-apply/step-2')
    expect(continueRoute(draftAt(2), false)).toBe('/personal-seal-apply/apply-agreement-sample')
  })

  it('continues at the step the person stopped at', () => {
    expect(continueRoute(draftAt(3), true)).toBe('/personal-seal-apply/apply-agreement-sample')
    expect(continueRoute(draftAt(4), true)).toBe('/personal-seal-apply/step-4')
    expect(continueRoute(draftAt(5), true)).toBe('/personal-seal-apply/step-5')
    expect(continueRoute(draftAt(6), true)).toBe('/personal-seal-apply/step-6')
  })

  it('sends a step not reached yet to the furthest step reached, and leaves earlier steps open', () => {
    expect(redirectFor('style', draftAt(3), true)).toBe('/personal-seal-apply/apply-agreement-sample')
    expect(redirectFor('password', null, true)).toBe('/personal-seal-apply/step-1')
    expect(redirectFor('identity', draftAt(5), true)).toBeNull()
    expect(redirectFor('signature', draftAt(5), true)).toBeNull()
  })

  it('moves past the face step when face verification is off', () => {
    expect(redirectFor('face', draftAt(4), false)).toBe('/personal-seal-apply/step-4')
    expect(redirectFor('agreement', draftAt(2), false)).toBeNull()
  })

  it('goes from the identity step to the face step or, without it, to the agreements', () => {
    expect(nextRoute('identity', true)).toBe('/personal-seal-apply/step-2')
    expect(nextRoute('identity', false)).toBe('/personal-seal-apply/apply-agreement-sample')
    expect(nextRoute('agreement', true)).toBe('/personal-seal-apply/step-4')
    expect(nextRoute('style', false)).toBe('/personal-seal-apply/step-6')
  })
})
