import { readFileSync } from 'node:fs'
import fontkit from '@cantoo/fontkit'
import { PDFDocument, rgb } from '@cantoo/pdf-lib'
import { cjkFont } from '@seal/fonts'
import sharp from 'sharp'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'

const paragraphs = [
  '甲乙双方本着平等自愿、诚实信用的原则，经友好协商，就电子印章服务事宜达成如下协议。',
  '甲方委托乙方提供电子印章的制作、管理与使用服务，乙方应保证印章密钥的安全保管。',
  '电子印章与实物印章具有同等法律效力，任何一方不得否认经电子签章的文件的真实性。',
  '本合同自双方签章之日起生效，有效期一年；期满前三十日内任何一方未提出异议的，自动续期。',
  '因本合同引起的争议，双方应协商解决；协商不成的，提交甲方所在地人民法院诉讼解决。',
  '乙方承诺对甲方提供的营业执照、法定代表人身份证件等资料严格保密，不得用于其他用途。',
]

const clausesPerPage = 11
const cache = new Map<string, Uint8Array>()

/**
 * A Chinese contract of `pages` A4 pages made with @cantoo/pdf-lib and the vendored CJK font (subset).
 * `objectStreams` false writes a classic xref table; true (pdf-lib's default) an xref stream with object
 * streams. Cached per process: the font subsetting takes a second or two.
 *
 * @example
 * const pdf = await chineseContract({ pages: 50 })
 */
export async function chineseContract({ pages, objectStreams = true }: { pages: number; objectStreams?: boolean }): Promise<Uint8Array> {
  const key = `${pages}:${objectStreams}`
  const hit = cache.get(key)
  if (hit) return hit
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  const font = await doc.embedFont(readFileSync(cjkFont.regular), { subset: true })
  const covered = new Set(font.getCharacterSet())
  // A real contract of this length uses a couple of thousand distinct characters, and the font subset grows
  // with them: an appendix line per page draws from the whole CJK block so the file has a realistic size.
  const hanzi = Array.from({ length: 0x9fa5 - 0x4e00 }, (_, i) => 0x4e00 + i).filter((c) => covered.has(c))
  let seed = 20250101
  const nextHanzi = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return String.fromCodePoint(hanzi[seed % hanzi.length]!)
  }
  doc.setTitle('电子印章服务合同')
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([595.28, 841.89])
    page.drawText(p === 1 ? '电子印章服务合同' : `电子印章服务合同（第${p}页）`, { x: 72, y: 770, size: 20, font })
    let y = 730
    for (let i = 0; i < clausesPerPage; i++) {
      const text = `第${(p - 1) * clausesPerPage + i + 1}条\u3000${paragraphs[(p + i) % paragraphs.length]}`
      for (const line of wrap(text, 30)) {
        page.drawText(line, { x: 72, y, size: 13, font, color: rgb(0.1, 0.1, 0.1) })
        y -= 20
      }
      y -= 4
    }
    const appendix = Array.from({ length: 120 }, nextHanzi).join('')
    for (const line of wrap(`附件字表：${appendix}`, 32)) {
      page.drawText(line, { x: 72, y, size: 12, font, color: rgb(0.3, 0.3, 0.3) })
      y -= 18
    }
    page.drawText('甲方（盖章）：　　　　　　　乙方（盖章）：', { x: 72, y: 90, size: 13, font })
  }
  const bytes = await doc.save({ useObjectStreams: objectStreams })
  cache.set(key, bytes)
  return bytes
}

/** [x0, y0, x1, y1] in user-space points. */
export type Box = [number, number, number, number]

/**
 * A one-page document whose visible area need not start at the user-space origin: a MediaBox and,
 * optionally, a CropBox, with 甲方（盖章）drawn at a point given from the visible area's bottom-left
 * corner (`phraseAt`), and a thin black frame just inside the visible area.
 *
 * @example
 * const pdf = await boxedPage({ mediaBox: [50, 50, 645.28, 891.89], phraseAt: { x: 72, y: 90 } })
 */
export async function boxedPage({ mediaBox, cropBox, phraseAt }: { mediaBox: Box; cropBox?: Box; phraseAt: { x: number; y: number } }): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  const font = await doc.embedFont(readFileSync(cjkFont.regular), { subset: true })
  const page = doc.addPage([mediaBox[2] - mediaBox[0], mediaBox[3] - mediaBox[1]])
  page.setMediaBox(mediaBox[0], mediaBox[1], mediaBox[2] - mediaBox[0], mediaBox[3] - mediaBox[1])
  const visible = cropBox ?? mediaBox
  if (cropBox) page.setCropBox(cropBox[0], cropBox[1], cropBox[2] - cropBox[0], cropBox[3] - cropBox[1])
  // pdf-lib draws in user space: the phrase goes where the visible area's corner plus its position is.
  page.drawText('甲方（盖章）', { x: visible[0] + phraseAt.x, y: visible[1] + phraseAt.y, size: 13, font })
  page.drawRectangle({ x: visible[0] + 2, y: visible[1] + 2, width: visible[2] - visible[0] - 4, height: visible[3] - visible[1] - 4, borderColor: rgb(0, 0, 0), borderWidth: 1 })
  return doc.save()
}

function wrap(text: string, perLine: number): string[] {
  const chars = Array.from(text)
  const lines: string[] = []
  for (let i = 0; i < chars.length; i += perLine) lines.push(chars.slice(i, i + perLine).join(''))
  return lines
}

/** The unit's contract seal as the seal package renders it: a transparent round PNG. */
export async function contractSealPng(): Promise<Uint8Array> {
  const seal = await renderOrganizationSeal({ unitName: '北京明远科技有限公司', sealTypeCode: '04', sealCode: '1101080012345' })
  return seal.png
}

/** The finance seal, another transparent round PNG. */
export async function financeSealPng(): Promise<Uint8Array> {
  const seal = await renderOrganizationSeal({ unitName: '北京明远科技有限公司', sealTypeCode: '02', sealCode: '1101080012346' })
  return seal.png
}

/** A handwritten-looking signature: dark blue strokes on a transparent background, made with sharp. */
export async function handwrittenSignaturePng(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="140">
    <g fill="none" stroke="#1a237e" stroke-width="6" stroke-linecap="round" stroke-linejoin="round">
      <path d="M20 90 C 40 30, 70 30, 80 80 S 110 120, 130 60"/>
      <path d="M120 40 L 170 110 M150 40 C 190 60, 200 100, 175 115"/>
      <path d="M210 70 C 230 20, 260 20, 250 70 C 240 120, 280 120, 300 70 S 330 40, 345 85"/>
    </g></svg>`
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer())
}

/**
 * A contract printed by Chromium ("Save as PDF", as Puppeteer and Chrome print), kept as it came out:
 * `chromium --headless --no-pdf-header-footer --print-to-pdf` of fixtures/chromium-printed-contract.html
 * in Noto Sans CJK SC. Skia writes each glyph's ToUnicode as the lowest code point the font maps to it,
 * so 方 乙 一 日 子 心 用 月 come out as Kangxi radicals (U+2F45 ⽅, U+2F04 ⼄, U+2F00 ⼀, U+2F47 ⽇ …):
 * the text reads right and copies wrong. It holds 甲方（盖章）, 乙方（盖章）, 第一条 and 日期.
 */
export function chromiumPrintedContract(): Uint8Array {
  return new Uint8Array(readFileSync(new URL('./fixtures/chromium-printed-contract.pdf', import.meta.url)))
}
