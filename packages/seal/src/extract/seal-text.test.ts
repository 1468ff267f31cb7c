import { describe, expect, it } from 'vitest'
import { sealTextMatchesUnit } from './seal-text.ts'

describe('sealTextMatchesUnit', () => {
  it('accepts a reading with a few misread characters', () => {
    expect(
      sealTextMatchesUnit({
        sealText: '北京明远科技有了腿公司北京明远科技有限公司',
        unitName: '北京明远科技有限公司',
      }),
    ).toBe(true)
  })

  it('refuses a clear reading of another company, even though both are 有限公司', () => {
    expect(
      sealTextMatchesUnit({ sealText: '北京明远科技有限公司', unitName: '深圳市腾云数据服务有限公司' }),
    ).toBe(false)
  })

  it('does not judge a reading too poor to tell', () => {
    expect(sealTextMatchesUnit({ sealText: '公司', unitName: '北京明远科技有限公司' })).toBeUndefined()
    expect(
      sealTextMatchesUnit({ sealText: '北京某某贸易公司', unitName: '北京明远科技有限公司' }),
    ).toBeUndefined()
  })
})
