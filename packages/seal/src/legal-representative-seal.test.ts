import { describe, expect, it } from 'vitest'
import { saveArtefact } from '../test/artefacts.ts'
import { alphaAt, rgba } from '../test/pixels.ts'
import { renderLegalRepresentativeSeal } from './legal-representative-seal.ts'

describe('renderLegalRepresentativeSeal', () => {
  it('draws a bordered 20 mm square with the name and 印, read right to left', async () => {
    const seal = await renderLegalRepresentativeSeal({ name: '王建国' })
    await saveArtefact('legal-representative-05.png', seal.png)
    const image = await rgba(seal.png)
    expect([image.width, image.height, seal.widthMm]).toEqual([240, 240, 20])
    expect(alphaAt(image, 5, 120)).toBe(255) // border
    const chars = [...seal.svg.matchAll(/>([^<>\s])<\/text>/g)].map((m) => m[1]).join('')
    expect(chars).toBe('王建国印')
  })

  it('gives two-character names 之印', async () => {
    const seal = await renderLegalRepresentativeSeal({ name: '张三' })
    await saveArtefact('legal-representative-05-two-chars.png', seal.png)
    expect([...seal.svg.matchAll(/>([^<>\s])<\/text>/g)].map((m) => m[1]).join('')).toBe('张三之印')
  })
})
