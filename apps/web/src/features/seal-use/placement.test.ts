import { beforeAll, describe, expect, it } from 'vitest'
import { pageGeometry } from '../../components/pdf-document/pdf-scale.ts'
import { boxedPdf, runPdfWorkerInline } from '../../../test/pdf.ts'
import { handwritingBoxBeside, sealBoxAt, shownBox, shownCentre, toPdfPoint, toShownPoint, unrotatedSize, type PageGeometry } from './placement.ts'

const a4: PageGeometry = { width: 595, height: 842, rotate: 0 }
const seal = { width: 60, height: 50 }

describe('placing the seal where the page was tapped', () => {
  it('flips y: a tap near the top of the shown page is near the top of the PDF page (large y)', () => {
    expect(toPdfPoint(a4, { x: 100, y: 42 })).toEqual({ x: 100, y: 800 })
    expect(toPdfPoint(a4, { x: 0, y: 842 })).toEqual({ x: 0, y: 0 })
  })

  it('centres the seal on the tap: its bottom-left corner is half its size down and left of it', () => {
    // A tap at CSS (196.5, 276) on a page shown 390 px wide: scale 390 / 595.
    const scale = 390 / 595
    const tap = { x: 196.5 / scale, y: 276 / scale }
    const box = sealBoxAt(a4, tap, seal)
    expect(box.x).toBeCloseTo(299.79 - 30, 1)
    expect(box.y).toBeCloseTo(842 - 421.08 - 25, 1)
    expect(box).toMatchObject(seal)
  })

  it('keeps the whole seal on the page when the tap is at an edge', () => {
    expect(sealBoxAt(a4, { x: 2, y: 3 }, seal)).toEqual({ x: 0, y: 842 - 50, ...seal })
    expect(sealBoxAt(a4, { x: 594, y: 841 }, seal)).toEqual({ x: 595 - 60, y: 0, ...seal })
  })

  it('shows the box where it was tapped, so the picture on screen and the seal in the PDF agree', () => {
    const box = sealBoxAt(a4, { x: 300, y: 400 }, seal)
    expect(shownBox(a4, box)).toEqual({ left: 270, top: 375, width: 60, height: 50 })
    expect(shownCentre(a4, box)).toEqual({ x: 300, y: 400 })
  })

  it('maps taps on pages turned by /Rotate back to the stored page, both ways', () => {
    for (const rotate of [90, 180, 270, -90]) {
      const page = { width: rotate % 180 === 0 ? 595 : 842, height: rotate % 180 === 0 ? 842 : 595, rotate }
      const shown = { x: 123, y: 456 }
      expect(toShownPoint(page, toPdfPoint(page, shown))).toEqual(shown)
    }
    // Turned a quarter clockwise (a landscape view of a portrait page): the shown left edge is the PDF's bottom.
    const quarter = { width: 842, height: 595, rotate: 90 }
    expect(toPdfPoint(quarter, { x: 0, y: 0 })).toEqual({ x: 0, y: 0 })
    expect(toPdfPoint(quarter, { x: 842, y: 595 })).toEqual({ x: 595, y: 842 })
    // Upside down: the shown top-left is the PDF's top-right.
    expect(toPdfPoint({ ...a4, rotate: 180 }, { x: 0, y: 0 })).toEqual({ x: 595, y: 0 })
    const box = sealBoxAt(quarter, { x: 400, y: 300 }, seal)
    expect(shownCentre(quarter, box)).toEqual({ x: 400, y: 300 })
    expect(shownBox(quarter, box)).toMatchObject({ width: 50, height: 60 })
  })
})

describe('pages whose visible area does not start at the user-space origin', () => {
  beforeAll(runPdfWorkerInline)

  // A US Letter MediaBox shifted to (50, 50), and a 400 × 550 CropBox at (100, 150) inside an A4 one.
  const pages = [
    { mediaBox: [50, 50, 662, 842], origin: { x: 50, y: 50 }, size: { width: 612, height: 792 } },
    { mediaBox: [0, 0, 595, 842], cropBox: [100, 150, 500, 700], origin: { x: 100, y: 150 }, size: { width: 400, height: 550 } },
  ]

  it.each(pages.flatMap((page) => [0, 90, 180, 270].map((rotate) => ({ ...page, rotate }))))(
    'maps a point where pdf.js shows it to its place from the visible area’s corner (view at $origin.x,$origin.y, /Rotate $rotate)',
    async ({ mediaBox, cropBox, origin, size, rotate }) => {
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
      const task = pdfjs.getDocument({ data: boxedPdf({ mediaBox, cropBox, rotate }), isEvalSupported: false, verbosity: 0 })
      try {
        const viewport = (await (await task.promise).getPage(1)).getViewport({ scale: 1 })
        // The geometry the 用章 screen gets from the page it draws (pdf-document.tsx).
        const page = pageGeometry(viewport)
        expect(unrotatedSize(page)).toEqual(size)
        // A point of the page in user space, where pdf.js draws it, comes back from the visible area's
        // corner: the server adds that corner back when drawing the seal there.
        const user = { x: origin.x + 120, y: origin.y + 300 }
        const [x, y] = viewport.convertToViewportPoint(user.x, user.y) as [number, number]
        const pdf = toPdfPoint(page, { x, y })
        expect(pdf.x).toBeCloseTo(120, 6)
        expect(pdf.y).toBeCloseTo(300, 6)
        // A seal tapped at the shown corners stays on the visible area, which is what the server checks.
        const seal = { width: 60, height: 50 }
        for (const corner of [{ x: 0, y: 0 }, { x: page.width, y: page.height }]) {
          const box = sealBoxAt(page, corner, seal)
          expect(box.x).toBeGreaterThanOrEqual(0)
          expect(box.y).toBeGreaterThanOrEqual(0)
          expect(box.x + box.width).toBeLessThanOrEqual(size.width)
          expect(box.y + box.height).toBeLessThanOrEqual(size.height)
        }
      } finally {
        await task.destroy()
      }
    },
  )
})

describe('the handwriting beside a name seal', () => {
  it('goes to the seal’s right, vertically centred, in the picture’s proportions', () => {
    const box = handwritingBoxBeside(a4, { x: 100, y: 100, width: 50, height: 50 }, 2)
    expect(box).toEqual({ x: 158.5, y: 105, width: 80, height: 40 })
  })

  it('goes to the left when the right side has no room, and is never wider than three seal heights', () => {
    const nearRight = handwritingBoxBeside(a4, { x: 520, y: 100, width: 50, height: 50 }, 2)
    expect(nearRight.x).toBeCloseTo(520 - 8.5 - 80)
    const long = handwritingBoxBeside(a4, { x: 10, y: 10, width: 50, height: 50 }, 10)
    expect(long.width).toBe(150)
    expect(long.height).toBe(15)
  })
})
