import { describe, expect, it } from 'vitest'
import type { PersonalApplyDraft } from '@seal/shared/api/personal-seal'
import { makeDateOf, personalApplyPayload, sampleCounter } from './apply-payload.ts'
import { ageProblem, idSideProblem } from './identity-checks.ts'

const login = '110101199003071233'

describe('ID sides read by OCR', () => {
  it('accepts a front whose number is the login number, whatever the case of its check character', () => {
    expect(idSideProblem('front', { busSerialNo: 's', idCardNum: login }, login)).toBeNull()
    expect(idSideProblem('front', { busSerialNo: 's', idCardNum: '44030520000101789x' }, '44030520000101789X')).toBeNull()
  })

  it('refuses a front with another number: 证件号与登录号码不一致，请重新上传', () => {
    expect(idSideProblem('front', { busSerialNo: 's', idCardNum: '44030520000101789X' }, login)).toBe('证件号与登录号码不一致，请重新上传')
  })

  it('says 图片识别失败 when no number was read', () => {
    expect(idSideProblem('front', { busSerialNo: 's' }, login)).toBe('图片识别失败')
  })

  it('refuses a back without its validity period: 请上传正确的证件国徽面', () => {
    expect(idSideProblem('back', { busSerialNo: 's', idCardNum: login }, login)).toBe('请上传正确的证件国徽面')
    expect(idSideProblem('back', { busSerialNo: 's', authorDateStr: '2015.03.01-2035.03.01' }, login)).toBeNull()
  })
})

describe('applicant age', () => {
  it('refuses someone under the configured age with that age in the message', () => {
    // Born 2010-01-01: 15 on 2025-06-01.
    const id = '110101201001010015'
    expect(ageProblem(id, 14, new Date(2025, 5, 1))).toBeNull()
    expect(ageProblem(id, 16, new Date(2025, 5, 1))).toBe('未满16周岁人员不支持申请个人名章')
  })

  it('uses 14 when nothing is configured, counting full years from the birth date', () => {
    const id = '110101201001010015'
    expect(ageProblem(id, undefined, new Date(2023, 11, 31))).toBe('未满14周岁人员不支持申请个人名章')
    expect(ageProblem(id, undefined, new Date(2024, 0, 1))).toBeNull()
  })
})

describe('apply payload', () => {
  const draft: PersonalApplyDraft = {
    applyId: 'a1',
    personName: '张三',
    identityNum: login,
    tel: '13800138000',
    identityChecked: true,
    faceSerialNo: 'face-1',
    agreementFiles: [{ key: 'k', fileId: 'f' }],
    signatureId: 'sig-1',
    style: '2',
    step: 6,
  }

  it('dates the seal today as YYYYMMDD', () => {
    expect(makeDateOf(new Date(2025, 0, 9))).toBe('20250109')
  })

  it('sends the OCR serials, the face serial, the style and the password without spaces', () => {
    const built = personalApplyPayload({ draft, identity: { frontSerial: 'F', backSerial: 'B' }, pin: ' abc 123 ', today: new Date(2025, 0, 9) })
    expect(built).toEqual({
      body: {
        identityType: '111',
        personIdentity: login,
        personName: '张三',
        personFront: 'F',
        personBack: 'B',
        makeDate: '20250109',
        pin: 'abc123',
        sealTypeCode: '1000',
        tel: '13800138000',
        style: '2',
        serialNo: 'face-1',
        applyType: '1',
      },
    })
  })

  it('asks for the ID pictures again when their serials are gone', () => {
    expect(personalApplyPayload({ draft, identity: { frontSerial: 'F' }, pin: 'abc123', today: new Date() })).toEqual({ problem: 'identityMissing' })
  })

  it('counts the samples 1/3, 2/3, 3/3', () => {
    expect([0, 1, 2].map(sampleCounter)).toEqual(['1/3', '2/3', '3/3'])
  })
})
