import { existsSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { authorizationLetter } from './authorization-letter.ts'
import type { AuthorizationLetterInput } from './authorization-letter.ts'
import {
  boxesCoveredByText,
  compactText,
  documentInfo,
  embeddedFonts,
  overlaps,
  pageCount,
  renderPages,
} from './inspect-pdf.ts'
import { a4, margins, MissingCharacterError } from './layout.ts'
import type { PageBox } from './positions.ts'

const unitLetter: AuthorizationLetterInput = {
  authorizer: {
    kind: 'unit',
    unitName: '北京明远科技有限公司',
    socialCreditCode: '91110108MA01ABCDEN',
    legalRepresentative: '张三',
  },
  seal: { sealName: '北京明远科技有限公司', sealTypeCode: '01', sealCode: '1101080012345' },
  authorized: { name: '李四', personIdentity: '110101199003071234', phone: '13812345678' },
  useType: 3,
  authUseType: 1,
  startTime: Date.UTC(2024, 11, 31, 16), // 2025-01-01 00:00 in China
  endTime: Date.UTC(2025, 11, 30, 16),
  letterNo: 'SQ20250101000123',
}

const personalLetter: AuthorizationLetterInput = {
  ...unitLetter,
  authorizer: { kind: 'person', name: '王芳', personIdentity: '110101198505051234' },
  seal: { sealName: '王芳', sealTypeCode: '1000', sealCode: 'P110101000001' },
  useType: 2,
  authUseType: 2,
}

let unit: Awaited<ReturnType<typeof authorizationLetter>>
let personal: Awaited<ReturnType<typeof authorizationLetter>>

beforeAll(async () => {
  unit = await authorizationLetter(unitLetter)
  personal = await authorizationLetter(personalLetter)
})

function insidePage(box: PageBox): boolean {
  return (
    box.x >= margins.left - 0.01 &&
    box.x + box.width <= a4.width - margins.right + 0.01 &&
    box.y >= margins.bottom - 0.01 &&
    box.y + box.height <= a4.height - margins.top + 0.01
  )
}

describe('authorizationLetter', () => {
  it('prints the authorizer, the seal, the masked seal user, the use method, period and scope as text', () => {
    const text = compactText(unit.pdf)
    for (const phrase of [
      '印章使用授权书',
      '编号：SQ20250101000123',
      '北京明远科技有限公司（以下简称“授权单位”）',
      '91110108MA01ABCDEN',
      '法定代表人张三',
      '单位公章',
      '1101080012345',
      '被授权人李四',
      '1101**********1234',
      '138****5678',
      '签名识别＋印章密码',
      '授权使用',
      '2025.01.01至2025.12.31',
      '以授权单位名义',
      '与纸质授权书具有同等法律效力',
    ]) {
      expect(text).toContain(phrase)
    }
    expect(text).not.toContain('110101199003071234')
    // The phone is masked as the ID number beside it is.
    expect(text).not.toContain('13812345678')
  })

  it('leaves the seal, both signatures and both dates inside the page, clear of text and of each other', () => {
    const { localConfig, ...boxes } = unit.positions
    const named = Object.values(boxes)
    expect(named).toHaveLength(5)
    for (const box of named) expect(insidePage(box), JSON.stringify(box)).toBe(true)
    for (const [i, a] of named.entries())
      for (const b of named.slice(i + 1)) expect(overlaps(a, b)).toBe(false)
    expect(boxesCoveredByText(unit.pdf, localConfig.fields)).toEqual([])
    expect(unit.positions.sealLocation.width).toBeGreaterThanOrEqual(113) // a 40 mm unit seal fits
  })

  it('describes the same boxes in its localConfig, with who signs each and that all are required', () => {
    const { localConfig } = unit.positions
    expect(localConfig.pageCount).toBe(pageCount(unit.pdf))
    expect(localConfig.pageSize).toEqual({ width: a4.width, height: a4.height })
    expect(
      localConfig.fields.map(({ name, kind, signer, required }) => [name, kind, signer, required]),
    ).toEqual([
      ['sealLocation', 'seal', 'unit', true],
      ['signLocation', 'signature', 'legalRepresentative', true],
      ['dateLocation', 'date', 'authorizer', true],
      ['authorizedSignLocation', 'signature', 'authorized', true],
      ['authorizedDateLocation', 'date', 'authorized', true],
    ])
    const seal = localConfig.fields.find((field) => field.name === 'sealLocation')
    expect(seal).toMatchObject(unit.positions.sealLocation)
    expect(seal?.label).toBe('授权单位（盖章）')
  })

  it('fits on one A4 page and renders as an image', () => {
    expect(pageCount(unit.pdf)).toBe(1)
    const pages = renderPages(unit.pdf, 'authorization-letter-unit')
    expect(pages).toHaveLength(1)
    expect(pages.every((page) => existsSync(page))).toBe(true)
    renderPages(personal.pdf, 'authorization-letter-personal')
  })

  it('names a person as authorizer of a personal name seal, with a name-seal-sized box', () => {
    const text = compactText(personal.pdf)
    for (const phrase of [
      '本人王芳（以下简称“授权人”）',
      '个人电子名章',
      '1101**********1234',
      '授权管理',
      '印章密码',
      '授权人（盖章）',
      '授权人（签字）',
    ]) {
      expect(text).toContain(phrase)
    }
    expect(text).not.toContain('统一社会信用代码')
    expect(personal.positions.sealLocation.width).toBeLessThan(unit.positions.sealLocation.width)
    expect(personal.positions.localConfig.fields[1]?.signer).toBe('authorizer')
    expect(boxesCoveredByText(personal.pdf, personal.positions.localConfig.fields)).toEqual([])
  })

  it('gives the same bytes for the same input, with the service named in the metadata', async () => {
    const again = await authorizationLetter(unitLetter)
    expect(Buffer.compare(Buffer.from(again.pdf), Buffer.from(unit.pdf))).toBe(0)
    const info = documentInfo(unit.pdf)
    expect(info.Title).toBe('印章使用授权书')
    expect(info.Author).toBe('电子印章服务')
    expect(info.Producer).toBe('电子印章服务')
    expect(info.CreationDate).toMatch(/^1970-01-01T00:00:00/)
    const dated = await authorizationLetter({ ...unitLetter, createdAt: new Date('2025-03-01T08:00:00Z') })
    expect(documentInfo(dated.pdf).CreationDate).toMatch(/^2025-03-01T08:00:00/)
  })

  it('stays small because the fonts are embedded as subsets with Unicode maps', () => {
    expect(unit.pdf.length).toBeLessThan(300_000)
    const fonts = embeddedFonts(unit.pdf)
    expect(fonts.length).toBeGreaterThan(0)
    for (const font of fonts) expect(font).toMatchObject({ embedded: true, subset: true, unicode: true })
  })

  it('refuses a name the font cannot draw rather than print an empty box', async () => {
    await expect(
      authorizationLetter({ ...unitLetter, authorized: { ...unitLetter.authorized, name: '李𠀀' } }),
    ).rejects.toBeInstanceOf(MissingCharacterError)
  })

  it('refuses a period that ends before it starts', async () => {
    await expect(authorizationLetter({ ...unitLetter, endTime: unitLetter.startTime - 1 })).rejects.toThrow(
      RangeError,
    )
  })
})
