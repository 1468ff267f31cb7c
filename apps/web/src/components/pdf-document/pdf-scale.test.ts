import { describe, expect, it } from 'vitest'
import { canvasSize, outputScale, pdfScale } from './pdf-scale.ts'

describe('PDF page scale', () => {
  it('scales an A4 page to the screen width: width over 595', () => {
    expect(pdfScale(390)).toBeCloseTo(0.6555, 4)
    expect(pdfScale(595)).toBe(1)
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
