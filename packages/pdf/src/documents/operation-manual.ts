import { grayscale, rgb } from '@cantoo/pdf-lib'
import type { PDFPage } from '@cantoo/pdf-lib'
import { chineseDate } from './format.ts'
import { DocumentLayout, a4, margins, serviceName } from './layout.ts'
import type { TableCell } from './layout.ts'
import { manualSections } from './operation-manual-content.ts'
import type { ManualBlock } from './operation-manual-content.ts'
import type { GeneratedDocument, LocalConfig } from './positions.ts'
import { wrapText } from './wrap.ts'

export type OperationManualInput = {
  /** Technical-support line ({phone} in the spec). */
  supportPhone: string
  /** Service hours, e.g. 工作日 9:00-12:00、14:00-18:00 (spec 001 §1). */
  serviceHours: string
  /** Leave out the authorization chapter and home card when the authorization menu is off. */
  authorizationEnabled?: boolean
  /** Leave out the binding chapter and home card when binding is off. */
  bindingEnabled?: boolean
  version?: string
  /** Edition date printed on the cover and file date; the epoch (and no printed date) when absent. */
  createdAt?: Date
}

/** The manual has nothing to sign; its positions only describe its pages. */
export type OperationManualPositions = {
  localConfig: LocalConfig
  contents: Array<{ title: string; page: number }>
}

const accent = rgb(0.72, 0.12, 0.12)
const tipFill = rgb(0.96, 0.97, 1)
const tipBorder = rgb(0.6, 0.68, 0.85)
const cardFill = rgb(0.98, 0.96, 0.95)
const chapterNumbers = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二']

/**
 * Generates the 电子印章操作手册: a cover, contents, and chapters on the home cards, applying (unit and
 * personal), managing seals, authorization, binding, the to-do centre, common questions and technical
 * support, with step diagrams and a drawing of the home screen. The server seeds it as the configured
 * operation manual shown at /applyPdf.
 *
 * @example
 * const { pdf } = await operationManual({ supportPhone: '400-000-0000', serviceHours: '工作日 9:00-12:00、14:00-18:00' })
 */
export async function operationManual(
  input: OperationManualInput,
): Promise<GeneratedDocument<OperationManualPositions>> {
  const title = '电子印章操作手册'
  const layout = await DocumentLayout.create({
    title,
    subject: '电子印章服务用户操作手册',
    createdAt: input.createdAt,
    identity: JSON.stringify(['operation-manual', input]),
    cover: true,
  })
  drawCover(layout, title, input)
  layout.newPage()
  const contentsPage = layout.pageNumber
  layout.newPage()

  const contents: Array<{ title: string; page: number; level: number }> = []
  const sections = manualSections({
    supportPhone: input.supportPhone,
    serviceHours: input.serviceHours,
    authorizationEnabled: input.authorizationEnabled ?? true,
    bindingEnabled: input.bindingEnabled ?? true,
  })
  sections.forEach((section, i) => {
    const heading = `${chapterNumbers[i] ?? i + 1}、${section.title}`
    layout.space(i === 0 ? 0 : 14)
    layout.keepTogether(90)
    contents.push({ title: heading, page: layout.pageNumber, level: 1 })
    layout.drawing(34, (page, top) => {
      layout.text(page, heading, margins.left, top - 22, { size: 15, bold: true })
      page.drawLine({
        start: { x: margins.left, y: top - 30 },
        end: { x: margins.left + 64, y: top - 30 },
        thickness: 2,
        color: accent,
      })
    })
    let partNumber = 0
    for (const part of section.parts) {
      if (part.title) {
        partNumber += 1
        const partHeading = `${i + 1}.${partNumber}\u3000${part.title}`
        layout.heading(partHeading, { size: 12.5 })
        contents.push({ title: partHeading, page: layout.pageNumber, level: 2 })
      }
      for (const block of part.blocks) drawBlock(layout, block)
    }
  })

  drawContents(layout.pageAt(contentsPage), layout, contents)
  const { pdf, localConfig } = await layout.finish()
  return {
    pdf,
    positions: { localConfig, contents: contents.map(({ title: entry, page }) => ({ title: entry, page })) },
  }
}

function drawCover(layout: DocumentLayout, title: string, input: OperationManualInput): void {
  layout.drawing(a4.height - margins.top - margins.bottom, (page, top) => {
    const centre = (text: string, y: number, size: number, bold = false) => {
      const width = layout.font(bold).widthOfTextAtSize(text, size)
      layout.text(page, text, (a4.width - width) / 2, y, { size, bold })
    }
    page.drawRectangle({ x: 0, y: a4.height - 200, width: a4.width, height: 12, color: accent })
    centre(title, top - 260, 30, true)
    centre('用户版', top - 300, 15)
    page.drawLine({
      start: { x: a4.width / 2 - 60, y: top - 330 },
      end: { x: a4.width / 2 + 60, y: top - 330 },
      thickness: 1,
      color: accent,
    })
    const edition = [
      input.version ? `版本 ${input.version}` : '',
      input.createdAt ? chineseDate(input.createdAt.getTime()) : '',
    ]
      .filter(Boolean)
      .join('\u3000')
    if (edition) centre(edition, top - 360, 11)
    centre(serviceName, margins.bottom + 40, 12)
    centre(`技术支持：${input.supportPhone}`, margins.bottom + 18, 10)
  })
}

function drawContents(
  page: PDFPage,
  layout: DocumentLayout,
  contents: Array<{ title: string; page: number; level: number }>,
): void {
  const titleWidth = layout.fonts.bold.widthOfTextAtSize('目录', 18)
  let y = a4.height - margins.top - 30
  layout.text(page, '目录', (a4.width - titleWidth) / 2, y, { size: 18, bold: true })
  y -= 40
  for (const entry of contents) {
    const size = entry.level === 1 ? 12 : 10.5
    const x = margins.left + (entry.level === 1 ? 0 : 24)
    const number = String(entry.page)
    const numberWidth = layout.fonts.regular.widthOfTextAtSize(number, size)
    const right = a4.width - margins.right
    const textWidth = layout.font(entry.level === 1).widthOfTextAtSize(entry.title, size)
    layout.text(page, entry.title, x, y, { size, bold: entry.level === 1 })
    layout.text(page, number, right - numberWidth, y, { size })
    // A dotted leader between title and page number, as printed contents have.
    page.drawLine({
      start: { x: x + textWidth + 6, y: y + 3 },
      end: { x: right - numberWidth - 6, y: y + 3 },
      thickness: 0.8,
      color: grayscale(0.6),
      dashArray: [1, 3],
    })
    y -= entry.level === 1 ? 26 : 21
  }
}

function drawBlock(layout: DocumentLayout, block: ManualBlock): void {
  switch (block.type) {
    case 'paragraph':
      layout.paragraph(block.text, { indent: true })
      return
    case 'list':
      block.items.forEach((item) => layout.listItem('•', item))
      return
    case 'table':
      layout.space(4)
      layout.table(
        block.columns,
        block.rows.map((row, r) =>
          row.map((text): TableCell => ({
            text,
            kind: r === 0 ? 'label' : 'value',
            align: r === 0 ? 'center' : 'left',
          })),
        ),
      )
      layout.space(6)
      return
    case 'tip':
      drawTip(layout, block.text)
      return
    case 'steps':
      drawSteps(layout, block.steps)
      return
    case 'home':
      drawHomeScreen(layout, block.cards)
      return
  }
}

function drawTip(layout: DocumentLayout, text: string): void {
  const size = 10
  const lineHeight = size * 1.7
  const label = '提示：'
  const labelWidth = layout.fonts.bold.widthOfTextAtSize(label, size)
  const lines = wrapText(text, layout.fonts.regular, size, layout.contentWidth - 24 - labelWidth)
  const height = lines.length * lineHeight + 14
  layout.space(6)
  layout.drawing(height + 6, (page, top) => {
    page.drawRectangle({
      x: margins.left,
      y: top - height,
      width: layout.contentWidth,
      height,
      color: tipFill,
      borderColor: tipBorder,
      borderWidth: 0.6,
      rx: 3,
      ry: 3,
    })
    layout.text(page, label, margins.left + 12, top - 7 - lineHeight / 2 - size * 0.38, { size, bold: true })
    lines.forEach((line, i) => {
      layout.text(
        page,
        line,
        margins.left + 12 + labelWidth,
        top - 7 - i * lineHeight - lineHeight / 2 - size * 0.38,
        { size },
      )
    })
  })
}

function drawSteps(layout: DocumentLayout, steps: string[]): void {
  const gap = 16
  const width = (layout.contentWidth - gap * (steps.length - 1)) / steps.length
  // Shrink the type a little before wrapping a step name: one line reads better in a flow diagram.
  const widest = Math.max(...steps.map((step) => layout.fonts.regular.widthOfTextAtSize(step, 10)))
  const size = Math.max(8.5, Math.min(10, (10 * (width - 8)) / widest))
  const wrapped = steps.map((step) => wrapText(step, layout.fonts.regular, size, width - 8))
  const height = Math.max(...wrapped.map((lines) => lines.length)) * size * 1.4 + 22
  layout.space(6)
  layout.drawing(height + 30, (page, top) => {
    wrapped.forEach((lines, i) => {
      const x = margins.left + i * (width + gap)
      const boxTop = top - 14
      page.drawRectangle({
        x,
        y: boxTop - height,
        width,
        height,
        color: cardFill,
        borderColor: accent,
        borderWidth: 0.8,
        rx: 4,
        ry: 4,
      })
      page.drawCircle({ x: x + width / 2, y: boxTop, size: 8, color: accent })
      const number = String(i + 1)
      const numberWidth = layout.fonts.bold.widthOfTextAtSize(number, 9)
      layout.text(page, number, x + width / 2 - numberWidth / 2, boxTop - 3.2, {
        size: 9,
        bold: true,
        color: rgb(1, 1, 1),
      })
      const textTop = boxTop - (height - lines.length * size * 1.4) / 2 - 2
      lines.forEach((line, l) => {
        const lineWidth = layout.fonts.regular.widthOfTextAtSize(line, size)
        layout.text(page, line, x + (width - lineWidth) / 2, textTop - l * size * 1.4 - size * 0.95, { size })
      })
      if (i < steps.length - 1) {
        const arrowY = boxTop - height / 2
        page.drawLine({
          start: { x: x + width + 3, y: arrowY },
          end: { x: x + width + gap - 4, y: arrowY },
          thickness: 1,
          color: accent,
        })
        page.drawSvgPath('M 0 -3 L 5 0 L 0 3 Z', { x: x + width + gap - 6, y: arrowY, color: accent })
      }
    })
  })
}

function drawHomeScreen(layout: DocumentLayout, cards: Array<{ title: string; note: string }>): void {
  const phoneWidth = 300
  const inner = phoneWidth - 28
  const noteSize = 8.5
  const cardLines = cards.map((card) => wrapText(card.note, layout.fonts.regular, noteSize, inner - 20))
  const cardHeights = cardLines.map((lines) => 24 + lines.length * noteSize * 1.45)
  const height = 62 + cardHeights.reduce((sum, h) => sum + h + 8, 0) + 26
  layout.space(6)
  layout.drawing(height + 14, (page, top) => {
    const x = (a4.width - phoneWidth) / 2
    page.drawRectangle({
      x,
      y: top - height,
      width: phoneWidth,
      height,
      borderColor: grayscale(0.3),
      borderWidth: 1.5,
      rx: 16,
      ry: 16,
      color: rgb(1, 1, 1),
    })
    page.drawRectangle({ x: x + 1, y: top - 44, width: phoneWidth - 2, height: 30, color: accent })
    const heading = '电子印章'
    const headingWidth = layout.fonts.bold.widthOfTextAtSize(heading, 12)
    layout.text(page, heading, x + (phoneWidth - headingWidth) / 2, top - 33, {
      size: 12,
      bold: true,
      color: rgb(1, 1, 1),
    })
    let y = top - 56
    cards.forEach((card, i) => {
      const cardHeight = cardHeights[i] ?? 40
      page.drawRectangle({
        x: x + 14,
        y: y - cardHeight,
        width: inner,
        height: cardHeight,
        color: cardFill,
        borderColor: grayscale(0.8),
        borderWidth: 0.6,
        rx: 6,
        ry: 6,
      })
      layout.text(page, card.title, x + 24, y - 16, { size: 11, bold: true })
      cardLines[i]?.forEach((line, l) => {
        layout.text(page, line, x + 24, y - 29 - l * noteSize * 1.45, {
          size: noteSize,
          color: grayscale(0.4),
        })
      })
      y -= cardHeight + 8
    })
    const support = '技术支持电话'
    const supportWidth = layout.fonts.regular.widthOfTextAtSize(support, 8.5)
    layout.text(page, support, x + (phoneWidth - supportWidth) / 2, top - height + 12, {
      size: 8.5,
      color: grayscale(0.4),
    })
  })
}
