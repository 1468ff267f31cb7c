import { describe, expect, it } from 'vitest'
import { judgeSealFace } from './seal-text.ts'

const face = (ring: string, centre = '', centreInked = centre !== '') => ({ ring, centre, centreInked, found: true })
const unitName = '示例科技有限公司'

describe('judgeSealFace', () => {
  it('accepts only the whole name on the ring and the type’s name across', () => {
    expect(judgeSealFace({ reading: face('示例科技有限公司', '合同专用章'), unitName, faceName: '合同专用章' })).toBe('match')
    expect(judgeSealFace({ reading: face('示例科技有限公司'), unitName, faceName: '' })).toBe('match')
  })

  it('refuses a longer name holding the unit’s, and another name', () => {
    expect(judgeSealFace({ reading: face('上海示例科技有限公司'), unitName, faceName: '' })).toBe('wrongName')
    expect(judgeSealFace({ reading: face('上海示例电子印章科技有限公司', '合同专用章'), unitName, faceName: '合同专用章' })).toBe('wrongName')
    expect(judgeSealFace({ reading: face('北京明远科技有限公司'), unitName, faceName: '' })).toBe('wrongName')
  })

  it('refuses another type: a contract seal as the official seal, and the reverse', () => {
    expect(judgeSealFace({ reading: face(unitName, '合同专用章'), unitName, faceName: '' })).toBe('wrongType')
    expect(judgeSealFace({ reading: face(unitName), unitName, faceName: '合同专用章' })).toBe('wrongType')
    expect(judgeSealFace({ reading: face(unitName, '财务专用章'), unitName, faceName: '合同专用章' })).toBe('wrongType')
  })

  it('never accepts a reading it is unsure of: a misread character, too little, or no layout', () => {
    expect(judgeSealFace({ reading: face('示例科技有服公司'), unitName, faceName: '' })).toBe('unread')
    expect(judgeSealFace({ reading: face('公司'), unitName, faceName: '' })).toBe('unread')
    expect(judgeSealFace({ reading: face(unitName, '', true), unitName, faceName: '合同专用章' })).toBe('unread')
    expect(judgeSealFace({ reading: { ring: '', centre: '', centreInked: false, found: false }, unitName, faceName: '' })).toBe('unread')
  })
})
