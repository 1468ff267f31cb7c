import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { extractStamp, type ExtractStampResult } from '../src/extract-stamp.ts'
import type { StampGuidanceCode } from '../src/extract/guidance.ts'
import { renderLegalRepresentativeSeal } from '../src/legal-representative-seal.ts'
import { renderOrganizationSeal } from '../src/organization-seal.ts'
import { renderPersonalSeal } from '../src/personal-seal.ts'
import { beforeAfter, saveArtefact } from './artefacts.ts'
import { alphaAt, inkMask, overlap, rgba, type Rgba } from './pixels.ts'
import { stampPhoto, type StampPhotoOptions } from './stamp-photo.ts'

const unitName = '北京明远科技有限公司'

type PhotoCase = {
  name: string
  seal: 'contract' | 'invoice' | 'personal' | 'legal' | 'none'
  photo: Omit<StampPhotoOptions, 'seal'>
  sealName?: string
  expected: 'ok' | StampGuidanceCode
}

const cases: PhotoCase[] = [
  { name: 'clean', seal: 'contract', photo: {}, expected: 'ok' },
  { name: 'rotated', seal: 'contract', photo: { rotateDeg: 35 }, expected: 'ok' },
  { name: 'uneven-light', seal: 'contract', photo: { light: 'gradient' }, expected: 'ok' },
  { name: 'dim-light', seal: 'contract', photo: { light: 'dim' }, expected: 'ok' },
  { name: 'printed-text-over-stamp', seal: 'contract', photo: { printedText: true }, expected: 'ok' },
  { name: 'slight-blur', seal: 'contract', photo: { blurSigma: 2 }, expected: 'ok' },
  { name: 'invoice-oval', seal: 'invoice', photo: { rotateDeg: 8 }, sealName: '发票专用章', expected: 'ok' },
  { name: 'personal-square', seal: 'personal', photo: { stampFraction: 0.45, rotateDeg: 5 }, expected: 'ok' },
  {
    name: 'legal-on-contract',
    seal: 'legal',
    photo: { printedText: true, light: 'gradient', rotateDeg: -20 },
    expected: 'ok',
  },
  { name: 'blank-paper', seal: 'none', photo: {}, expected: '1001' },
  { name: 'faint', seal: 'contract', photo: { inkStrength: 0.3 }, expected: '1003' },
  { name: 'heavy-blur', seal: 'contract', photo: { blurSigma: 10 }, expected: '1006' },
  { name: 'too-small', seal: 'contract', photo: { stampFraction: 0.15 }, expected: '1004' },
  { name: 'partial', seal: 'contract', photo: { centre: { x: 0.9, y: 0.5 } }, expected: '1002' },
  { name: 'covered', seal: 'contract', photo: { coverFraction: 0.3 }, expected: '1002' },
  { name: 'skewed', seal: 'contract', photo: { squash: 0.7 }, expected: '1005' },
  { name: 'invoice-oval-without-seal-name', seal: 'invoice', photo: {}, expected: '1005' },
  { name: 'dark', seal: 'contract', photo: { light: 'dark' }, expected: '1009' },
]

const photos = new Map<string, Buffer>()
const results = new Map<string, ExtractStampResult>()
let sealImages: Record<Exclude<PhotoCase['seal'], 'none'>, Buffer>

beforeAll(async () => {
  sealImages = {
    contract: (await renderOrganizationSeal({ unitName, sealTypeCode: '04', sealCode: '1101080012345' })).png,
    invoice: (
      await renderOrganizationSeal({
        unitName: '上海明远商贸有限公司',
        sealTypeCode: '03',
        taxpayerId: '91310115MA1FL8XQ3K',
      })
    ).png,
    personal: (await renderPersonalSeal({ name: '张三', style: '1' })).png,
    legal: (await renderLegalRepresentativeSeal({ name: '王建国' })).png,
  }
  for (const photoCase of cases) {
    const seal = photoCase.seal === 'none' ? undefined : sealImages[photoCase.seal]
    const photo = await stampPhoto({ seal, ...photoCase.photo })
    const result = await extractStamp(photo, { sealName: photoCase.sealName })
    photos.set(photoCase.name, photo)
    results.set(photoCase.name, result)
    await saveArtefact(
      `extract-${photoCase.name}.png`,
      await beforeAfter({ photo, cutout: result.ok ? result.png : undefined }),
    )
    if (result.ok) await saveArtefact(`extract-${photoCase.name}-cutout.png`, result.png)
  }
}, 120_000)

/** The ink of an image cropped to its own bounding box and scaled to a fixed square, so shapes compare. */
async function normalisedInk(png: Buffer): Promise<Uint8Array> {
  const trimmed = await sharp(png).ensureAlpha().extractChannel(3).trim({ threshold: 10 }).toBuffer()
  const { data } = await sharp(trimmed)
    .resize(200, 200, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  return inkMask({
    data: Buffer.from(Array.from(data, (v) => [0, 0, 0, v]).flat()),
    width: 200,
    height: 200,
  } satisfies Rgba)
}

describe('extractStamp on generated phone photos', () => {
  it.each(cases)('judges the $name photo as $expected', ({ name, expected }) => {
    const result = results.get(name)
    expect(result, name).toBeDefined()
    if (expected === 'ok')
      expect(result?.ok ? 'ok' : `${result?.code}: ${JSON.stringify(result?.measures)}`).toBe('ok')
    else expect(result?.ok ? `ok: ${JSON.stringify(result.measures)}` : result?.code).toBe(expected)
  })

  it('returns a 400 × 400 transparent PNG: seal red where the ink is, nothing around it', async () => {
    for (const { name, expected } of cases) {
      const result = results.get(name)
      if (expected !== 'ok' || !result?.ok) continue
      const image = await rgba(result.png)
      expect([image.width, image.height], name).toEqual([400, 400])
      for (const [x, y] of [
        [0, 0],
        [399, 0],
        [0, 399],
        [399, 399],
        [200, 2],
        [2, 200],
      ] as const) {
        expect(alphaAt(image, x, y), `${name} at ${x},${y}`).toBe(0)
      }
      let inked = 0
      let notSealRed = 0
      for (let p = 0; p < image.data.length; p += 4) {
        if (!image.data[p + 3]) continue
        inked++
        if (image.data[p] !== 230 || image.data[p + 1] !== 0 || image.data[p + 2] !== 18) notSealRed++
      }
      expect(notSealRed, name).toBe(0)
      expect(inked / (400 * 400), name).toBeGreaterThan(0.08)
    }
  })

  it('keeps the centre opaque where the star is and the stamp centred', async () => {
    for (const name of ['clean', 'rotated', 'uneven-light', 'printed-text-over-stamp']) {
      const result = results.get(name)
      if (!result?.ok) throw new Error(`${name} was refused`)
      const image = await rgba(result.png)
      expect(alphaAt(image, 200, 200), name).toBeGreaterThan(240)
      // The ring touches the margin on all four sides alike.
      const firstInk = (step: (k: number) => [number, number]) => {
        for (let k = 0; k < 200; k++) if (alphaAt(image, ...step(k)) > 128) return k
        return 200
      }
      const margins = [
        firstInk((k) => [k, 200]),
        firstInk((k) => [399 - k, 200]),
        firstInk((k) => [200, k]),
        firstInk((k) => [200, 399 - k]),
      ]
      expect(Math.max(...margins) - Math.min(...margins), `${name} margins ${margins}`).toBeLessThanOrEqual(4)
    }
  })

  it('recovers the seal itself: light, blur, paper and black print leave its shape intact', async () => {
    const original = await normalisedInk(sealImages.contract)
    for (const name of ['clean', 'uneven-light', 'dim-light', 'printed-text-over-stamp', 'slight-blur']) {
      const result = results.get(name)
      if (!result?.ok) throw new Error(`${name} was refused`)
      const similarity = overlap(original, await normalisedInk(result.png))
      expect(similarity, name).toBeGreaterThan(0.8)
    }
  })

  it('turns a photo the phone saved sideways (EXIF orientation) upright first', async () => {
    const sideways = await sharp(await sharp(photos.get('clean')!).rotate(270).toBuffer())
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
    const result = await extractStamp(sideways)
    const upright = results.get('clean')
    if (!result.ok || !upright?.ok) throw new Error('a photo was refused')
    expect(overlap(await normalisedInk(upright.png), await normalisedInk(result.png))).toBeGreaterThan(0.8)
  })

  it('answers 1000 when the upload is not a picture', async () => {
    const result = await extractStamp(Buffer.from('not a photo'))
    expect(result.ok ? 'ok' : result.code).toBe('1000')
  })
})

const hasTesseract = (() => {
  try {
    return execFileSync('tesseract', ['--list-langs'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).includes('chi_sim')
  } catch {
    return false
  }
})()

describe.skipIf(!hasTesseract)('extractStamp reading the seal face', () => {
  it('cuts out a ring read as the unit’s name, or one it could not confirm with its reading kept; never one read as another name', async () => {
    const result = await extractStamp(photos.get('rotated')!, { unitName, sealName: '合同专用章' })
    if (result.ok) expect(['match', 'unread']).toContain(result.measures.faceVerdict)
    else expect(result.code).toBe('1010')
    if (result.measures.faceVerdict === 'match') expect(result.measures.sealText).toBe(unitName)
    expect(result.measures.sealCentreText).toBe('合同专用章')
  })

  it('answers 1010 when the seal names another unit', async () => {
    const result = await extractStamp(photos.get('uneven-light')!, { unitName: '深圳市腾云数据服务有限公司', sealName: '合同专用章' })
    expect(result.ok ? 'ok' : result.code).toBe('1010')
  })

  it('reads long and short names back from rendered round seals, confirming only an exact reading', async () => {
    for (const [name, fragment] of [
      ['上海浦东新区华信建设工程集团有限责任公司', '华信'],
      ['华为技术公司', '华为技术'],
    ] as const) {
      const seal = await renderOrganizationSeal({ unitName: name, sealTypeCode: '02' })
      const result = await extractStamp(await stampPhoto({ seal: seal.png }), { unitName: name, sealTypeCode: '02' })
      expect(result.measures.sealText, name).toContain(fragment)
      // The unit's own seal is never refused as another unit's; it is confirmed only when read exactly.
      expect(result.ok, name).toBe(true)
      expect(result.measures.faceVerdict === 'match', name).toBe(result.measures.sealText === name)
    }
  })
})
