import { describe, expect, it } from 'vitest'
import { saveArtefact } from '../test/artefacts.ts'
import { alphaAt, rgba } from '../test/pixels.ts'
import { MissingGlyphError } from './font-coverage.ts'
import { renderPersonalSeal } from './personal-seal.ts'

/** Characters of a seal's SVG with the centre each is drawn at, in drawing order. */
function placedCharacters(svg: string) {
  return [...svg.matchAll(/<text transform="translate\(([-\d.]+) ([-\d.]+)\)[^>]*>([^<]+)<\/text>/g)].map(
    (m) => ({
      char: m[3],
      x: Number(m[1]),
      y: Number(m[2]),
    }),
  )
}

describe('renderPersonalSeal', () => {
  it.each([
    { name: '张三', file: '2' },
    { name: '李小明', file: '3' },
    { name: '欧阳建国', file: '4' },
  ])('draws the three styles for a $file-character name', async ({ name, file }) => {
    for (const style of ['1', '2', '3'] as const) {
      const seal = await renderPersonalSeal({ name, style })
      await saveArtefact(`personal-style${style}-${file}chars.png`, seal.png)
      const image = await rgba(seal.png)
      expect([image.width, image.height]).toEqual([
        Math.round(seal.widthMm * 12),
        Math.round(seal.heightMm * 12),
      ])
      if (style === '3') expect(image.width).toBeGreaterThan(image.height)
      else expect(image.width).toBe(image.height)
    }
  })

  it('reads right to left in columns: 张三之印 has 张三 on the right and 之印 on the left', async () => {
    const { svg } = await renderPersonalSeal({ name: '张三', style: '1' })
    const [zhang, san, zhi, yin] = placedCharacters(svg)
    expect([zhang?.char, san?.char, zhi?.char, yin?.char]).toEqual(['张', '三', '之', '印'])
    expect(zhang!.x).toBeCloseTo(san!.x, 3)
    expect(zhang!.y).toBeLessThan(san!.y)
    expect(zhi!.x).toBeLessThan(zhang!.x)
    expect(zhi!.y).toBeLessThan(yin!.y)
  })

  it('adds 印 to a three-character name and nothing to a four-character one', async () => {
    const three = placedCharacters((await renderPersonalSeal({ name: '李小明', style: '2' })).svg).map(
      (c) => c.char,
    )
    const four = placedCharacters((await renderPersonalSeal({ name: '欧阳建国', style: '2' })).svg).map(
      (c) => c.char,
    )
    expect(three.join('')).toBe('李小明印')
    expect(four.join('')).toBe('欧阳建国')
  })

  it('draws a border for style 1 and 3 but not for style 2', async () => {
    const edgeInk = async (style: '1' | '2' | '3') => {
      const image = await rgba((await renderPersonalSeal({ name: '张三', style })).png)
      return alphaAt(image, 4, image.height / 2)
    }
    expect(await edgeInk('1')).toBe(255)
    expect(await edgeInk('3')).toBe(255)
    expect(await edgeInk('2')).toBe(0)
  })

  it('writes the rectangle left to right in one row', async () => {
    const chars = placedCharacters((await renderPersonalSeal({ name: '李小明', style: '3' })).svg)
    expect(chars.map((c) => c.char).join('')).toBe('李小明')
    expect(new Set(chars.map((c) => c.y)).size).toBe(1)
    expect(chars[0]!.x).toBeLessThan(chars[2]!.x)
  })

  it('fits longer names in the same seal sizes', async () => {
    for (const name of ['司马相如之', '阿依古丽·买买提', '爱新觉罗溥仪先生']) {
      const square = await renderPersonalSeal({ name, style: '1' })
      const rectangle = await renderPersonalSeal({ name, style: '3' })
      expect(square.widthMm).toBe(18)
      expect(rectangle.widthMm).toBe((await renderPersonalSeal({ name: '欧阳建国', style: '3' })).widthMm)
      const placed = placedCharacters(square.svg)
      expect(placed.every((c) => c.x > 0 && c.x < 18 && c.y > 0 && c.y < 18)).toBe(true)
    }
    await saveArtefact(
      'personal-style1-long-name.png',
      (await renderPersonalSeal({ name: '阿依古丽·买买提', style: '1' })).png,
    )
    await saveArtefact(
      'personal-style3-long-name.png',
      (await renderPersonalSeal({ name: '阿依古丽·买买提', style: '3' })).png,
    )
  })

  it('gives byte-identical PNGs for the same input', async () => {
    const first = await renderPersonalSeal({ name: '王建国', style: '1' })
    const second = await renderPersonalSeal({ name: '王建国', style: '1' })
    expect(first.png.equals(second.png)).toBe(true)
  })

  it('refuses an empty name, an unknown style and a character the font lacks', async () => {
    await expect(renderPersonalSeal({ name: '  ', style: '1' })).rejects.toThrow(RangeError)
    await expect(renderPersonalSeal({ name: '张三', style: '4' as '1' })).rejects.toThrow(RangeError)
    await expect(renderPersonalSeal({ name: '张㐀', style: '1' })).rejects.toBeInstanceOf(MissingGlyphError)
  })
})
