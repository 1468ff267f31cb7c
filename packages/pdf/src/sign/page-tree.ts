import type { PdfFile } from './pdf-file.ts'
import { isName, isRef, type PdfDict, type PdfRef, type PdfValue } from './pdf-syntax.ts'

export type PageLocation = {
  ref: PdfRef
  dict: PdfDict
  /** Inherited through the page tree when the page has none of its own. */
  mediaBox: [number, number, number, number]
}

/**
 * Finds the page with the given 1-based number by walking down the page tree, reading only the nodes on
 * the way (and the leaves before it in each node), not the whole tree. Undefined when there is no such page.
 *
 * @example
 * const page = findPage(file, 1) // { ref: { num: 4, gen: 0 }, dict, mediaBox: [0, 0, 595.28, 841.89] }
 */
export function findPage(file: PdfFile, pageNumber: number): PageLocation | undefined {
  const catalog = file.resolveDict(file.trailer.entries.get('Root'))
  const rootRef = catalog?.entries.get('Pages')
  if (!isRef(rootRef) || !Number.isInteger(pageNumber) || pageNumber < 1) return undefined
  let remaining = pageNumber - 1
  let node = file.resolveDict(rootRef)
  let mediaBox = asBox(file.resolve(node?.entries.get('MediaBox')))
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
        return { ref: kid, dict, mediaBox: asBox(file.resolve(dict.entries.get('MediaBox'))) ?? mediaBox ?? [0, 0, 595.28, 841.89] }
      } else remaining--
    }
    if (!next) return undefined
    node = next
    mediaBox = asBox(file.resolve(node.entries.get('MediaBox'))) ?? mediaBox
  }
  return undefined
}

/** The number of pages the page tree declares. */
export function pageCount(file: PdfFile): number {
  const catalog = file.resolveDict(file.trailer.entries.get('Root'))
  const pages = file.resolveDict(catalog?.entries.get('Pages'))
  return Number(file.resolve(pages?.entries.get('Count')) ?? 0)
}

function asBox(value: PdfValue | undefined): [number, number, number, number] | undefined {
  if (!Array.isArray(value) || value.length !== 4 || !value.every((v) => typeof v === 'number')) return undefined
  return value as [number, number, number, number]
}
