import { describe, expect, it } from 'vitest'
import { sealNameFor } from './seal-names.ts'

describe('seal names', () => {
  const form = { legalPersonName: ' 李四 ' }
  it('names the official seal by the unit, the named types after it, the name seal after the legal representative', () => {
    expect(sealNameFor({ sealTypeCode: '01', sealName: '旧名有限公司', sealTypeName: '单位公章' }, form, '新名有限公司')).toBe('新名有限公司')
    expect(sealNameFor({ sealTypeCode: '04', sealName: '', sealTypeName: '合同专用章' }, form, '新名有限公司')).toBe('新名有限公司合同专用章')
    expect(sealNameFor({ sealTypeCode: '05', sealName: '', sealTypeName: '法定代表人名章' }, form, '新名有限公司')).toBe('李四印')
    expect(sealNameFor({ sealTypeCode: '99', sealName: ' 项目章 ', sealTypeName: '其他' }, form, '新名有限公司')).toBe('项目章')
  })
})
