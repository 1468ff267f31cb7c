import { mkdir, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

/** Where pictures a person should look at go (git-ignored): /work/main/test-results/seal. */
export const artefactDir = fileURLToPath(new URL('../../../test-results/seal/', import.meta.url))

/**
 * Saves a PNG under test-results/seal.
 *
 * @example
 * await saveArtefact('org-01-official.png', png)
 */
export async function saveArtefact(name: string, png: Buffer): Promise<void> {
  await mkdir(artefactDir, { recursive: true })
  await writeFile(artefactDir + name, png)
}

/**
 * A before/after picture: the photo (scaled to the cut-out's height) beside the cut-out laid on a
 * checkerboard, so transparency shows.
 *
 * @example
 * await saveArtefact('extract-rotated.png', await beforeAfter({ photo, cutout }))
 */
export async function beforeAfter({ photo, cutout }: { photo: Buffer; cutout?: Buffer }): Promise<Buffer> {
  const height = 400
  const before = await sharp(photo).resize({ height }).png().toBuffer()
  const beforeWidth = (await sharp(before).metadata()).width ?? height
  const tile = 20
  const board = Buffer.alloc(height * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < height; x++)
      board.fill(
        (Math.floor(x / tile) + Math.floor(y / tile)) % 2 ? 205 : 250,
        (y * height + x) * 3,
        (y * height + x) * 3 + 3,
      )
  }
  const after = await sharp(board, { raw: { width: height, height, channels: 3 } })
    .composite(cutout ? [{ input: await sharp(cutout).resize(height, height).toBuffer() }] : [])
    .png()
    .toBuffer()
  return sharp({ create: { width: beforeWidth + 10 + height, height, channels: 3, background: '#ffffff' } })
    .composite([
      { input: before, left: 0, top: 0 },
      { input: after, left: beforeWidth + 10, top: 0 },
    ])
    .png()
    .toBuffer()
}
