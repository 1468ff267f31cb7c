import { describe, expect, it } from 'vitest'
import { idBackProblem, idFrontProblem } from './recognition.ts'

const now = Date.parse('2026-05-01T04:00:00Z')

describe('ID card checks of step 1', () => {
  it('asks for a valid card when the portrait side lacks a number or a name', () => {
    expect(idFrontProblem({ busSerialNo: 's', idCardNum: '110101199003077777', userName: '' })).toBe('请上传有效证件！')
    expect(idFrontProblem({ busSerialNo: 's', userName: '张三' })).toBe('请上传有效证件！')
  })

  it('refuses another person than the expected one, comparing only the visible characters of a masked number', () => {
    const ocr = { busSerialNo: 's', idCardNum: '11010119900307777x', userName: '张三' }
    expect(idFrontProblem(ocr, { who: '法人', idNo: '11010119900307777X' })).toBeNull()
    expect(idFrontProblem(ocr, { who: '经办人', idNo: '110101199003078888' })).toBe('上传证件信息与当前经办人身份信息不一致，请重新上传！')
    expect(idFrontProblem(ocr, { who: '法人', idNo: '110***********777X', name: '张三' })).toBeNull()
    expect(idFrontProblem(ocr, { who: '法人', idNo: '110***********777X', name: '李四' })).toBe('上传证件信息与当前法人身份信息不一致，请重新上传！')
  })

  it('needs a validity end on the emblem side and refuses an expired card', () => {
    expect(idBackProblem({ busSerialNo: 's' }, now)).toBe('请上传有效证件！')
    expect(idBackProblem({ busSerialNo: 's', expiredDateStr: '20260430' }, now)).toBe('证件已过期，请上传有效证件！')
    expect(idBackProblem({ busSerialNo: 's', expiredDateStr: '20260501' }, now)).toBeNull()
    expect(idBackProblem({ busSerialNo: 's', expiredDateStr: '长期' }, now)).toBeNull()
  })
})
