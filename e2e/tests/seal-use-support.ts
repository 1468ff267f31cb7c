import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { inkInside, type PointRect } from '../../packages/pdf/test/page-pixels.ts'

/**
 * Steps of the 用章 screen (/seal-use) shared by the holder's and the authorised user's journeys, and
 * the checks of the sealed document by programs that are not ours (pdfinfo, pdftoppm).
 */

/** Where rendered pages are kept for people to look at: test-results/artefacts/seal-use. */
const artefactDir = join('test-results', 'artefacts', 'seal-use')

/** The PDF the journeys seal: the operation manual the service publishes, under a contract's name. */
export async function contractPdf(request: APIRequestContext, name = '租赁合同.pdf') {
  const manual = await request.get('/api/configs/operation/manual')
  return { name, mimeType: 'application/pdf', buffer: await manual.body() }
}

/** Picks the PDF on the 用章 screen and waits until every page is drawn. */
export async function pickPdf(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel('选择PDF文件').setInputFiles(file)
  await expect(page.getByText('点击页面放置印章')).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('.seal-use-place .pdf-document')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 })
}

/** Taps a page at a share of its width and height, as a finger would: the seal is centred there. */
export async function tapPage(page: Page, pageNumber: number, at: { x: number; y: number }) {
  const canvas = page.getByRole('img', { name: `第${pageNumber}页`, exact: true })
  await canvas.scrollIntoViewIfNeeded()
  const box = (await canvas.boundingBox())!
  await page.mouse.click(box.x + box.width * at.x, box.y + box.height * at.y)
  await expect(page.locator('.seal-use-stamp')).toBeVisible()
}

/**
 * Where the stamp shown over a page sits in that page's PDF points (from its bottom-left), measured on the
 * screen: the box on the canvas over the canvas's size, times the page size pdfinfo reads.
 */
export async function shownStampInPoints(page: Page, pageNumber: number, pageSize: { width: number; height: number }): Promise<PointRect> {
  const canvas = (await page.getByRole('img', { name: `第${pageNumber}页`, exact: true }).boundingBox())!
  const stamp = (await page.locator('.seal-use-stamp').boundingBox())!
  const scale = canvas.width / pageSize.width
  const top = (stamp.y - canvas.y) / scale
  const height = stamp.height / scale
  return { x: (stamp.x - canvas.x) / scale, y: pageSize.height - top - height, width: stamp.width / scale, height }
}

/** The size of a page in points, as poppler's pdfinfo reads it. */
export function pageSize(pdf: Buffer, pageNumber = 1): { width: number; height: number } {
  const dir = mkdtempSync(join(tmpdir(), 'seal-pdfinfo-'))
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf)
    const info = execFileSync('pdfinfo', ['-f', String(pageNumber), '-l', String(pageNumber), join(dir, 'doc.pdf')], { encoding: 'utf8' })
    const [, width, height] = /Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+) pts/.exec(info) ?? /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!
    return { width: Number(width), height: Number(height) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Renders the page with pdftoppm, keeps the picture as an artefact, and measures the seal red inside the
 * box the seal was placed in, and inside the same box mirrored across the page's middle (the journeys place
 * the seal off the middle, on a part of the page with nothing red beside it), which must hold none.
 */
export async function sealRedWhere(pdf: Buffer, options: { page: number; placed: PointRect; pageSize: { width: number; height: number }; artefact: string }) {
  const { placed, pageSize } = options
  const mirrored = { ...placed, x: pageSize.width - placed.x - placed.width }
  expect(mirrored.x >= placed.x + placed.width || mirrored.x + mirrored.width <= placed.x, 'the mirrored box is clear of the seal').toBe(true)
  const at = await inkInside({ pdf: new Uint8Array(pdf), page: options.page, rect: placed, pageHeight: pageSize.height, dpi: 100 })
  const away = await inkInside({ pdf: new Uint8Array(pdf), page: options.page, rect: mirrored, pageHeight: pageSize.height, dpi: 100 })
  mkdirSync(artefactDir, { recursive: true })
  writeFileSync(join(artefactDir, `${options.artefact}.png`), at.png)
  return { placed: at, elsewhere: away }
}

/** 确认用章 in the popup (not the footer's button of the same name). */
export const confirmPopup = (page: Page) => page.getByRole('dialog', { name: '确认用章' })

/** Saves what 下载 gives and answers its name and bytes. */
export async function downloadSealed(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载' }).click()])
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) }
}
