import { describe, expect, it } from 'vitest'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import { boxedPage, chineseContract, chromiumPrintedContract } from '../../test/test-documents.ts'
import { FindTextError, findText } from './find-text.ts'

describe('findText', () => {
  it('finds a Chinese phrase where the contract prints it, page by page', async () => {
    const pdf = await chineseContract({ pages: 3 })
    const found = await findText(pdf, ['第23条', '电子印章服务合同（第3页）', '不在文中的词'])
    // Clause 23 starts the first line of page 3, at x 72 on the baseline y 730, in 13-point type.
    expect(found['第23条']).toHaveLength(1)
    const clause = found['第23条']![0]!
    expect(clause.page).toBe(3)
    expect(clause.x).toBeCloseTo(72, 0)
    expect(clause.y).toBeLessThan(730)
    expect(clause.y + clause.height).toBeGreaterThan(730)
    expect(clause.width).toBeGreaterThan(30)
    expect(clause.width).toBeLessThan(50)
    expect(found['电子印章服务合同（第3页）']).toEqual([expect.objectContaining({ page: 3 })])
    expect(found['不在文中的词']).toEqual([])
  })

  it('finds every occurrence, on the pages asked for only, ignoring spaces inside the phrase', async () => {
    const pdf = await chineseContract({ pages: 3 })
    const everywhere = await findText(pdf, ['电子印章服务合同'])
    expect(everywhere['电子印章服务合同']!.map((m) => m.page)).toEqual([1, 2, 3])
    const second = await findText(pdf, ['电子 印章 服务合同'], { pages: [2] })
    expect(second['电子 印章 服务合同']!.map((m) => m.page)).toEqual([2])
  })

  it('finds a phrase split over two text runs, and Latin text in a standard font', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const page = doc.addPage([595.28, 841.89])
    page.drawText('Party A (seal):', { x: 100, y: 200, size: 12, font })
    page.drawText('here', { x: 185, y: 200, size: 12, font })
    const pdf = await doc.save()
    const found = await findText(pdf, ['(seal):here'])
    expect(found['(seal):here']).toHaveLength(1)
    const match = found['(seal):here']![0]!
    expect(match.x).toBeGreaterThan(120)
    expect(match.x + match.width).toBeGreaterThan(200)
  })

  it('measures from the corner of the page as shown when the MediaBox is shifted or the page cropped', async () => {
    const shifted = await boxedPage({ mediaBox: [50, 50, 645.28, 891.89], phraseAt: { x: 72, y: 90 } })
    const cropped = await boxedPage({ mediaBox: [50, 50, 645.28, 891.89], cropBox: [100, 150, 500, 700], phraseAt: { x: 72, y: 90 } })
    for (const pdf of [shifted, cropped]) {
      const [match] = (await findText(pdf, ['甲方（盖章）']))['甲方（盖章）']!
      // Drawn 72 points right of the visible area's left edge, its baseline 90 points above its bottom.
      expect(match!.x).toBeCloseTo(72, 0)
      expect(match!.y).toBeLessThan(90)
      expect(match!.y + match!.height).toBeGreaterThan(90)
    }
  })

  it('finds ordinary words in a PDF Chromium printed, whose text maps 方 乙 一 日 to Kangxi radicals', async () => {
    const pdf = chromiumPrintedContract()
    const phrases = ['甲方（盖章）', '乙方（盖章）', '甲方', '乙方', '第一条', '日期', '⽇期']
    const found = await findText(pdf, phrases)
    // The keyword typed with the radical (copied out of such a PDF) is the same word.
    expect(found['⽇期']).toEqual(found['日期'])
    for (const phrase of phrases) expect(found[phrase]!.length, phrase).toBeGreaterThan(0)
    // 甲方 appears on the page: in 甲方：…, in 乙方向甲方提供…, in 甲方应按期… and in 甲方（盖章）.
    expect(found['甲方']!.length).toBeGreaterThanOrEqual(4)
    expect(found['甲方（盖章）']).toHaveLength(1)
    // 甲方（盖章） is lower on the page than 第一条, and as wide as six characters (one run of 14 px type).
    const [sealLine] = found['甲方（盖章）']!
    const [clause] = found['第一条']!
    expect(sealLine!.y).toBeLessThan(clause!.y)
    expect(sealLine!.width / 6).toBeCloseTo(clause!.width / 3, 0)
  })

  it('keeps the last matches over the cap with keep: last, so the last occurrence of the document is among them', async () => {
    const pdf = await chineseContract({ pages: 5 })
    const first = await findText(pdf, ['甲方（盖章）'], { maxMatchesPerPhrase: 2 })
    expect(first['甲方（盖章）']!.map((m) => m.page)).toEqual([1, 2])
    const last = await findText(pdf, ['甲方（盖章）'], { maxMatchesPerPhrase: 2, keep: 'last' })
    expect(last['甲方（盖章）']!.map((m) => m.page)).toEqual([4, 5])
  })

  it('refuses to search a document longer than allowed', async () => {
    const pdf = await chineseContract({ pages: 3 })
    await expect(findText(pdf, ['合同'], { maxPages: 2 })).rejects.toBeInstanceOf(FindTextError)
  })
})
