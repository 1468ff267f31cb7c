/**
 * Measures the sandbox OCR over the generated set: every sample card (front and back) and licence, clean
 * and through each phone-photo effect. Not a test (it takes minutes); run it after changing the recogniser:
 *
 *   cd apps/server && npx tsx src/identity/test-images/measure-accuracy.ts
 */
import { sandboxOcrProvider } from '../ocr-provider.ts'
import { renderBusinessLicence } from './business-licence.ts'
import { renderIdCardBack, renderIdCardFront } from './id-card.ts'
import { photographed, type PhotoEffects } from './photo-effects.ts'
import { sampleCardholders, sampleLicences } from './samples.ts'

const effects: Record<string, PhotoEffects | undefined> = {
  clean: undefined,
  turned: { rotateDeg: -3 },
  photo: { rotateDeg: 4, unevenLight: 0.45, jpegQuality: 60, margin: 0.08, blurSigma: 0.8 },
  blurred: { blurSigma: 2, jpegQuality: 80 },
  small: { scale: 0.5, jpegQuality: 70, rotateDeg: 2, margin: 0.05 },
  upright: { rotateDeg: 90, margin: 0.05, jpegQuality: 75 },
  upsideDown: { rotateDeg: 180, jpegQuality: 75 },
  tilted8: { rotateDeg: 8, margin: 0.06, jpegQuality: 75 },
  tiny: { scale: 0.35, jpegQuality: 70 },
}

type Tally = {
  pictures: number
  keyRight: number
  keyWrong: number
  nameRight: number
  nameWrong: number
  ms: number
}
const tallies = new Map<string, Tally>()
const ocr = sandboxOcrProvider()

async function measure(
  kind: string,
  picture: Buffer,
  expected: { key: string; name: string },
  read: (p: Buffer) => Promise<{ key: string; name: string }>,
) {
  const tally = tallies.get(kind) ?? {
    pictures: 0,
    keyRight: 0,
    keyWrong: 0,
    nameRight: 0,
    nameWrong: 0,
    ms: 0,
  }
  tallies.set(kind, tally)
  const started = Date.now()
  const got = await read(picture).catch(() => ({ key: '', name: '' }))
  tally.ms += Date.now() - started
  tally.pictures++
  if (got.key) tally[got.key === expected.key ? 'keyRight' : 'keyWrong']++
  if (got.name) tally[got.name === expected.name ? 'nameRight' : 'nameWrong']++
  if (got.key !== expected.key || got.name !== expected.name)
    console.log(`${kind}: expected ${JSON.stringify(expected)}, read ${JSON.stringify(got)}`)
}

const shot = (picture: Buffer, effect: PhotoEffects | undefined) =>
  effect ? photographed(picture, effect) : picture

for (const [effectName, effect] of Object.entries(effects)) {
  for (const { person, back } of sampleCardholders) {
    await measure(
      `front ${effectName}`,
      await shot(await renderIdCardFront(person), effect),
      { key: person.idNumber, name: person.name },
      async (p) => {
        const r = await ocr.recognizeIdCardFront(p)
        return { key: r.idCardNum, name: r.userName }
      },
    )
    await measure(
      `back ${effectName}`,
      await shot(await renderIdCardBack(back), effect),
      { key: `${back.validFrom}-${back.validTo}`, name: back.issuingAuthority },
      async (p) => {
        const r = await ocr.recognizeIdCardBack(p)
        return { key: `${r.validFrom}-${r.expiredDateStr}`, name: r.issuingAuthority }
      },
    )
  }
  for (const licence of sampleLicences) {
    await measure(
      `licence ${effectName}`,
      await shot(await renderBusinessLicence(licence), effect),
      { key: licence.socialCreditCode, name: licence.unitName },
      async (p) => {
        const r = await ocr.recognizeBusinessLicense(p)
        return { key: r.socialCreditCode, name: r.unitName }
      },
    )
  }
}

console.log(
  'kind: pictures, key (number / period / credit code) right/wrong, name (name / authority / unit) right/wrong, mean time',
)
for (const [kind, t] of tallies) {
  console.log(
    `${kind}: ${t.pictures}, key ${t.keyRight}/${t.keyWrong}, name ${t.nameRight}/${t.nameWrong}, ${Math.round(t.ms / t.pictures)} ms`,
  )
}
