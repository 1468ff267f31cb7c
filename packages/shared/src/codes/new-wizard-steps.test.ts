import { describe, expect, it } from 'vitest'
import { businessType } from './business-type.ts'
import {
  isApplicantKind,
  newWizardMaterials,
  newWizardSteps,
  readWizardQuery,
  wizardProgress,
} from './new-wizard-steps.ts'

describe('new wizard steps', () => {
  it('take a cancellation from unit info straight to the application form and the result', () => {
    expect(newWizardSteps('CANCEL', 'LEGAL_APPLY').map((s) => s.step)).toEqual(['1', '2-1', '2-2'])
    expect(newWizardSteps('CANCEL', 'OPERATOR_APPLY').map((s) => s.title)).toEqual([
      '填写单位信息',
      '上传申请表',
      '查看结果',
    ])
  })

  it('put the seal setup between unit info and the application form for every other business type', () => {
    for (const type of [
      businessType.APPLY,
      businessType.CHANGE,
      businessType.RENEWAL,
      businessType.RETRIEVE,
    ]) {
      for (const kind of ['LEGAL_APPLY', 'OPERATOR_APPLY'] as const) {
        expect(newWizardSteps(type, kind).map((s) => s.step)).toEqual(['1', '2', '3-1', '3-2'])
      }
    }
  })

  it('ask for the authorisation only when changing or renewing', () => {
    expect(newWizardSteps('CHANGE', 'LEGAL_APPLY')[1]!.description).toContain('授权')
    expect(newWizardSteps('RENEWAL', 'LEGAL_APPLY')[1]!.description).toContain('授权')
    expect(newWizardSteps('APPLY', 'LEGAL_APPLY')[1]!.description).not.toContain('授权')
  })

  it('tell an operator that the legal representative signs, and the legal representative not', () => {
    expect(newWizardSteps('APPLY', 'OPERATOR_APPLY').at(-1)!.description).toContain(
      '法定代表人在手机上完成签署',
    )
    expect(newWizardSteps('APPLY', 'LEGAL_APPLY').at(-1)!.description).not.toContain('签署')
  })

  it('show the leading number of a step as progress', () => {
    expect(wizardProgress('3-1')).toBe(3)
    expect(wizardProgress('2')).toBe(2)
  })

  it('list the operator ID only for operators and the seal impression only outside cancellation', () => {
    expect(newWizardMaterials('APPLY', 'OPERATOR_APPLY')).toContain('经办人身份证人像面和国徽面照片')
    expect(newWizardMaterials('APPLY', 'LEGAL_APPLY')).not.toContain('经办人身份证人像面和国徽面照片')
    expect(newWizardMaterials('CANCEL', 'LEGAL_APPLY')).not.toContain('实体印章印模照片')
  })

  it('ask no impression photo when recovering or renewing, where the seal keeps its picture', () => {
    for (const type of [businessType.RETRIEVE, businessType.RENEWAL]) {
      expect(newWizardMaterials(type, 'LEGAL_APPLY')).not.toContain('实体印章印模照片')
      expect(newWizardSteps(type, 'LEGAL_APPLY')[1]!.description).not.toContain('上传印章图片')
    }
    expect(newWizardSteps('RETRIEVE', 'LEGAL_APPLY')[1]!.description).toContain('设置新的法人用章密码')
    expect(newWizardSteps('RENEWAL', 'LEGAL_APPLY')[1]!.description).not.toContain('设置法人用章密码')
    expect(newWizardMaterials('CHANGE', 'LEGAL_APPLY')).toContain('实体印章印模照片')
  })

  it('tell a recovering legal representative the application form is always uploaded (no signing on the phone)', () => {
    expect(newWizardSteps('RETRIEVE', 'LEGAL_APPLY')[2]!.description).toBe('下载申请表，签字并加盖单位公章后拍照上传')
    expect(newWizardSteps('APPLY', 'LEGAL_APPLY')[2]!.description).toContain('单位核验未通过时')
  })

  it('read a known business type and applicant kind from the query and refuse anything else', () => {
    expect(readWizardQuery(new URLSearchParams('businessType=RENEWAL&applicatKind=OPERATOR_APPLY'))).toEqual({
      businessType: 'RENEWAL',
      applicantKind: 'OPERATOR_APPLY',
    })
    expect(
      readWizardQuery(new URLSearchParams('businessType=apply&applicatKind=LEGAL_APPLY')),
    ).toBeUndefined()
    expect(readWizardQuery(new URLSearchParams('businessType=APPLY'))).toBeUndefined()
    expect(isApplicantKind('toString')).toBe(false)
  })
})
