import { describe, expect, it } from 'vitest'
import { needsPhysicalCodeStep, olderLegalProblem, olderSealSetupProblem, olderUnitProblem } from './older-apply.ts'

const unit = { unitName: '北京某某科技有限公司', socialCreditCode: '91110108MA01ABCDEN', unitTypeCode: '02', license: 'f', addressState: ['110000', '110100', '110108'] }
const choice = { chosen: ['01'], available: ['01', '02', '03', '04', '05', '99'] }
const seal = { sealTypeCode: '01', sealName: '单位公章', sealPic: 'cut', originalFileId: 'photo', manualReview: false }

describe('the older wizard’s checks (001 §5 "Older flow and operator flow")', () => {
  it('answers step 1’s first problem in the spec’s order and words', () => {
    expect(olderUnitProblem(unit, choice)).toBeNull()
    expect(olderUnitProblem({ ...unit, unitName: '' }, choice)).toBe('请输入正确的单位名称')
    expect(olderUnitProblem({ ...unit, unitName: '某某公司' }, choice)).toBeNull()
    expect(olderUnitProblem({ ...unit, unitName: '某公司' }, choice)).toBe('单位名称过短')
    expect(olderUnitProblem({ ...unit, unitName: '北京 某某科技' }, choice)).toBe('请输入正确的单位名称')
    expect(olderUnitProblem({ ...unit, socialCreditCode: '91110108MA01ABCDEM' }, choice)).toBe('社会信用代码有误')
    expect(olderUnitProblem({ ...unit, unitTypeCode: '' }, choice)).toBe('请选择单位类型')
    expect(olderUnitProblem({ ...unit, unitTypeCode: '06' }, choice)).toBe('您上传的证照不是行政事业单位，请检查后重试')
    expect(olderUnitProblem({ ...unit, license: '' }, choice)).toBe('请上传营业执照')
    expect(olderUnitProblem({ ...unit, addressState: ['110000', '110100'] }, choice)).toBe('请选择注册地')
    expect(olderUnitProblem(unit, { chosen: [], available: [] })).toBe('暂无可申请的印章类型')
    expect(olderUnitProblem(unit, { ...choice, chosen: [] })).toBe('请选择印章类型')
    expect(olderUnitProblem(unit, { ...choice, chosen: ['04'] })).toBe('请选择单位公章')
    // The unit seal is required only when it can be made.
    expect(olderUnitProblem(unit, { chosen: ['04'], available: ['04'] })).toBeNull()
  })

  it('checks the legal representative of step 2', () => {
    const legal = { personName: '李四', identityNum: '310104198506124562', identityFront: 'f', identityBack: 'b', tel: '13800000002' }
    expect(olderLegalProblem(legal)).toBeNull()
    expect(olderLegalProblem({ ...legal, identityFront: '' })).toBe('请上传法人证件照人像面照片')
    expect(olderLegalProblem({ ...legal, identityBack: '' })).toBe('请上传法人证件照国徽面照片')
    expect(olderLegalProblem({ ...legal, personName: '···' })).toBe('请输入正确的法人姓名')
    expect(olderLegalProblem({ ...legal, personName: '阿'.repeat(17) })).toBe('请输入正确的法人姓名')
    expect(olderLegalProblem({ ...legal, identityNum: '310104198506124563' })).toBe('请输入正确的法人证件号码')
    expect(olderLegalProblem({ ...legal, tel: '12800000002' })).toBe('请输入正确的法人手机号')
  })

  it('checks step 4’s patterns, other-type names and the seal password', () => {
    expect(olderSealSetupProblem([seal], 'abc123', 'abc123')).toBeNull()
    expect(olderSealSetupProblem([{ ...seal, sealPic: '' }], 'abc123', 'abc123')).toBe('请上传印章图样')
    expect(olderSealSetupProblem([{ ...seal, sealPic: '', manualReview: true }], 'abc123', 'abc123')).toBeNull()
    const other = { ...seal, sealTypeCode: '99', sealName: '' }
    expect(olderSealSetupProblem([seal, other], 'abc123', 'abc123')).toBe('请完善其他类型印章名称')
    expect(olderSealSetupProblem([seal, { ...other, sealName: '章' }], 'abc123', 'abc123')).toBe('印章名称应为2-20位汉字或数字')
    expect(olderSealSetupProblem([seal, { ...other, sealName: '项目章' }, { ...other, sealName: '项目章' }], 'abc123', 'abc123')).toBe('其他类型印章名称不允许重复')
    expect(olderSealSetupProblem([seal], '', '')).toBe('请输入印章密码')
    expect(olderSealSetupProblem([seal], '123456', '123456')).toBe('请输入6-16位密码（数字/字母/特殊符号任意两种）')
    expect(olderSealSetupProblem([seal], 'abc 123', 'abc124')).toBe('两次密码不一致')
    expect(olderSealSetupProblem([seal], 'abc 123', 'abc123')).toBeNull()
  })

  it('puts step 4-1 first when a chosen type has no record or several', () => {
    expect(needsPhysicalCodeStep([{ sealTypeCode: '01', records: 1 }])).toBe(false)
    expect(needsPhysicalCodeStep([{ sealTypeCode: '01', records: 1 }, { sealTypeCode: '04', records: 0 }])).toBe(true)
    expect(needsPhysicalCodeStep([{ sealTypeCode: '01', records: 2 }])).toBe(true)
  })
})
