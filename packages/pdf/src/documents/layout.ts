import { createHash } from 'node:crypto'
import { PDFDocument, PDFHexString, grayscale, rgb } from '@cantoo/pdf-lib'
import type { Color, PDFFont, PDFPage } from '@cantoo/pdf-lib'
import { embedDocumentFonts, missingCharacters } from './fonts.ts'
import type { DocumentFonts } from './fonts.ts'
import type { LocalConfig, PageBox, SignField, SignFieldKind, Signer } from './positions.ts'
import { wrapText } from './wrap.ts'

/** A4 portrait in points. */
export const a4 = { width: 595.28, height: 841.89 } as const

/** Page margins in points; headers and footers live inside them, content and boxes never do. */
export const margins = { top: 70, bottom: 64, left: 62, right: 62 } as const

/** The name documents give as their author and producer. */
export const serviceName = '电子印章服务'

const ink = grayscale(0.1)
const muted = grayscale(0.45)
const rule = grayscale(0.35)
const shade = grayscale(0.94)
const boxInk = rgb(0.55, 0.6, 0.7)

/** Where CJK glyphs sit on their baseline: the ideographic em box spans about -0.12 … 0.88 em. */
const emCentre = 0.38

export type TextOptions = { size?: number; bold?: boolean; color?: Color }

export type ParagraphOptions = TextOptions & {
  /** Indent the first line by two characters, as Chinese body text does. */
  indent?: boolean
  /** Space between lines as a multiple of the size. */
  leading?: number
  align?: 'left' | 'center' | 'right'
  /** Extra left inset in points (list items, notes). */
  inset?: number
}

/** One cell of a {@link DocumentLayout.table} row. */
export type TableCell = {
  text: string
  /** `label` cells are shaded and bold-free; `header` cells are shaded, bold and centred. */
  kind?: 'label' | 'value' | 'header'
  /** How many columns the cell covers. */
  span?: number
  align?: 'left' | 'center'
}

/** A box to leave for a seal, a signature or a date, with the label printed beside it. */
export type BoxSpec = {
  name: string
  kind: SignFieldKind
  signer: Signer
  label: string
  width: number
  height: number
  required?: boolean
  /** Printed inside the box when it is already known at generation (e.g. the signing date). */
  value?: string
}

/** Usual box sizes in points: a 40 mm unit seal fits the seal box with a margin. */
export const boxSizes = {
  unitSeal: { width: 120, height: 120 },
  personalSeal: { width: 96, height: 96 },
  signature: { width: 150, height: 54 },
  date: { width: 124, height: 24 },
} as const

export type LayoutOptions = {
  title: string
  subject: string
  /** Creation and modification date of the file; the Unix epoch when absent, so output is reproducible. */
  createdAt?: Date
  /** Printed in the running header; defaults to the title. */
  headerText?: string
  /** Distinguishes documents of equal content in their file identifier. */
  identity: string
  /** The first page is a cover: no running header or footer on it. */
  cover?: boolean
}

/**
 * A4 page flow for the service's documents: a cursor moves down the page, content that does not fit
 * starts a new page, and every box left for a seal, signature or date is recorded with its page and
 * coordinates (see positions.ts for the convention) so signing places images exactly there.
 *
 * @example
 * const layout = await DocumentLayout.create({ title: '印章使用授权书', subject: '…', identity: id })
 * layout.title('印章使用授权书')
 * layout.paragraph('本单位现授权……', { indent: true })
 * layout.boxColumns([[{ name: 'signLocation', kind: 'signature', signer: 'authorizer', label: '签字', ...boxSizes.signature }]])
 * const { pdf, boxes, localConfig } = await layout.finish()
 */
export class DocumentLayout {
  private readonly pages: PDFPage[] = []
  private readonly fields: SignField[] = []
  private cursor = 0

  private constructor(
    readonly pdf: PDFDocument,
    readonly fonts: DocumentFonts,
    private readonly options: LayoutOptions,
  ) {}

  /** Starts a document with its fonts embedded and its first page added. */
  static async create(options: LayoutOptions): Promise<DocumentLayout> {
    const pdf = await PDFDocument.create({ updateMetadata: false })
    const layout = new DocumentLayout(pdf, await embedDocumentFonts(pdf), options)
    layout.newPage()
    return layout
  }

  /** Width between the margins. */
  get contentWidth(): number {
    return a4.width - margins.left - margins.right
  }

  /** The 1-based number of the page being filled. */
  get pageNumber(): number {
    return this.pages.length
  }

  /** Distance from the cursor down to the bottom margin. */
  get remaining(): number {
    return this.cursor - margins.bottom
  }

  private get page(): PDFPage {
    return this.pages[this.pages.length - 1] as PDFPage
  }

  /** A page already added, by 1-based number (to fill a table of contents once pages are known). */
  pageAt(pageNumber: number): PDFPage {
    const page = this.pages[pageNumber - 1]
    if (!page) throw new RangeError(`the document has no page ${pageNumber}`)
    return page
  }

  /** The cursor's height above the bottom of the page, in points. */
  get cursorY(): number {
    return this.cursor
  }

  newPage(): void {
    this.pages.push(this.pdf.addPage([a4.width, a4.height]))
    this.cursor = a4.height - margins.top
  }

  /** Starts a new page unless `height` points still fit on this one. */
  keepTogether(height: number): void {
    if (height > this.remaining) this.newPage()
  }

  /** Vertical space; at a page break it is dropped rather than carried to the next page. */
  space(height: number): void {
    this.cursor = Math.max(this.cursor - height, margins.bottom)
  }

  font(bold = false): PDFFont {
    return bold ? this.fonts.bold : this.fonts.regular
  }

  private checkDrawable(text: string, font: PDFFont): void {
    const missing = missingCharacters(font, text)
    if (missing.length > 0) throw new MissingCharacterError(missing)
  }

  /** Draws one line of text with its baseline at `y`; the text must fit. */
  text(
    page: PDFPage,
    text: string,
    x: number,
    y: number,
    options: TextOptions & { characterSpacing?: number } = {},
  ): void {
    if (text.length === 0) return
    this.checkDrawable(text, this.font(options.bold))
    page.drawText(text, {
      x,
      y,
      size: options.size ?? 11,
      font: this.font(options.bold),
      color: options.color ?? ink,
      ...(options.characterSpacing ? { characterSpacing: options.characterSpacing } : {}),
    })
  }

  /** The document title, centred and bold, with an optional line under it (e.g. a document number). */
  title(text: string, note?: string): void {
    const size = 20
    const width = this.fonts.bold.widthOfTextAtSize(text, size)
    this.keepTogether(size * 3)
    this.text(this.page, text, (a4.width - width) / 2, this.cursor - size * 0.9, { size, bold: true })
    this.cursor -= size * 1.9
    if (note) {
      const noteSize = 9.5
      const noteWidth = this.fonts.regular.widthOfTextAtSize(note, noteSize)
      this.text(this.page, note, a4.width - margins.right - noteWidth, this.cursor - noteSize, {
        size: noteSize,
        color: muted,
      })
      this.cursor -= noteSize * 2
    }
    this.cursor -= 6
  }

  /** A section heading, kept on the same page as at least two lines after it. */
  heading(text: string, options: { size?: number } = {}): void {
    const size = options.size ?? 12.5
    this.space(8)
    this.keepTogether(size * 1.8 + 44)
    this.text(this.page, text, margins.left, this.cursor - size * 1.2, { size, bold: true })
    this.cursor -= size * 1.8
  }

  /**
   * A paragraph wrapped to the content width by measured glyph widths, CJK line-breaking rules applied;
   * full lines are justified, as Chinese body text is set.
   */
  paragraph(text: string, options: ParagraphOptions = {}): void {
    for (const part of text.split(/\r?\n/)) this.singleParagraph(part, options)
  }

  private singleParagraph(text: string, options: ParagraphOptions): void {
    const size = options.size ?? 11
    const lineHeight = size * (options.leading ?? 1.8)
    const font = this.font(options.bold)
    const inset = options.inset ?? 0
    const indent = options.indent ? size * 2 : 0
    const width = this.contentWidth - inset
    const lines = wrapText(text, font, size, width, width - indent)
    lines.forEach((line, i) => {
      this.keepTogether(lineHeight)
      const lineIndent = i === 0 ? indent : 0
      const lineWidth = font.widthOfTextAtSize(line, size)
      const available = width - lineIndent
      const x0 = margins.left + inset + lineIndent
      const x =
        options.align === 'center'
          ? x0 + (available - lineWidth) / 2
          : options.align === 'right'
            ? x0 + available - lineWidth
            : x0
      const glyphs = Array.from(line).length
      const slack = available - lineWidth
      const justify =
        options.align === undefined && i < lines.length - 1 && glyphs > 1 && slack / (glyphs - 1) < size * 0.3
      const baseline = this.cursor - lineHeight / 2 - size * emCentre
      this.text(this.page, line, x, baseline, {
        size,
        bold: options.bold,
        color: options.color,
        characterSpacing: justify ? slack / (glyphs - 1) : undefined,
      })
      this.cursor -= lineHeight
    })
  }

  /** A bulleted or numbered list item: the marker hangs, wrapped lines align with the text. */
  listItem(marker: string, text: string, options: { size?: number } = {}): void {
    const size = options.size ?? 11
    const markerWidth = Math.max(this.fonts.regular.widthOfTextAtSize(marker, size) + size * 0.4, size * 1.6)
    this.keepTogether(size * 1.8)
    const baseline = this.cursor - (size * 1.8) / 2 - size * emCentre
    this.text(this.page, marker, margins.left + size, baseline, { size })
    this.paragraph(text, { size, inset: size + markerWidth })
  }

  /**
   * A bordered table. `columns` are widths in points (scaled to the content width); each row is a list of
   * cells whose spans add up to the column count. Rows never split across pages.
   */
  table(columns: number[], rows: TableCell[][], options: { size?: number } = {}): void {
    const size = options.size ?? 10.5
    const padding = 6
    const lineHeight = size * 1.5
    const total = columns.reduce((sum, width) => sum + width, 0)
    const widths = columns.map((width) => (width / total) * this.contentWidth)
    for (const row of rows) {
      let column = 0
      const cells = row.map((cell) => {
        const span = cell.span ?? 1
        const x = margins.left + widths.slice(0, column).reduce((sum, width) => sum + width, 0)
        const width = widths.slice(column, column + span).reduce((sum, w) => sum + w, 0)
        column += span
        const bold = cell.kind === 'header'
        const lines = wrapText(cell.text, this.font(bold), size, width - padding * 2)
        return { cell, x, width, lines, bold }
      })
      if (column !== columns.length)
        throw new RangeError(`a table row covers ${column} of ${columns.length} columns`)
      const height = Math.max(24, ...cells.map(({ lines }) => lines.length * lineHeight + padding * 2))
      this.keepTogether(height)
      const top = this.cursor
      for (const { cell, x, width, lines, bold } of cells) {
        const shaded = cell.kind === 'label' || cell.kind === 'header'
        this.page.drawRectangle({
          x,
          y: top - height,
          width,
          height,
          color: shaded ? shade : undefined,
          borderColor: rule,
          borderWidth: 0.6,
        })
        const textTop = top - (height - lines.length * lineHeight) / 2
        lines.forEach((line, i) => {
          const lineWidth = this.font(bold).widthOfTextAtSize(line, size)
          const centred = cell.align === 'center' || cell.kind === 'header'
          const lineX = centred ? x + (width - lineWidth) / 2 : x + padding
          const baseline = textTop - i * lineHeight - lineHeight / 2 - size * emCentre
          this.text(this.page, line, lineX, baseline, { size, bold })
        })
      }
      this.cursor -= height
    }
  }

  /**
   * A two- or four-column table of labels and values: a row of one pair spans the width, a row of two
   * pairs shares it, and a string row is a section header across the table.
   */
  fieldTable(
    rows: Array<string | Array<[label: string, value: string]>>,
    options: { labelWidth?: number } = {},
  ): void {
    const label = options.labelWidth ?? 100
    const value = this.contentWidth / 2 - label
    this.table(
      [label, value, label, value],
      rows.map((row): TableCell[] => {
        if (typeof row === 'string') return [{ text: row, kind: 'header', span: 4 }]
        if (row.length === 1) {
          const [[name, text]] = row as [[string, string]]
          return [
            { text: name, kind: 'label' },
            { text, span: 3 },
          ]
        }
        return row.flatMap(([name, text]): TableCell[] => [{ text: name, kind: 'label' }, { text }])
      }),
    )
  }

  /**
   * Leaves boxes for seals, signatures and dates in side-by-side columns, each box under its label (a
   * date box sits to the right of its label), kept together on one page, and records where each is.
   */
  boxColumns(columns: BoxSpec[][]): Record<string, PageBox> {
    const labelSize = 11
    const labelHeight = labelSize * 1.9
    const gap = 10
    const itemHeight = (box: BoxSpec) => (box.kind === 'date' ? box.height : labelHeight + box.height)
    const columnHeight = (column: BoxSpec[]) =>
      column.reduce((sum, box) => sum + itemHeight(box), 0) + gap * Math.max(0, column.length - 1)
    const height = Math.max(...columns.map(columnHeight))
    this.space(10)
    this.keepTogether(height)
    const columnWidth = this.contentWidth / columns.length
    const recorded: Record<string, PageBox> = {}
    columns.forEach((column, index) => {
      const left = margins.left + index * columnWidth
      let top = this.cursor
      for (const box of column) {
        let x = left
        let boxTop = top
        if (box.kind === 'date') {
          const label = `${box.label}：`
          const labelWidth = this.fonts.regular.widthOfTextAtSize(label, labelSize)
          this.text(this.page, label, left, top - box.height / 2 - labelSize * emCentre, { size: labelSize })
          x = left + labelWidth + 4
        } else {
          this.text(this.page, `${box.label}：`, left, top - labelHeight / 2 - labelSize * emCentre, {
            size: labelSize,
          })
          boxTop = top - labelHeight
        }
        const width = Math.min(box.width, left + columnWidth - 8 - x)
        const placed = {
          page: this.pageNumber,
          x: round(x),
          y: round(boxTop - box.height),
          width: round(width),
          height: box.height,
        }
        this.drawBox(placed)
        if (box.value) {
          this.text(this.page, box.value, placed.x + 6, placed.y + placed.height / 2 - labelSize * emCentre, { size: labelSize })
        }
        this.fields.push({
          ...placed,
          name: box.name,
          kind: box.kind,
          signer: box.signer,
          label: box.label,
          required: box.required ?? true,
        })
        recorded[box.name] = placed
        top -= itemHeight(box) + gap
      }
    })
    this.cursor -= height
    return recorded
  }

  private drawBox(box: PageBox): void {
    this.page.drawRectangle({
      x: box.x,
      y: box.y,
      width: box.width,
      height: box.height,
      borderColor: boxInk,
      borderWidth: 0.7,
      borderDashArray: [3, 2],
    })
  }

  /** Draws in the current page directly, for illustrations; `top` is measured from the cursor. */
  drawing(height: number, draw: (page: PDFPage, top: number) => void): void {
    this.keepTogether(height)
    draw(this.page, this.cursor)
    this.cursor -= height
  }

  /**
   * Adds running header and page footer, sets the metadata, and serialises the document with a
   * file identifier derived from its content, so the same input always gives the same bytes.
   */
  async finish(): Promise<{ pdf: Uint8Array; boxes: Record<string, PageBox>; localConfig: LocalConfig }> {
    const header = this.options.headerText ?? this.options.title
    const count = this.pages.length
    this.pages.forEach((page, index) => {
      if (index === 0 && this.options.cover) return
      const size = 8.5
      const y = a4.height - margins.top + 26
      this.text(page, serviceName, margins.left, y, { size, color: muted })
      const headerWidth = this.fonts.regular.widthOfTextAtSize(header, size)
      this.text(page, header, a4.width - margins.right - headerWidth, y, { size, color: muted })
      page.drawLine({
        start: { x: margins.left, y: y - 6 },
        end: { x: a4.width - margins.right, y: y - 6 },
        thickness: 0.5,
        color: grayscale(0.7),
      })
      const footer = `第 ${index + 1} 页 共 ${count} 页`
      const footerWidth = this.fonts.regular.widthOfTextAtSize(footer, size)
      this.text(page, footer, (a4.width - footerWidth) / 2, margins.bottom - 34, { size, color: muted })
    })

    const created = this.options.createdAt ?? new Date(0)
    this.pdf.setTitle(this.options.title, { showInWindowTitleBar: true })
    this.pdf.setSubject(this.options.subject)
    this.pdf.setAuthor(serviceName)
    this.pdf.setCreator(serviceName)
    this.pdf.setProducer(serviceName)
    this.pdf.setLanguage('zh-CN')
    this.pdf.setCreationDate(created)
    this.pdf.setModificationDate(created)
    const id = PDFHexString.of(
      createHash('sha256').update(this.options.identity).digest('hex').slice(0, 32).toUpperCase(),
    )
    this.pdf.context.trailerInfo.ID = this.pdf.context.obj([id, id])

    const pdf = await this.pdf.save({ useObjectStreams: false })
    const boxes = Object.fromEntries(
      this.fields.map(({ name, page, x, y, width, height }) => [name, { page, x, y, width, height }]),
    )
    return {
      pdf,
      boxes,
      localConfig: {
        pageCount: count,
        pageSize: { width: a4.width, height: a4.height },
        fields: this.fields.map((f) => ({ ...f })),
      },
    }
  }
}

/** Thrown when a text holds characters the vendored font cannot draw. */
export class MissingCharacterError extends RangeError {
  constructor(readonly characters: string[]) {
    super(`the document font has no glyph for: ${characters.join(' ')}`)
    this.name = 'MissingCharacterError'
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}
