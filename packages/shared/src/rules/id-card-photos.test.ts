import { describe, expect, it } from 'vitest'
import { idBackProblem, idFrontProblem, sameIdNumber } from './id-card-photos.ts'

const legal = { who: '法人' as const, idNo: '11010519491231002X', name: '张伟' }

describe('ID card photos (001 §5)', () => {
  it('accepts the expected person, whatever the case of the check character', () => {
    expect(idFrontProblem({ idCardNum: '11010519491231002x', userName: ' 张伟 ' }, legal)).toBeNull()
  })

  it('asks for a valid card when the number or the name was not read', () => {
    expect(idFrontProblem({ idCardNum: '11010519491231002X', userName: '' }, legal)).toBe('请上传有效证件！')
    expect(idFrontProblem({ userName: '张伟' })).toBe('请上传有效证件！')
  })

  it("says the card is not the current legal representative's when the number or the name differs", () => {
    expect(idFrontProblem({ idCardNum: '110101199003071233', userName: '张伟' }, legal)).toBe('上传证件信息与当前法人身份信息不一致，请重新上传！')
    expect(idFrontProblem({ idCardNum: '11010519491231002X', userName: '李四' }, legal)).toBe('上传证件信息与当前法人身份信息不一致，请重新上传！')
  })

  it('compares a masked number by the characters it shows', () => {
    expect(sameIdNumber('11010519491231002X', '1101**********002X')).toBe(true)
    expect(sameIdNumber('110105194912310021', '1101**********002X')).toBe(false)
    expect(sameIdNumber('1101051949123100', '1101**********002X')).toBe(false)
  })

  it('takes a back valid until today or later, or 长期, and refuses an expired or unread one', () => {
    const now = Date.parse('2026-03-01T02:00:00Z') // 10:00 in Beijing
    expect(idBackProblem({ expiredDateStr: '20260301' }, now)).toBeNull()
    expect(idBackProblem({ expiredDateStr: '长期' }, now)).toBeNull()
    expect(idBackProblem({ expiredDateStr: '20260228' }, now)).toBe('证件已过期，请上传有效证件！')
    expect(idBackProblem({ expiredDateStr: '' }, now)).toBe('请上传有效证件！')
    expect(idBackProblem({ expiredDateStr: '2026-03-01' }, now)).toBe('请上传有效证件！')
  })
})
