import { describe, expect, it } from 'vitest'
import {
  activationUnitNameSchema,
  hasUniqueSealNames,
  isCompanyName,
  isLegalRepresentativeName,
  isPersonName,
  isSealName,
  isSealUserName,
  legalRepresentativeNameSchema,
  personNameSchema,
  sealNameSchema,
  sealUserNameSchema,
  unitNameSchema,
  wizardUnitNameSchema,
} from './names.ts'

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('person names', () => {
  it('need at least one Chinese character, letter or digit and at most 16 characters', () => {
    expect(isPersonName('张三')).toBe(true)
    expect(isPersonName('John Smith')).toBe(true)
    expect(isPersonName('·')).toBe(false)
    expect(isPersonName('   ')).toBe(false)
    expect(isPersonName('张'.repeat(17))).toBe(false)
    expect(firstMessage(personNameSchema.safeParse(''))).toBe('请填写正确的姓名')
  })

  it('of seal users and legal representatives allow no whitespace or digits', () => {
    expect(isSealUserName('阿卜杜·热合曼')).toBe(true)
    expect(isSealUserName('张 三')).toBe(false)
    expect(isSealUserName('张三1')).toBe(false)
    expect(isSealUserName('')).toBe(false)
    expect(isLegalRepresentativeName('李四')).toBe(true)
    expect(isLegalRepresentativeName('李四2')).toBe(false)
    expect(firstMessage(sealUserNameSchema.safeParse('张三1'))).toBe('请输入合法的用章人姓名')
    expect(firstMessage(legalRepresentativeNameSchema.safeParse('李 四'))).toBe(
      '请输入正确的法定代表人姓名（不包含空格与数字）',
    )
  })
})

describe('unit names', () => {
  it('allow no whitespace', () => {
    expect(isCompanyName('某某（北京）科技有限公司')).toBe(true)
    expect(isCompanyName('某某 科技')).toBe(false)
    expect(firstMessage(unitNameSchema.safeParse('某某 科技有限公司'))).toBe('请输入正确的单位名称')
  })

  it('in the change flow are 4 to 120 characters, saying which end is wrong', () => {
    expect(firstMessage(unitNameSchema.safeParse('某某公'))).toBe('单位名称过短')
    expect(firstMessage(unitNameSchema.safeParse('某'.repeat(121)))).toBe('单位名称过长')
    expect(unitNameSchema.safeParse('某'.repeat(120)).success).toBe(true)
    expect(firstMessage(unitNameSchema.safeParse(''))).toBe('请输入正确的单位名称')
  })

  it('in the new wizard use its own wording for too long', () => {
    expect(firstMessage(wizardUnitNameSchema.safeParse('某'.repeat(121)))).toBe('单位名称名称过长')
  })

  it('on activation are at most 100 characters', () => {
    expect(activationUnitNameSchema.safeParse('某'.repeat(100)).success).toBe(true)
    expect(activationUnitNameSchema.safeParse('某'.repeat(101)).success).toBe(false)
  })
})

describe('seal names', () => {
  it('are 2 to 20 Chinese characters or digits', () => {
    expect(isSealName('项目专用章')).toBe(true)
    expect(isSealName('第2项目部章')).toBe(true)
    expect(isSealName('章')).toBe(false)
    expect(isSealName('Project章')).toBe(false)
    expect(isSealName('章'.repeat(21))).toBe(false)
  })

  it('ask for a name with 请完善其他类型印章名称 when empty', () => {
    expect(firstMessage(sealNameSchema.safeParse(' '))).toBe('请完善其他类型印章名称')
  })

  it('must all differ within one application', () => {
    expect(hasUniqueSealNames(['项目章', '人事章'])).toBe(true)
    expect(hasUniqueSealNames(['项目章', ' 项目章'])).toBe(false)
  })
})
