import { describe, expect, it } from 'vitest'
import { fullWidthBrackets, looksLikeIdentifier, upperCaseIdentifiers } from './normalize.ts'

describe('upper-casing identifiers before a request', () => {
  it('upper-cases ID numbers and credit codes at any depth and leaves other strings alone', () => {
    const payload = {
      personIdentity: '11010519491231002x',
      name: 'abc',
      seals: [{ socialCreditCode: '91110108ma01abcden', remark: 'lower case stays' }],
      nested: { deeper: { idnum: '11010519491231002x' } },
      count: 3,
      flag: true,
      empty: null,
    }
    expect(upperCaseIdentifiers(payload)).toEqual({
      personIdentity: '11010519491231002X',
      name: 'abc',
      seals: [{ socialCreditCode: '91110108MA01ABCDEN', remark: 'lower case stays' }],
      nested: { deeper: { idnum: '11010519491231002X' } },
      count: 3,
      flag: true,
      empty: null,
    })
  })

  it('does not change the payload it was given', () => {
    const payload = { idCard: '11010519491231002x', list: ['91110108ma01abcden'] }
    upperCaseIdentifiers(payload)
    expect(payload).toEqual({ idCard: '11010519491231002x', list: ['91110108ma01abcden'] })
  })

  it('passes form data, files, blobs and dates through untouched', () => {
    const form = new FormData()
    form.append('idCard', '11010519491231002x')
    const blob = new Blob(['x'])
    const file = new File(['x'], 'seal.png')
    const date = new Date(0)
    const result = upperCaseIdentifiers({ form, blob, file, date })
    expect(result.form).toBe(form)
    expect(result.form.get('idCard')).toBe('11010519491231002x')
    expect(result.blob).toBe(blob)
    expect(result.file).toBe(file)
    expect(result.date).toBe(date)
    expect(upperCaseIdentifiers(form)).toBe(form)
  })

  it('upper-cases a bare string or array', () => {
    expect(upperCaseIdentifiers('91110108ma01abcden')).toBe('91110108MA01ABCDEN')
    expect(upperCaseIdentifiers(['11010519491231002x'])).toEqual(['11010519491231002X'])
  })

  it('keeps a __proto__ key as data instead of a prototype', () => {
    const payload = JSON.parse('{"__proto__": {"polluted": "yes"}}') as Record<string, unknown>
    const result = upperCaseIdentifiers(payload) as Record<string, unknown>
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
    expect(Object.keys(result)).toEqual(['__proto__'])
  })

  it('recognises the shapes of 15 and 18 digit IDs and 18-character credit codes', () => {
    expect(looksLikeIdentifier('110101900307123')).toBe(true)
    expect(looksLikeIdentifier('11010519491231002x')).toBe(true)
    expect(looksLikeIdentifier('91110108ma01abcden')).toBe(true)
    expect(looksLikeIdentifier('hello world')).toBe(false)
    expect(looksLikeIdentifier('1101011990030712')).toBe(false)
  })
})

describe('company name brackets', () => {
  it('replaces half-width brackets with full-width ones', () => {
    expect(fullWidthBrackets('某某(北京)科技有限公司')).toBe('某某（北京）科技有限公司')
    expect(fullWidthBrackets('某某（北京）科技有限公司')).toBe('某某（北京）科技有限公司')
  })
})
