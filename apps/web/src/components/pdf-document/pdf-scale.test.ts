import { describe, expect, it } from 'vitest'
import { canvasSize, outputScale, pageScale, pdfScale } from './pdf-scale.ts'

describe('PDF page scale', () => {
  it('scales an A4 page to the screen width: width over 595', () => {
    expect(pdfScale(390)).toBeCloseTo(0.6555, 4)
    expect(pdfScale(595)).toBe(1)
  })

  it('never draws a page wider than the screen: a Letter page (612 pt) fits the 390 px phone instead of 401 px at x = −5.5', () => {
    expect(612 * pageScale(390, 612)).toBeCloseTo(390, 6)
    expect(pageScale(390, 595)).toBe(pdfScale(390))
    // A narrower page keeps the spec's scale (width over 595), as wide as an A4 page's share of it.
    expect(pageScale(390, 420)).toBe(pdfScale(390))
  })

  it('draws at the device pixel ratio, between 1 and 2, so text stays sharp without exhausting memory', () => {
    expect(outputScale(3)).toBe(2)
    expect(outputScale(2)).toBe(2)
    expect(outputScale(1.5)).toBe(1.5)
    expect(outputScale(undefined)).toBe(1)
  })

  it('gives the canvas backing pixels at that ratio while it keeps the page size on screen', () => {
    const viewport = { width: 595 * pdfScale(390), height: 842 * pdfScale(390) }
    expect(canvasSize(viewport, 2)).toEqual({ width: 780, height: 1103, cssWidth: 390, cssHeight: 551 })
  })
})
