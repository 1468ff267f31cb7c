/**
 * Stamp extraction against the cost of merely decoding the photo.
 *
 * Builds a 12-megapixel (4000 × 3000) JPEG of a stamped contract (paper texture, uneven light, black print
 * over the stamp), then times, as medians of several runs:
 * - sharp decoding it to raw pixels (what any processing of the upload costs at least),
 * - extractStamp on it (decode at reduced size, ink map, judgement, 400 px PNG),
 * and prints both and their ratio against the budget of 1.5 × the decode time.
 * The seal-text check (OCR, only when a unit name is given) is timed apart: it is a separate, optional step.
 *
 * Run: npx tsx bench/stamp-extraction.bench.ts   (BENCH_VERBOSE=1 prints every run's time)
 */
import sharp from 'sharp'
import { extractStamp } from '@seal/seal/extract-stamp'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { stampPhoto } from '@seal/seal/test/stamp-photo'

const budget = 1.5
const runs = 15

const seal = await renderOrganizationSeal({
  unitName: '北京明远科技有限公司',
  sealTypeCode: '04',
  sealCode: '1101080012345',
  pxPerMm: 40,
})
const photo = await stampPhoto({
  seal: seal.png,
  width: 4000,
  height: 3000,
  stampFraction: 0.62,
  rotateDeg: 12,
  light: 'gradient',
  printedText: true,
  jpegQuality: 92,
})
const meta = await sharp(photo).metadata()
console.log(
  `photo: ${meta.width} × ${meta.height} JPEG, ${(photo.length / 1e6).toFixed(1)} MB, libvips threads: ${sharp.concurrency()}`,
)

const decode = await medianMs(async () => {
  await sharp(photo).raw().toBuffer()
})
let outcome = ''
const extraction = await medianMs(async () => {
  const result = await extractStamp(photo)
  outcome = result.ok
    ? `ok, ${result.shape}, ${result.width} × ${result.height} PNG`
    : `refused ${result.code}`
})
const withNameCheck = await medianMs(
  async () => {
    await extractStamp(photo, { unitName: '北京明远科技有限公司' })
  },
  3,
  1,
)

const ratio = extraction / decode
console.log(`sharp decode to raw:        ${decode.toFixed(1)} ms (median of ${runs})`)
console.log(`extractStamp:               ${extraction.toFixed(1)} ms (median of ${runs}; ${outcome})`)
console.log(
  `ratio extraction / decode:  ${ratio.toFixed(2)} (budget ${budget}) → ${ratio <= budget ? 'within budget' : 'OVER BUDGET'}`,
)
console.log(
  `extractStamp + name check:  ${withNameCheck.toFixed(1)} ms (tesseract OCR of the ring, median of 3)`,
)
if (ratio > budget) process.exitCode = 1

async function medianMs(task: () => Promise<void>, count = runs, warmUp = 8): Promise<number> {
  // Warm-up, as a server process is warm: the JIT needs a few photos to compile the pixel loops.
  for (let i = 0; i < warmUp; i++) await task()
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const start = performance.now()
    await task()
    times.push(performance.now() - start)
  }
  if (process.env.BENCH_VERBOSE) console.log(times.map((t) => t.toFixed(0)).join(' '))
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? Number.NaN
}
