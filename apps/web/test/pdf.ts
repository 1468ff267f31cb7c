import { vi } from 'vitest'

/**
 * For tests that draw PDFs in jsdom, which has no canvas: pages are drawn on Skia canvases
 * (@napi-rs/canvas, which pdfjs-dist installs for Node) so a test can look at real pixels, and pdf.js
 * runs its worker on the main thread through its documented `globalThis.pdfjsWorker` hook.
 */
export const skia = await import('@napi-rs/canvas').catch(() => null)

type Context = { getImageData: (x: number, y: number, w: number, h: number) => { data: Uint8ClampedArray } }
const contexts = new Map<HTMLCanvasElement, Context>()

export async function runPdfWorkerInline() {
  // @ts-expect-error pdfjs-dist ships no type declarations for its worker module
  ;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs')
}

export function drawCanvasesOnSkia() {
  if (!skia) throw new Error('@napi-rs/canvas is not installed')
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    if (!contexts.has(this)) contexts.set(this, skia.createCanvas(this.width, this.height).getContext('2d') as unknown as Context)
    return contexts.get(this) as never
  })
}

export function forgetCanvases() {
  contexts.clear()
}

/** The colour at a point given in PDF coordinates (origin bottom left, 842 pt high) of a drawn page. */
export function colourAt(canvas: HTMLCanvasElement, x: number, y: number): number[] {
  const context = contexts.get(canvas)
  if (!context) throw new Error('this canvas was not drawn on Skia')
  const scale = canvas.width / 595
  return [...context.getImageData(Math.round(x * scale), Math.round((842 - y) * scale), 1, 1).data]
}

/** A small PDF: `pages` A4 pages, the first with a signature widget whose appearance is a red box at (100,600)–(300,700). */
export function signedPdf({ pages = 1, widgetFlags = 4 }: { pages?: number; widgetFlags?: number } = {}): Uint8Array<ArrayBuffer> {
  const appearance = '1 0 0 rg 0 0 200 100 re f'
  const pageIds = Array.from({ length: pages }, (_, i) => 5 + i)
  const objects: Record<number, string> = {
    1: '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [3 0 R] /SigFlags 3 >> >>',
    2: `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`,
    3: `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Seal1) /F ${widgetFlags} /Rect [100 600 300 700] /P 5 0 R /AP << /N 4 0 R >> >>`,
    4: `<< /Type /XObject /Subtype /Form /BBox [0 0 200 100] /Length ${appearance.length} >>\nstream\n${appearance}\nendstream`,
  }
  pageIds.forEach((id, i) => {
    objects[id] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]${i === 0 ? ' /Annots [3 0 R]' : ''} >>`
  })
  return pdfOf(objects)
}

/** A blank one-page PDF with the given MediaBox, CropBox (none when absent) and /Rotate. */
export function boxedPdf({ mediaBox, cropBox, rotate = 0 }: { mediaBox: number[]; cropBox?: number[]; rotate?: number }): Uint8Array<ArrayBuffer> {
  return pdfOf({
    1: '<< /Type /Catalog /Pages 2 0 R >>',
    2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    3: `<< /Type /Page /Parent 2 0 R /MediaBox [${mediaBox.join(' ')}]${cropBox ? ` /CropBox [${cropBox.join(' ')}]` : ''} /Rotate ${rotate} >>`,
  })
}

/** A PDF file of numbered objects, with its cross-reference table. */
function pdfOf(objects: Record<number, string>): Uint8Array<ArrayBuffer> {
  let text = '%PDF-1.7\n'
  const offsets: number[] = []
  for (const [id, body] of Object.entries(objects)) {
    offsets[Number(id)] = text.length
    text += `${id} 0 obj\n${body}\nendobj\n`
  }
  const xref = text.length
  text += `xref\n0 ${offsets.length}\n0000000000 65535 f \n`
  for (let id = 1; id < offsets.length; id++) text += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`
  text += `trailer\n<< /Size ${offsets.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(text)
}
