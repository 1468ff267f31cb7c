import { describe, expect, it } from 'vitest'
import {
  agreesWithPrintedBirth,
  creditCodesIn,
  ethnicGroupIn,
  idNumbersIn,
  looksLikeIdBack,
  looksLikeIdFront,
  nameAfterLabel,
  normaliseUnitName,
  validityPeriodIn,
  valueAfterLabel,
} from './ocr-parse.ts'

describe('reading an ID number out of recognised text', () => {
  it('finds the number after its label, spaces and all, with an X check character', () => {
    expect(idNumbersIn('公民身份号码 1101 0519 9003 0710 1X')).toEqual(['11010519900307101X'])
    expect(idNumbersIn('公民身份号码11010519900307101x')).toEqual(['11010519900307101X'])
  })

  it('reads letters that look like digits as digits', () => {
    expect(idNumbersIn('号码 3lO1O4198511202465')).toEqual(['310104198511202465'])
  })

  it('refuses a number whose check character is wrong rather than guessing the right one', () => {
    expect(idNumbersIn('公民身份号码 310104198511202466')).toEqual([])
  })

  it('refuses a number with an impossible birth date or province', () => {
    expect(idNumbersIn('110105199002300000')).toEqual([])
    expect(idNumbersIn('990105199003071010')).toEqual([])
  })

  it('doubts a number whose birth date differs from the printed one', () => {
    expect(agreesWithPrintedBirth('11010519900307101X', '出生 1990 年 3 月 7 日')).toBe(true)
    expect(agreesWithPrintedBirth('11010519900307101X', '出生 1985 年 11 月 20 日')).toBe(false)
    expect(agreesWithPrintedBirth('11010519900307101X', '住址 北京市')).toBe(true)
  })
})

describe('reading the name and other words', () => {
  it('takes the Chinese characters after the 姓名 label, even when the label is misread', () => {
    expect(nameAfterLabel(['姓名 欧阳娜娜', '性别 女 民族 汉'])).toBe('欧阳娜娜')
    expect(nameAfterLabel(['址名欧阳娜娜'])).toBe('欧阳娜娜')
    expect(nameAfterLabel(['“姓名 王芳 -人'])).toBe('王芳')
  })

  it('cuts a name at a rule read as 一 and refuses a single character', () => {
    expect(nameAfterLabel(['姓名马丽一全'])).toBe('马丽')
    expect(nameAfterLabel(['姓名 马'])).toBeUndefined()
    expect(nameAfterLabel(['性别 女 民族 汉'])).toBeUndefined()
  })

  it('keeps the middle dot of a minority name', () => {
    expect(nameAfterLabel(['姓名 买买提·艾力'])).toBe('买买提·艾力')
  })

  it('knows the 56 ethnic groups and nothing else', () => {
    expect(ethnicGroupIn('性别 女 民族 一汉')).toBe('汉')
    expect(ethnicGroupIn('民族 土家')).toBe('土家')
    expect(ethnicGroupIn('民族 星')).toBeUndefined()
  })

  it('reads a labelled value such as the issuing authority', () => {
    expect(valueAfterLabel(['签发机关 北京市公安局朝阳分局'], /签发机关/)).toBe('北京市公安局朝阳分局')
  })
})

describe('reading a validity period', () => {
  it('reads a ten- or twenty-year period and a long-term one', () => {
    expect(validityPeriodIn('有效期限 2015.03.01-2035.03.01')).toEqual({
      validFrom: '20150301',
      validTo: '20350301',
    })
    expect(validityPeriodIn('有效期限2018.06.20一2028.06.20')).toEqual({
      validFrom: '20180620',
      validTo: '20280620',
    })
    expect(validityPeriodIn('有效期限 2014.02.28-长期')).toEqual({ validFrom: '20140228', validTo: '长期' })
  })

  it('refuses a period the card rules do not give (a misread digit breaks it)', () => {
    expect(validityPeriodIn('2015.03.01-2035.08.01')).toBeUndefined()
    expect(validityPeriodIn('2015.03.01-2036.03.01')).toBeUndefined()
    expect(validityPeriodIn('2015.13.01-2035.13.01')).toBeUndefined()
  })
})

describe('reading a unified social credit code', () => {
  it('finds a code that passes its check character, reading O as 0', () => {
    expect(creditCodesIn('统一社会信用代码 91110108MA01ABCDEN')).toEqual(['91110108MA01ABCDEN'])
    expect(creditCodesIn('91110108MAO1ABCDEN')).toEqual(['91110108MA01ABCDEN'])
  })

  it('refuses a code with a wrong check character or a character too many', () => {
    expect(creditCodesIn('91110108MA01ABCDEM')).toEqual([])
    expect(creditCodesIn('91110108MA0O1ABCDEN')).toEqual([])
  })

  it('writes brackets in unit names full-width', () => {
    expect(normaliseUnitName('成都天府软件园《集团)有限公司')).toBe('成都天府软件园（集团）有限公司')
  })
})

describe('telling the sides of a card apart', () => {
  it('recognises the marks of each side', () => {
    expect(looksLikeIdBack('中华人民共和国\n居民身份证\n签发机关')).toBe(true)
    expect(looksLikeIdFront('中华人民共和国\n居民身份证\n签发机关')).toBe(false)
    expect(looksLikeIdFront('姓名 张伟\n公民身份号码')).toBe(true)
  })
})
