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

  it('tell an operator the real order: the legal representative signs in 待办中心 (personal login) first, then the platform reviews', () => {
    const result = newWizardSteps('APPLY', 'OPERATOR_APPLY').at(-1)!.description
    expect(result).toContain('个人登录')
    expect(result).toContain('待办中心')
    expect(result.indexOf('签署')).toBeLessThan(result.indexOf('审核'))
  })

  it('show the legal representative the page he sees (签署申请文件), not the upload he never sees, unless his unit verification failed', () => {
    for (const type of [businessType.APPLY, businessType.CHANGE, businessType.RENEWAL]) {
      expect(newWizardSteps(type, 'LEGAL_APPLY').map((s) => s.title)).toEqual(['填写单位信息', '设置印章', '签署申请文件', '查看结果'])
      expect(newWizardSteps(type, 'LEGAL_APPLY', { verificationFailed: true })[2]!.title).toBe('上传申请表')
    }
    expect(newWizardSteps('APPLY', 'LEGAL_APPLY').at(-1)!.description).toContain('审核')
    // Recovering always uploads the stamped form; an operator always does.
    expect(newWizardSteps('RETRIEVE', 'LEGAL_APPLY')[2]!.title).toBe('上传申请表')
    expect(newWizardSteps('APPLY', 'OPERATOR_APPLY')[2]!.title).toBe('上传申请表')
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
    // One name for the seal PIN everywhere (issue #19 §4): 印章密码.
    expect(newWizardSteps('RETRIEVE', 'LEGAL_APPLY')[1]!.description).toContain('设置新的印章密码')
    expect(newWizardSteps('RENEWAL', 'LEGAL_APPLY')[1]!.description).not.toContain('设置印章密码')
    expect(newWizardMaterials('CHANGE', 'LEGAL_APPLY')).toContain('实体印章印模照片')
  })

  it('tell a recovering legal representative the application form is always uploaded (no signing on the phone)', () => {
    expect(newWizardSteps('RETRIEVE', 'LEGAL_APPLY')[2]!.description).toBe('下载申请表，签字并加盖单位公章后拍照上传')
    expect(newWizardSteps('APPLY', 'LEGAL_APPLY', { verificationFailed: true })[2]!.description).toContain('转人工审核')
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
