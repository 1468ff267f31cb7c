import type { PdfFile } from './pdf-file.ts'
import { isName, isRef, type PdfDict, type PdfRef, type PdfValue } from './pdf-syntax.ts'

/** A rectangle in default user space: [x0, y0, x1, y1], lower-left and upper-right. */
export type PdfBox = [number, number, number, number]

export type PageLocation = {
  ref: PdfRef
  dict: PdfDict
  /** Inherited through the page tree when the page has none of its own. */
  mediaBox: PdfBox
  /**
   * What viewers show of the page: its CropBox (inherited like the MediaBox) clipped by the MediaBox, or the
   * MediaBox when there is no CropBox or the two do not overlap (pdf.js's `page.view`, poppler's crop box).
   * Seal positions are measured from this box's bottom-left corner.
   */
  visibleBox: PdfBox
}

/** A4, for a page tree that gives no MediaBox at all. */
const DEFAULT_MEDIA_BOX: PdfBox = [0, 0, 595.28, 841.89]

/**
 * Finds the page with the given 1-based number by walking down the page tree, reading only the nodes on
 * the way (and the leaves before it in each node), not the whole tree. Undefined when there is no such page.
 *
 * @example
 * const page = findPage(file, 1) // { ref: { num: 4, gen: 0 }, dict, mediaBox: [0, 0, 595.28, 841.89], visibleBox: [0, 0, 595.28, 841.89] }
 */
export function findPage(file: PdfFile, pageNumber: number): PageLocation | undefined {
  const catalog = file.resolveDict(file.trailer.entries.get('Root'))
  const rootRef = catalog?.entries.get('Pages')
  if (!isRef(rootRef) || !Number.isInteger(pageNumber) || pageNumber < 1) return undefined
  let remaining = pageNumber - 1
  let node = file.resolveDict(rootRef)
  let mediaBox = boxOf(file, node, 'MediaBox')
  let cropBox = boxOf(file, node, 'CropBox')
  for (let depth = 0; node && depth < 64; depth++) {
    const kids = file.resolve(node.entries.get('Kids'))
    if (!Array.isArray(kids)) return undefined
    let next: PdfDict | undefined
    for (const kid of kids) {
      if (!isRef(kid)) continue
      const dict = file.resolveDict(kid)
      if (!dict) continue
      const isPages = isName(dict.entries.get('Type'), 'Pages') || (dict.entries.has('Kids') && !isName(dict.entries.get('Type'), 'Page'))
      if (isPages) {
        const count = Number(file.resolve(dict.entries.get('Count')) ?? 0)
        if (remaining < count) {
          next = dict
          break
        }
        remaining -= count
      } else if (remaining === 0) {
        const media = boxOf(file, dict, 'MediaBox') ?? mediaBox ?? DEFAULT_MEDIA_BOX
        return { ref: kid, dict, mediaBox: media, visibleBox: visible(media, boxOf(file, dict, 'CropBox') ?? cropBox) }
      } else remaining--
    }
    if (!next) return undefined
    node = next
    mediaBox = boxOf(file, node, 'MediaBox') ?? mediaBox
    cropBox = boxOf(file, node, 'CropBox') ?? cropBox
  }
  return undefined
}

/** The number of pages the page tree declares. */
export function pageCount(file: PdfFile): number {
  const catalog = file.resolveDict(file.trailer.entries.get('Root'))
  const pages = file.resolveDict(catalog?.entries.get('Pages'))
  return Number(file.resolve(pages?.entries.get('Count')) ?? 0)
}

/** A page box of a page or page-tree node, normalised to lower-left, upper-right; undefined when absent, malformed or empty. */
function boxOf(file: PdfFile, node: PdfDict | undefined, key: 'MediaBox' | 'CropBox'): PdfBox | undefined {
  const value = file.resolve(node?.entries.get(key))
  if (!Array.isArray(value) || value.length !== 4) return undefined
  const numbers = value.map((v: PdfValue) => file.resolve(v))
  if (!numbers.every((v) => typeof v === 'number' && Number.isFinite(v))) return undefined
  const [a, b, c, d] = numbers as number[]
  const box: PdfBox = [Math.min(a!, c!), Math.min(b!, d!), Math.max(a!, c!), Math.max(b!, d!)]
  return box[2] > box[0] && box[3] > box[1] ? box : undefined
}

/** The CropBox clipped by the MediaBox; the MediaBox when there is no CropBox or nothing of it is on the media. */
function visible(media: PdfBox, crop: PdfBox | undefined): PdfBox {
  if (!crop) return media
  const box: PdfBox = [Math.max(media[0], crop[0]), Math.max(media[1], crop[1]), Math.min(media[2], crop[2]), Math.min(media[3], crop[3])]
  return box[2] > box[0] && box[3] > box[1] ? box : media
}
