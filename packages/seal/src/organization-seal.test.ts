import { describe, expect, it } from 'vitest'
import { Resvg } from '@resvg/resvg-js'
import { cjkFont } from '@seal/fonts'
import { saveArtefact } from '../test/artefacts.ts'
import { alphaAt, colourAt, rgba } from '../test/pixels.ts'
import { MissingGlyphError } from './font-coverage.ts'
import { renderOrganizationSeal } from './organization-seal.ts'

const unitName = '北京明远科技有限公司'

describe('renderOrganizationSeal', () => {
  it.each([
    { sealTypeCode: '01', file: 'org-01-official.png', widthPx: 480, heightPx: 480 },
    { sealTypeCode: '02', file: 'org-02-finance.png', widthPx: 456, heightPx: 456 },
    { sealTypeCode: '03', file: 'org-03-invoice.png', widthPx: 480, heightPx: 360 },
    { sealTypeCode: '04', file: 'org-04-contract.png', widthPx: 456, heightPx: 456 },
    { sealTypeCode: '99', file: 'org-99-other.png', widthPx: 456, heightPx: 456, sealName: '人事专用章' },
  ] as const)('draws the $sealTypeCode seal at its regulation size ($file)', async (kind) => {
    const seal = await renderOrganizationSeal({
      unitName,
      sealTypeCode: kind.sealTypeCode,
      sealName: 'sealName' in kind ? kind.sealName : undefined,
      sealCode: '1101080012345',
      taxpayerId: '91110108MA01ABCD2X',
    })
    await saveArtefact(kind.file, seal.png)
    const image = await rgba(seal.png)
    expect([image.width, image.height]).toEqual([kind.widthPx, kind.heightPx])
    expect([seal.widthMm, seal.heightMm]).toEqual([kind.widthPx / 12, kind.heightPx / 12])
    // Transparent outside the seal, seal red on the ring.
    expect(alphaAt(image, 0, 0)).toBe(0)
    expect(alphaAt(image, image.width - 1, image.height - 1)).toBe(0)
    const [r, g, b, a] = colourAt(image, image.width / 2, 3)
    expect(a).toBe(255)
    expect([r, g, b]).toEqual([230, 0, 18])
  })

  it('puts a solid star in the middle of round seals and nothing across the official seal', async () => {
    const official = await rgba((await renderOrganizationSeal({ unitName, sealTypeCode: '01' })).png)
    expect(alphaAt(official, 240, 240)).toBe(255)
    // Below the star, where special seals carry their name, the official seal is empty.
    for (let x = 150; x < 330; x += 4) expect(alphaAt(official, x, 240 + 9.8 * 12)).toBe(0)
    const contract = await rgba((await renderOrganizationSeal({ unitName, sealTypeCode: '04' })).png)
    let inkAcross = 0
    for (let x = 130; x < 330; x++) if (alphaAt(contract, x, 228 + 9.3 * 12 * 0.95)) inkAcross++
    expect(inkAcross).toBeGreaterThan(20)
  })

  it('keeps a clear band between the star and the unit name on the arc', async () => {
    for (const name of [unitName, '上海浦东新区华信建设工程集团有限责任公司']) {
      const image = await rgba((await renderOrganizationSeal({ unitName: name, sealTypeCode: '01' })).png)
      const centre = 240
      // Star points reach 7 mm (84 px) from the centre; the name starts beyond 11.5 mm.
      for (let angle = -100; angle <= 100; angle += 2) {
        const radians = (angle * Math.PI) / 180
        for (const radius of [8 * 12, 9 * 12, 10 * 12]) {
          expect(
            alphaAt(image, centre + radius * Math.sin(radians), centre - radius * Math.cos(radians)),
          ).toBe(0)
        }
      }
    }
  })

  it('spaces the unit name evenly over a wide arc and narrows long names instead of shrinking them', async () => {
    const short = await renderOrganizationSeal({ unitName: '华为技术公司', sealTypeCode: '02' })
    const long = await renderOrganizationSeal({
      unitName: '上海浦东新区华信建设工程集团有限责任公司',
      sealTypeCode: '04',
    })
    const rotations = (svg: string) =>
      [
        ...svg.matchAll(/<text transform="translate\([^)]*\) rotate\(([-\d.]+)\)( scale\(([\d.]+) 1\))?"/g),
      ].map((m) => ({
        angle: Number(m[1]),
        scaleX: Number(m[3] ?? 1),
      }))
    const shortArc = rotations(short.svg).slice(0, 6)
    const longArc = rotations(long.svg).slice(0, 20)
    const steps = (arc: { angle: number }[]) =>
      arc.slice(1).map((glyph, i) => glyph.angle - (arc[i]?.angle ?? 0))
    for (const arc of [shortArc, longArc]) {
      const gaps = steps(arc)
      expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThan(0.01)
      // Symmetric about the top: the name starts lower left and ends lower right.
      expect((arc[0]?.angle ?? 0) + (arc.at(-1)?.angle ?? 0)).toBeCloseTo(0, 5)
    }
    expect((shortArc.at(-1)?.angle ?? 0) - (shortArc[0]?.angle ?? 0)).toBeGreaterThanOrEqual(180)
    expect((longArc.at(-1)?.angle ?? 0) - (longArc[0]?.angle ?? 0)).toBeLessThanOrEqual(240)
    expect(shortArc.every((glyph) => glyph.scaleX === 1)).toBe(true)
    expect(longArc.every((glyph) => glyph.scaleX < 0.8)).toBe(true)
  })

  it('engraves the seal code along the bottom arc, reading left to right', async () => {
    const { svg } = await renderOrganizationSeal({ unitName, sealTypeCode: '04', sealCode: '1101080012345' })
    const code = [
      ...svg.matchAll(/<text transform="translate\(([-\d.]+) ([-\d.]+)\)[^>]*>(\d)<\/text>/g),
    ].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      digit: m[3],
    }))
    expect(code.map((glyph) => glyph.digit).join('')).toBe('1101080012345')
    expect(code.every((glyph, i) => i === 0 || glyph.x > (code[i - 1]?.x ?? 0))).toBe(true)
    expect(code.every((glyph) => glyph.y > 30)).toBe(true) // in the bottom part of the 38 mm seal
  })

  it('prints the taxpayer number across the oval invoice seal', async () => {
    const { svg } = await renderOrganizationSeal({
      unitName: '上海明远商贸有限公司',
      sealTypeCode: '03',
      taxpayerId: '91310115MA1FL8XQ3K',
    })
    const middleRow = [...svg.matchAll(/<text transform="translate\(([-\d.]+) 15\)[^>]*>([0-9A-Z])<\/text>/g)]
    expect(middleRow.map((m) => m[2]).join('')).toBe('91310115MA1FL8XQ3K')
    expect(svg).toContain('<ellipse')
  })

  it('engraves only the seal name when the filing name repeats the unit name', async () => {
    const plain = await renderOrganizationSeal({ unitName, sealTypeCode: '04', sealName: '合同专用章' })
    const filed = await renderOrganizationSeal({
      unitName,
      sealTypeCode: '04',
      sealName: `${unitName}合同专用章`,
    })
    expect(filed.png.equals(plain.png)).toBe(true)
  })

  it('gives byte-identical PNGs for the same input', async () => {
    const input = { unitName, sealTypeCode: '04', sealCode: '1101080012345' } as const
    const [first, second] = await Promise.all([renderOrganizationSeal(input), renderOrganizationSeal(input)])
    expect(first.png.equals(second.png)).toBe(true)
    const oval = { unitName, sealTypeCode: '03', taxpayerId: '91110108MA01ABCD2X' } as const
    expect((await renderOrganizationSeal(oval)).png.equals((await renderOrganizationSeal(oval)).png)).toBe(
      true,
    )
  })

  it('renders every character as a real glyph, never the empty box of a missing one', async () => {
    const texts = [
      unitName,
      '上海浦东新区华信建设工程集团有限责任公司',
      '合同专用章财务发票人事',
      '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    ]
    const chars = [...new Set(texts.join(''))]
    const missing = '\uE000' // a private-use code point: the font draws its missing-glyph box for it
    const cell = 48
    const cells = [missing, ...chars]
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${cells.length * cell}" height="${cell}">` +
      cells
        .map(
          (char, i) =>
            `<text x="${i * cell + 4}" y="${cell - 10}" font-size="40" font-weight="bold">${char}</text>`,
        )
        .join('') +
      '</svg>'
    const rendered = new Resvg(svg, {
      font: {
        fontFiles: [cjkFont.bold, cjkFont.regular],
        loadSystemFonts: false,
        defaultFontFamily: cjkFont.family,
      },
    }).render()
    const pixels = rendered.pixels // a getter that copies the whole image: read it once
    const cellPixels = (index: number) => {
      const out: number[] = []
      for (let y = 0; y < cell; y++)
        for (let x = 0; x < cell; x++)
          out.push(pixels[(y * cells.length * cell + index * cell + x) * 4 + 3] ?? 0)
      return out
    }
    const box = cellPixels(0)
    expect(box.some((alpha) => alpha > 0)).toBe(true)
    const boxes = chars.filter((_, i) => cellPixels(i + 1).every((alpha, p) => alpha === box[p]))
    expect(boxes).toEqual([])
  })

  it('refuses a name with a character the seal font cannot draw', async () => {
    await expect(
      renderOrganizationSeal({ unitName: '北京㐀科技有限公司', sealTypeCode: '01' }),
    ).rejects.toBeInstanceOf(MissingGlyphError)
  })

  it('renders 42 mm official seals on request and scales with pixels per millimetre', async () => {
    const seal = await renderOrganizationSeal({ unitName, sealTypeCode: '01', diameterMm: 42, pxPerMm: 8 })
    const image = await rgba(seal.png)
    expect([image.width, seal.widthMm]).toEqual([336, 42])
  })
})
