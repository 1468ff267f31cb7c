import { describe, expect, it } from 'vitest'
import type { SealRecord } from '@seal/shared/api/older-apply'
import { sealOptionsOf } from './seal-options.ts'

const types = ['01', '02', '03', '04', '05', '99'].map((sealTypeCode) => ({ sealTypeCode, sealTypeName: `T${sealTypeCode}`, canMake: true }))
const record = (sealTypeCode: string, status: string, sealCode = `C${sealTypeCode}${status}`): SealRecord => ({
  sealId: `s-${sealTypeCode}-${status}`,
  sealTypeCode,
  sealTypeName: '',
  sealName: '',
  sealCode,
  status,
  personName: '李四',
  unitAdminNum: '110108',
  businessName: '示例科技有限公司',
  personIdentity: '3101***4562',
  extraMark: '',
})
const byType = (options: ReturnType<typeof sealOptionsOf>) => Object.fromEntries(options.map((option) => [option.sealTypeCode, option]))

describe('the older wizard’s seal-type options (001 §4 "Seal-type choice")', () => {
  it('with no records chooses the unit seal for a new application and leaves the rest unchosen', () => {
    const options = byType(sealOptionsOf({ types, records: [], cannot: [] }))
    expect(options['01']).toMatchObject({ kind: 'official', chooseStatus: true, canMake: true, _businessType: 1, _isRecord: false, _recordsNumber: 0 })
    expect(options['04']).toMatchObject({ kind: 'apply', chooseStatus: false, canMake: true })
  })

  it('reads each record’s status: 7 chosen to activate, 4 to activation, 1 a change, 8 changing, in application not choosable', () => {
    const records = [record('01', '1'), record('02', '7'), record('03', '4'), record('04', '8'), record('05', '2')]
    const options = byType(sealOptionsOf({ types, records, cannot: [{ sealTypeCode: '99', applying: true }] }))
    expect(options['01']).toMatchObject({ kind: 'inEffect', canMake: false, chooseStatus: false, status: '1', _sealCode: 'C011' })
    expect(options['02']).toMatchObject({ kind: 'activate', chooseStatus: true, _businessType: 2, canMake: false })
    expect(options['03']).toMatchObject({ kind: 'pendingActivation', canMake: false })
    expect(options['04']).toMatchObject({ kind: 'changing', canMake: false })
    // A cancelled seal does not stop a new one: its record counts for step 4-1.
    expect(options['05']).toMatchObject({ kind: 'apply', canMake: true, _isRecord: true, _recordsNumber: 1, status: '' })
    // Other-type seals are many: one in application does not stop another.
    expect(options['99']).toMatchObject({ kind: 'apply', canMake: true })
  })

  it('says a type the unit applies for is in application', () => {
    const options = byType(sealOptionsOf({ types, records: [record('04', '5')], cannot: [{ sealTypeCode: '02', applying: true }] }))
    expect(options['02']).toMatchObject({ kind: 'applying', _applyIng: true, canMake: false })
    expect(options['04']).toMatchObject({ kind: 'applying', canMake: false })
  })
})
