import type { WaitActiveSeal } from '@seal/shared/api/activation'
import type { LoginInfo } from '@seal/shared/api/auth'
import { idCardCheckCharacter } from '@seal/shared/rules/id-card'

/** Test data of the activation screens: the legal representative of 示例科技 and a seal waiting for him. */
export const LEGAL_ID = '11010519491231002' + idCardCheckCharacter('11010519491231002')

export const legalLogin: LoginInfo = {
  kind: 'personal',
  personName: '张伟',
  personCard: LEGAL_ID,
  cardKind: '111',
  phone: '138****8000',
  socialCreditCode: null,
  companyName: null,
  unitTypeCode: null,
  verified: true,
}

export const waitingSeal = (overrides: Partial<WaitActiveSeal> = {}): WaitActiveSeal => ({
  id: 'seal-1',
  sealId: 'seal-1',
  sealName: '示例科技有限公司公章',
  sealTypeCode: '01',
  sealTypeName: '单位公章',
  sealCode: '110108000001',
  businessName: '示例科技有限公司',
  socialCreditCode: '91110108MA01ABCDEN',
  sealPic: '/api/seal/picture/f1?access_token=t',
  status: '4',
  certStartTime: Date.parse('2026-03-01T16:00:00Z'),
  certEndTime: Date.parse('2029-03-01T15:59:59Z'),
  ...overrides,
})
