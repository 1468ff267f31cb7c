import type { PdfFile } from './pdf-file.ts'
import { pdfDict, pdfName, serializeValue, type PdfValue } from './pdf-syntax.ts'

/** An object written in the update: a dictionary (as PDF text), with stream data when it is a stream. */
export type UpdateObject = { num: number; gen?: number; text: string; stream?: Uint8Array }

export type IncrementalUpdate = {
  /** The original bytes, unchanged, followed by the update. */
  bytes: Uint8Array
  /** Where each new object's text (just after `num gen obj\n`) starts in `bytes`. */
  textOffsets: Map<number, number>
}

/**
 * Appends objects to a PDF as an incremental update (ISO 32000-1 §7.5.6): the original bytes stay as
 * they are, which is what keeps earlier signatures valid. The new cross-reference section has the same
 * form as the newest one in the file (a table, or an xref stream when the file uses them) and points back
 * to it with `/Prev`.
 *
 * @example
 * const { bytes } = appendIncrementalUpdate(file, [{ num: 12, text: '<</Type/Catalog/Pages 2 0 R>>' }])
 */
export function appendIncrementalUpdate(file: PdfFile, objects: UpdateObject[]): IncrementalUpdate {
  const original = file.bytes
  const chunks: (string | Uint8Array)[] = []
  const textOffsets = new Map<number, number>()
  const xrefOffsets = new Map<number, { offset: number; gen: number }>()
  let position = original.length
  const push = (chunk: string | Uint8Array) => {
    chunks.push(chunk)
    position += chunk.length
  }
  const last = original[original.length - 1]
  if (last !== 0x0a && last !== 0x0d) push('\n')

  for (const object of objects) {
    const gen = object.gen ?? 0
    xrefOffsets.set(object.num, { offset: position, gen })
    push(`${object.num} ${gen} obj\n`)
    textOffsets.set(object.num, position)
    push(object.text)
    if (object.stream) {
      push('\nstream\n')
      push(object.stream)
      push('\nendstream')
    }
    push('\nendobj\n')
  }

  const previous = file.sections[0]!
  const carried = (key: string) => file.trailer.entries.get(key)
  let size = file.size
  for (const num of xrefOffsets.keys()) size = Math.max(size, num + 1)

  if (previous.kind === 'stream') {
    // The xref stream lists itself too.
    const selfNum = size++
    xrefOffsets.set(selfNum, { offset: position, gen: 0 })
    const { data, index } = xrefStreamData(xrefOffsets)
    const dict = pdfDict({
      Type: pdfName('XRef'),
      Size: size,
      Index: index,
      W: [1, 4, 2],
      Root: carried('Root'),
      Info: carried('Info'),
      ID: carried('ID'),
      Prev: previous.offset,
      Length: data.length,
    })
    const xrefAt = position
    push(`${selfNum} 0 obj\n${serializeValue(dict)}\nstream\n`)
    push(data)
    push(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`)
  } else {
    const xrefAt = position
    push(xrefTable(xrefOffsets))
    const trailer: Record<string, PdfValue | undefined> = {
      Size: size,
      Root: carried('Root'),
      Info: carried('Info'),
      ID: carried('ID'),
      Prev: previous.offset,
    }
    push(`trailer\n${serializeValue(pdfDict(trailer))}\nstartxref\n${xrefAt}\n%%EOF\n`)
  }

  const bytes = new Uint8Array(position)
  bytes.set(original, 0)
  let at = original.length
  for (const chunk of chunks) {
    if (typeof chunk === 'string') {
      // Our text is ASCII (names, numbers, hex strings, raw strings from the file kept as Latin-1).
      for (let i = 0; i < chunk.length; i++) bytes[at + i] = chunk.charCodeAt(i)
    } else bytes.set(chunk, at)
    at += chunk.length
  }
  return { bytes, textOffsets }
}

/** Consecutive object numbers grouped into subsections, as both xref forms want them. */
function subsections(offsets: Map<number, { offset: number; gen: number }>): number[][] {
  const nums = [...offsets.keys()].sort((a, b) => a - b)
  const groups: number[][] = []
  for (const num of nums) {
    const group = groups[groups.length - 1]
    if (group && group[group.length - 1] === num - 1) group.push(num)
    else groups.push([num])
  }
  return groups
}

function xrefTable(offsets: Map<number, { offset: number; gen: number }>): string {
  let text = 'xref\n'
  for (const group of subsections(offsets)) {
    text += `${group[0]} ${group.length}\n`
    for (const num of group) {
      const entry = offsets.get(num)!
      text += `${String(entry.offset).padStart(10, '0')} ${String(entry.gen).padStart(5, '0')} n\r\n`
    }
  }
  return text
}

function xrefStreamData(offsets: Map<number, { offset: number; gen: number }>): { data: Uint8Array; index: number[] } {
  const groups = subsections(offsets)
  const index = groups.flatMap((group) => [group[0]!, group.length])
  const data = new Uint8Array(offsets.size * 7)
  let at = 0
  for (const group of groups) {
    for (const num of group) {
      const { offset, gen } = offsets.get(num)!
      data[at] = 1
      data[at + 1] = (offset >>> 24) & 0xff
      data[at + 2] = (offset >>> 16) & 0xff
      data[at + 3] = (offset >>> 8) & 0xff
      data[at + 4] = offset & 0xff
      data[at + 5] = (gen >> 8) & 0xff
      data[at + 6] = gen & 0xff
      at += 7
    }
  }
  return { data, index }
}
