import { PDFDocument } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { embedDocumentFonts } from './fonts.ts'
import type { DocumentFonts } from './fonts.ts'
import { wrapText } from './wrap.ts'

let fonts: DocumentFonts

beforeAll(async () => {
  fonts = await embedDocumentFonts(await PDFDocument.create())
})

const clause =
  '被授权人应妥善保管印章密码和签名信息，不得将本授权转授他人，不得超越授权期限和授权范围用章；因保管不善或越权用章造成的损失，由被授权人依法承担责任。'

describe('wrapText', () => {
  it('keeps every line within the measured width and loses no character', () => {
    const lines = wrapText(clause, fonts.regular, 11, 150)
    expect(lines.length).toBeGreaterThan(3)
    for (const line of lines) expect(fonts.regular.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(150.01)
    expect(lines.join('')).toBe(clause)
  })

  it('never starts a line with closing punctuation nor ends one with an opening bracket', () => {
    for (let width = 60; width <= 200; width += 3) {
      const lines = wrapText(`${clause}（以下简称“授权单位”）。`, fonts.regular, 11, width)
      for (const line of lines.slice(1)) expect(line[0]).not.toMatch(/[，。、；：）”]/)
      for (const line of lines.slice(0, -1)) expect(line.at(-1)).not.toMatch(/[（“]/)
    }
  })

  it('keeps a credit code or phone number on one line when it fits', () => {
    const lines = wrapText(
      '统一社会信用代码：91110108MA01ABCDEN，联系电话13812345678。',
      fonts.regular,
      11,
      130,
    )
    expect(lines.some((line) => line.includes('91110108MA01ABCDEN'))).toBe(true)
    expect(lines.some((line) => line.includes('13812345678'))).toBe(true)
  })

  it('narrows only the first line when given an indent', () => {
    const full = wrapText(clause, fonts.regular, 11, 200)
    const indented = wrapText(clause, fonts.regular, 11, 200, 178)
    expect(Array.from(indented[0] ?? '').length).toBeLessThan(Array.from(full[0] ?? '').length)
    expect(indented.join('')).toBe(clause)
  })

  it('starts a new line at each newline of the text', () => {
    expect(wrapText('第一行\n第二行', fonts.regular, 11, 300)).toEqual(['第一行', '第二行'])
  })
})
