import type { PDFFont } from '@cantoo/pdf-lib'

/** Punctuation that must not begin a line (Chinese line-breaking rules, 避头点). */
const noLineStart = new Set(Array.from('，。、；：？！）》」』】〕〉”’…—·％,.;:?!)]}%'))
/** Punctuation that must not end a line (避尾点). */
const noLineEnd = new Set(Array.from('（《「『【〔〈“‘([{'))

/**
 * Splits text into units a line may break between: every CJK character alone, runs of Latin letters,
 * digits and their joiners together (a credit code, a phone number or a date is never split unless it
 * is wider than the line), and runs of spaces.
 */
function tokens(text: string): string[] {
  return text.match(/[A-Za-z0-9@._\-+/:#*&=~]+|[ \t]+|./gsu) ?? []
}

const isSpace = (token: string) => /^[ \t]+$/.test(token)

/**
 * Breaks text into lines no wider than `width` at the given font size, following the Chinese rules
 * that a line does not begin with closing punctuation nor end with opening punctuation (the character
 * before is carried to the next line instead, so no line overflows). Newlines in the text start a new
 * line.
 *
 * @example
 * wrapText('本授权书自双方签署之日起生效。', fonts.regular, 11, 120)
 * // ['本授权书自双方签署之', '日起生效。']
 */
export function wrapText(
  text: string,
  font: PDFFont,
  size: number,
  width: number,
  firstLineWidth = width,
): string[] {
  return text
    .split(/\r?\n/)
    .flatMap((paragraph) => wrapParagraph(paragraph, font, size, width, firstLineWidth))
}

function wrapParagraph(
  text: string,
  font: PDFFont,
  size: number,
  fullWidth: number,
  firstLineWidth: number,
): string[] {
  const measure = (token: string) => font.widthOfTextAtSize(token, size)
  const lines: string[] = []
  let line: string[] = []
  let lineWidth = 0
  const queue = tokens(text)

  while (queue.length > 0) {
    const width = lines.length === 0 ? firstLineWidth : fullWidth
    const token = queue.shift() as string
    if (line.length === 0 && isSpace(token)) continue
    const tokenWidth = measure(token)
    if (lineWidth + tokenWidth <= width + 0.01) {
      line.push(token)
      lineWidth += tokenWidth
      continue
    }
    if (tokenWidth > width && token.length > 1) {
      // A Latin run wider than a whole line is cut where it must be.
      queue.unshift(...Array.from(token))
      continue
    }
    if (line.length === 0) {
      // A single character wider than the line: nothing better can be done.
      lines.push(token)
      continue
    }
    const carried: string[] = []
    if (noLineStart.has(token)) {
      while (line.length > 1 && (carried.length === 0 || noLineStart.has(carried[0] as string))) {
        carried.unshift(line.pop() as string)
      }
    }
    while (line.length > 1 && noLineEnd.has(line[line.length - 1] as string))
      carried.unshift(line.pop() as string)
    while (line.length > 0 && isSpace(line[line.length - 1] as string)) line.pop()
    lines.push(line.join(''))
    line = []
    lineWidth = 0
    queue.unshift(...carried, token)
  }
  while (line.length > 0 && isSpace(line[line.length - 1] as string)) line.pop()
  if (line.length > 0 || lines.length === 0) lines.push(line.join(''))
  return lines
}
