import type { SealItem } from '@seal/shared/api/seals'

/**
 * A seal as the seal list and detail calls answer it: by default the demo unit's contract seal in effect,
 * held by its legal representative (role 1), renewable. Screen tests change what they are about.
 */
export const sealItem = (overrides: Partial<SealItem> = {}): SealItem => ({
  id: 's1',
  sealName: '示例科技有限公司合同专用章',
  sealTypeCode: '04',
  sealCode: '1101080012345',
  status: '1',
  useType: '2',
  businessName: '示例科技有限公司',
  socialCreditCode: '91110108MA01ABCDEN',
  personName: '李四',
  personIdentity: '3101**********4562',
  certStartTime: Date.parse('2026-03-01T16:00:00Z'),
  certEndTime: Date.parse('2029-03-01T15:59:59Z'),
  sealPic: null,
  role: 1,
  failureReason: null,
  revokePerson: null,
  blnWillExpires: false,
  canRenewal: true,
  application: null,
  ...overrides,
})
