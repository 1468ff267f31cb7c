/**
 * Where a tap on a shown page puts the seal in the PDF (issue #12 item 5). POST /seal/signDocument takes
 * the seal's bottom-left corner in PDF points from the bottom-left corner of the page's visible area (its
 * CropBox clipped by its MediaBox: pdf.js's `page.view`), on the page as stored (unrotated); the server adds
 * that area's origin, which need not be (0, 0). The screen shows that area as a viewer does (y down, turned
 * by the page's /Rotate), scaled to the screen's width. Pure, so the mapping is tested without a browser.
 */

/** A page as pdf.js shows it at scale 1: its visible area's displayed size in points and its rotation (0, 90, 180, 270). */
export type PageGeometry = { width: number; height: number; rotate: number }
export type Size = { width: number; height: number }
export type Point = { x: number; y: number }
/** A box in PDF points on the unrotated page, from the bottom-left corner of its visible area. */
export type PdfBox = { x: number; y: number; width: number; height: number }
/** A box in displayed points from the shown page's top-left corner (multiply by the screen scale for CSS pixels). */
export type ShownBox = { left: number; top: number; width: number; height: number }

const quarterTurns = (rotate: number) => ((Math.round(rotate / 90) % 4) + 4) % 4

/** The visible area's own (unrotated) size: a quarter turn swaps what is shown as width and height. */
export function unrotatedSize(page: PageGeometry): Size {
  return quarterTurns(page.rotate) % 2 === 1 ? { width: page.height, height: page.width } : { width: page.width, height: page.height }
}

/**
 * A shown point (points from the shown page's top-left, y down) as a PDF point (from the unrotated visible
 * area's bottom-left, y up). pdf.js turns a page clockwise by its /Rotate.
 *
 * @example
 * toPdfPoint({ width: 595, height: 842, rotate: 0 }, { x: 100, y: 42 }) // { x: 100, y: 800 }
 */
export function toPdfPoint(page: PageGeometry, shown: Point): Point {
  const { width, height } = unrotatedSize(page)
  switch (quarterTurns(page.rotate)) {
    case 1:
      return { x: shown.y, y: shown.x }
    case 2:
      return { x: width - shown.x, y: shown.y }
    case 3:
      return { x: width - shown.y, y: height - shown.x }
    default:
      return { x: shown.x, y: height - shown.y }
  }
}

/** The inverse of {@link toPdfPoint}. */
export function toShownPoint(page: PageGeometry, pdf: Point): Point {
  const { width, height } = unrotatedSize(page)
  switch (quarterTurns(page.rotate)) {
    case 1:
      return { x: pdf.y, y: pdf.x }
    case 2:
      return { x: width - pdf.x, y: pdf.y }
    case 3:
      return { x: height - pdf.y, y: width - pdf.x }
    default:
      return { x: pdf.x, y: height - pdf.y }
  }
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high))

/**
 * The seal's box when its centre is put at a shown point: the seal is drawn upright on the unrotated
 * page, kept whole on the page (the server refuses a seal off the page).
 *
 * @example
 * sealBoxAt({ width: 595, height: 842, rotate: 0 }, { x: 300, y: 421 }, { width: 60, height: 60 }) // { x: 270, y: 391, width: 60, height: 60 }
 */
export function sealBoxAt(page: PageGeometry, shownCentre: Point, seal: Size): PdfBox {
  const size = unrotatedSize(page)
  const centre = toPdfPoint(page, shownCentre)
  return {
    x: clamp(centre.x - seal.width / 2, 0, size.width - seal.width),
    y: clamp(centre.y - seal.height / 2, 0, size.height - seal.height),
    width: seal.width,
    height: seal.height,
  }
}

/** Where a PDF box is shown: its bounding box in shown points (turned with the page). */
export function shownBox(page: PageGeometry, box: PdfBox): ShownBox {
  const a = toShownPoint(page, { x: box.x, y: box.y })
  const b = toShownPoint(page, { x: box.x + box.width, y: box.y + box.height })
  return { left: Math.min(a.x, b.x), top: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) }
}

/** The centre of a PDF box, shown: where a drag of the seal starts from. */
export function shownCentre(page: PageGeometry, box: PdfBox): Point {
  return toShownPoint(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 })
}

/** Space between the seal and the handwriting beside it, in points (3 mm). */
export const HANDWRITING_GAP = 8.5
/** The handwriting beside a name seal is this share of the seal's height, and at most this many times as wide. */
const HANDWRITING_HEIGHT_SHARE = 0.8
const HANDWRITING_MAX_WIDTH_SHARE = 3

/**
 * The box of the handwritten signature beside a name seal: to the seal's right, vertically centred, in
 * the picture's proportions; to its left when the right side has no room; kept on the page either way.
 *
 * @example
 * handwritingBoxBeside({ width: 595, height: 842, rotate: 0 }, { x: 100, y: 100, width: 50, height: 50 }, 2) // { x: 158.5, y: 105, width: 80, height: 40 }
 */
export function handwritingBoxBeside(page: PageGeometry, seal: PdfBox, aspect: number): PdfBox {
  const size = unrotatedSize(page)
  let height = seal.height * HANDWRITING_HEIGHT_SHARE
  let width = height * (Number.isFinite(aspect) && aspect > 0 ? aspect : 2)
  const maxWidth = seal.height * HANDWRITING_MAX_WIDTH_SHARE
  if (width > maxWidth) {
    height *= maxWidth / width
    width = maxWidth
  }
  const right = seal.x + seal.width + HANDWRITING_GAP
  const left = seal.x - HANDWRITING_GAP - width
  const x = right + width <= size.width ? right : left >= 0 ? left : clamp(right, 0, size.width - width)
  return { x, y: clamp(seal.y + (seal.height - height) / 2, 0, size.height - height), width, height }
}
