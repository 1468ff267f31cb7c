import { PdfFile } from '../src/sign/pdf-file.ts'
import { serializeValue } from '../src/sign/pdf-syntax.ts'

/**
 * Turns a PDF with a classic xref table into a hybrid-reference file (ISO 32000-1 §7.5.8.4): an update
 * whose classic table hides an xref stream (/XRefStm) that moves the catalog into an object stream and
 * gives it /Lang (zh-CN). A reader that ignores /XRefStm sees the old catalog; one that honours it sees
 * the new one, which is how a test can tell which one a reader used.
 *
 * @example
 * const hybrid = hybridReferenceFile(classicPdf)
 */
export function hybridReferenceFile(classic: Uint8Array): Uint8Array {
  const file = new PdfFile(classic)
  if (file.sections[0]?.kind !== 'table') throw new Error('start from a file with a classic xref table')
  const root = file.trailer.entries.get('Root')
  if (!root || typeof root !== 'object' || Array.isArray(root) || root.kind !== 'ref') throw new Error('no /Root')
  const catalog = file.resolveDict(root)!
  const updated = { kind: 'dict' as const, entries: new Map(catalog.entries) }
  updated.entries.set('Lang', { kind: 'string', bytes: 'zh-CN', raw: '(zh-CN)' })

  const objStmNum = file.size
  const xrefStmNum = objStmNum + 1
  const header = `${root.num} 0 `
  const objStmBody = `${header}${serializeValue(updated)}`
  let text = '\n'
  const offsetOf = () => classic.length + text.length
  const objStmAt = offsetOf()
  text += `${objStmNum} 0 obj\n<</Type/ObjStm/N 1/First ${header.length}/Length ${objStmBody.length}>>\nstream\n${objStmBody}\nendstream\nendobj\n`
  const xrefStmAt = offsetOf()
  // One entry, W [1 4 2]: type 2, in object stream objStmNum, index 0.
  const entry = String.fromCharCode(2, (objStmNum >>> 24) & 255, (objStmNum >>> 16) & 255, (objStmNum >>> 8) & 255, objStmNum & 255, 0, 0)
  text += `${xrefStmNum} 0 obj\n<</Type/XRef/Size ${xrefStmNum + 1}/W[1 4 2]/Index[${root.num} 1]/Length ${entry.length}>>\nstream\n${entry}\nendstream\nendobj\n`
  const tableAt = offsetOf()
  const row = (offset: number) => `${String(offset).padStart(10, '0')} 00000 n\r\n`
  text += `xref\n${objStmNum} 2\n${row(objStmAt)}${row(xrefStmAt)}`
  const trailer = `<</Size ${xrefStmNum + 1}/Root ${root.num} 0 R/Prev ${file.sections[0].offset}/XRefStm ${xrefStmAt}>>`
  text += `trailer\n${trailer}\nstartxref\n${tableAt}\n%%EOF\n`
  const out = new Uint8Array(classic.length + text.length)
  out.set(classic)
  for (let i = 0; i < text.length; i++) out[classic.length + i] = text.charCodeAt(i)
  return out
}
