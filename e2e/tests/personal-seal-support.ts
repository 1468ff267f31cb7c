import { expect, type Locator, type Page } from '@playwright/test'
import { renderIdCardBack, renderIdCardFront } from '../../apps/server/src/identity/test-images/id-card.ts'
import { makeWriter, writeSignature, type Writer } from '../../apps/server/src/signing/handwriting-synthetic.ts'

/** The person's ID card, both sides, drawn as the OCR test images are (nothing here is a real document). */
export async function idCardPictures(person: { name: string; identityNo: string }) {
  const front = await renderIdCardFront({ name: person.name, idNumber: person.identityNo, address: '北京市朝阳区建国路88号' })
  const back = await renderIdCardBack({ issuingAuthority: '北京市公安局朝阳分局', validFrom: '20200101', validTo: '20400101' })
  return {
    front: { name: 'id-front.png', mimeType: 'image/png', buffer: front },
    back: { name: 'id-back.png', mimeType: 'image/png', buffer: back },
  }
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
 * strokes. Playwright sends the moves at its own pace; every sample drawn this way shares it. With
 * `settle: false` the pen lands as soon as the board shows (a person who starts at once); the answer is
 * how many strokes were drawn.
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
  for (const stroke of sample.strokes) {
    const [first, ...rest] = stroke.points.map(at)
    await page.mouse.move(first!.x, first!.y)
    await page.mouse.down()
    for (const point of rest) await page.mouse.move(point.x, point.y)
    await page.mouse.up()
  }
  return sample.strokes.length
}
