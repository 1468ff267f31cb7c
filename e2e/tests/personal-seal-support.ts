import { expect, type Locator, type Page } from '@playwright/test'
import { recogniseIdCardFront } from '../../apps/server/src/identity/ocr-recognise.ts'
import { renderIdCardBack, renderIdCardFront } from '../../apps/server/src/identity/test-images/id-card.ts'
import { makeWriter, writeSignature, type Writer } from '../../apps/server/src/signing/handwriting-synthetic.ts'
import { loginPersonal } from './support.ts'

/**
 * The person's ID card, both sides, drawn as the OCR test images are (nothing here is a real document). The
 * sandbox OCR misreads a few drawn numbers at one resolution and reads them at another (110105198206296089 at
 * 12 px/mm, about one card in a hundred: CI failed on it), as a person would take the photo again: the front is
 * the first drawing the OCR reads back as this person.
 */
export async function idCardPictures(person: { name: string; identityNo: string }) {
  const front = await readableFront(person)
  const back = await renderIdCardBack({ issuingAuthority: '北京市公安局朝阳分局', validFrom: '20200101', validTo: '20400101' })
  return {
    front: { name: 'id-front.png', mimeType: 'image/png', buffer: front },
    back: { name: 'id-back.png', mimeType: 'image/png', buffer: back },
  }
}

async function readableFront(person: { name: string; identityNo: string }) {
  const draw = (pxPerMm: number) => renderIdCardFront({ name: person.name, idNumber: person.identityNo, address: '北京市朝阳区建国路88号' }, { pxPerMm })
  for (const pxPerMm of [12, 11, 13]) {
    const png = await draw(pxPerMm)
    const read = await recogniseIdCardFront(png).catch(() => null)
    if (read?.idCardNum === person.identityNo && read.userName === person.name) return png
  }
  // None read back: the journey meets what the OCR says of the usual drawing.
  return draw(12)
}

/** The names of the two ID-card uploads (a screen reader hears these, not a bare 上传). */
export const idSideLabels = { front: '上传身份证人像面', back: '上传身份证国徽面' } as const

/** Picks a picture for one side of the ID card, as tapping the upload box and choosing a photo would. */
export async function uploadIdSide(page: Page, side: 'front' | 'back', file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel(idSideLabels[side], { exact: true }).setInputFiles(file)
}

/** One person's own hand: every signature drawn with it is the same signature written again. */
export function handOf(seed: number): Writer {
  return makeWriter(seed)
}

/**
 * Writes a signature on the board with the mouse's pointer events: the strokes of a synthetic genuine
 * sample (apps/server/src/signing/handwriting-synthetic.ts), scaled into the canvas, pen lifted between
 * strokes, each point sent when the sample's own clock says it was written. The board's comparison reads
 * pace as well as shape, so the hand's pace is the sample's, not however long the browser driver takes per
 * move (a move that runs late is sent at once and the pen catches up). With `settle: false` the pen lands
 * as soon as the board shows (a person who starts at once); the answer is how many strokes were drawn.
 */
export async function writeOnBoard(page: Page, board: Locator, hand: Writer, seed: number, options: { settle?: boolean } = {}) {
  await expect(board).toBeVisible()
  // A board still checking the last sample takes no strokes (a person waits for 确定 to finish too).
  await expect(board).not.toHaveAttribute('aria-busy', 'true')
  let box = (await board.boundingBox())!
  if (options.settle !== false) {
    // A board in a popup slides in: wait until it stands still, or the pen would land on the mask.
    await expect(async () => {
      const previous = box
      await page.waitForTimeout(100)
      box = (await board.boundingBox())!
      expect(box).toEqual(previous)
    }).toPass()
  }
  const sample = writeSignature(hand, 'genuine', seed)
  const points = sample.strokes.flatMap((stroke) => stroke.points)
  const minX = Math.min(...points.map((p) => p.x))
  const maxX = Math.max(...points.map((p) => p.x))
  const minY = Math.min(...points.map((p) => p.y))
  const maxY = Math.max(...points.map((p) => p.y))
  const scale = Math.min((box.width * 0.8) / (maxX - minX), (box.height * 0.7) / (maxY - minY))
  const at = (p: { x: number; y: number }) => ({
    x: box.x + box.width * 0.1 + (p.x - minX) * scale,
    y: box.y + box.height * 0.15 + (p.y - minY) * scale,
  })
  const penDown = Date.now() - points[0]!.t
  const when = async (t: number) => {
    const wait = penDown + t - Date.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }
  for (const stroke of sample.strokes) {
    const [first, ...rest] = stroke.points
    await when(first!.t)
    await page.mouse.move(at(first!).x, at(first!).y)
    await page.mouse.down()
    for (const point of rest) {
      await when(point.t)
      await page.mouse.move(at(point).x, at(point).y)
    }
    await page.mouse.up()
  }
  return sample.strokes.length
}

/**
 * A new person gets a personal name seal the way apply-personal-seal.spec.ts walks it (without its checks):
 * logs in (registering), both sides of the ID card, the face, the agreements signed by hand, three
 * samples with the first chosen as their signature, the first style, the seal password. Ends on 申请成功.
 */
export async function applyForPersonalSeal(page: Page, person: { phone: string; name: string; identityNo: string }, options: { pin: string; hand: Writer }) {
  await loginPersonal(page, person)
  await walkPersonalSealApplication(page, person, options)
}

/** The same steps for a person already logged in (the demo person, say): from 开始申请 to 申请成功. */
export async function walkPersonalSealApplication(page: Page, person: { name: string; identityNo: string }, options: { pin: string; hand: Writer }) {
  const pictures = await idCardPictures(person)
  await page.goto('/personal-seal-apply/show-flow')
  await page.getByRole('button', { name: '开始申请' }).click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-1$/)
  await uploadIdSide(page, 'front', pictures.front)
  await uploadIdSide(page, 'back', pictures.back)
  await expect(page.locator('.id-photo-field[data-side="front"]')).toContainText('识别成功', { timeout: 30_000 })
  await expect(page.locator('.id-photo-field[data-side="back"]')).toContainText('识别成功', { timeout: 30_000 })
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-2$/)
  await page.getByRole('button', { name: '开始识别' }).click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/apply-agreement-sample$/, { timeout: 30_000 })
  await expect(page.locator('.agreement-reader canvas, .agreement-reader img').first()).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: '我已阅读并同意，手写签署' }).click()
  await writeOnBoard(page, page.getByLabel('签名区域'), options.hand, 1)
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('已签署的协议')).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-4$/)
  for (const [index, seed] of [2, 3, 4].entries()) {
    await expect(page.locator('.sign-counter')).toContainText(`${index + 1}/3`)
    await writeOnBoard(page, page.getByLabel('签名区域'), options.hand, seed)
    await page.getByRole('button', { name: '确定' }).click()
  }
  await page.getByRole('radio', { name: '签名1' }).click()
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-5$/)
  await page.getByRole('radiogroup', { name: '名章样式' }).getByRole('radio').first().click()
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-6$/)
  await page.getByPlaceholder('请输入印章密码').fill(options.pin)
  await page.getByPlaceholder('请再次输入印章密码').fill(options.pin)
  await page.getByRole('button', { name: '提交申请' }).click()
  await expect(page.getByText('申请成功').first()).toBeVisible({ timeout: 30_000 })
}
