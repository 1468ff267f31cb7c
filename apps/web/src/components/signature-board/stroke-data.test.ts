import { describe, expect, it } from 'vitest'
import { handwritingSaveBody } from '@seal/shared/api/handwriting'
import { inkBounds, signatureProblem, toSignData } from './stroke-data.ts'

const at = (x: number, y: number, time: number, pressure = 0.5) => ({ x, y, time, pressure })

describe('mapping the signing board strokes', () => {
  it('counts time from the first point and keeps position and pressure', () => {
    const data = toSignData(
      [
        { points: [at(10.04, 20.06, 1_700_000_000_000, 0.42), at(12, 22, 1_700_000_000_016)] },
        { points: [at(40, 20, 1_700_000_000_300, 0.61)] },
      ],
      { width: 390.4, height: 259.6 },
    )
    expect(data).toEqual({
      width: 390,
      height: 260,
      strokes: [
        {
          points: [
            { x: 10, y: 20.1, t: 0, p: 0.42 },
            { x: 12, y: 22, t: 16, p: 0.5 },
          ],
        },
        { points: [{ x: 40, y: 20, t: 300, p: 0.61 }] },
      ],
    })
  })

  it('leaves out a pressure of 0, which means the device reports none', () => {
    const data = toSignData([{ points: [at(1, 1, 5, 0), at(9, 9, 25, 0)] }], { width: 100, height: 100 })
    expect(data.strokes[0]!.points).toEqual([
      { x: 1, y: 1, t: 0 },
      { x: 9, y: 9, t: 20 },
    ])
  })

  it('drops empty strokes and never lets time run backwards', () => {
    const data = toSignData([{ points: [] }, { points: [at(1, 1, 1000), at(2, 2, 990), at(3, 3, 1010)] }], {
      width: 50,
      height: 50,
    })
    expect(data.strokes).toHaveLength(1)
    expect(data.strokes[0]!.points.map((p) => p.t)).toEqual([0, 0, 10])
  })

  it('produces what the server contract accepts', () => {
    const points = Array.from({ length: 20 }, (_, i) => at(10 + i * 5, 40 + (i % 3), 1000 + i * 16))
    const signData = toSignData([{ points }], { width: 390, height: 260 })
    expect(
      handwritingSaveBody.safeParse({ identity: '110101199003071233', name: '张三', signData }).success,
    ).toBe(true)
  })
})

describe('checking a signature before it is sent', () => {
  it('asks to sign first when nothing is drawn, and to sign again when it is only a dot or two', () => {
    expect(signatureProblem({ strokes: [], width: 390, height: 260 })).toBe('请先签名')
    expect(signatureProblem({ strokes: [{ points: [{ x: 1, y: 1, t: 0 }] }], width: 390, height: 260 })).toBe(
      '签名过于简单，请重新签名',
    )
    const enough = Array.from({ length: 12 }, (_, i) => ({ x: i * 4, y: 3, t: i * 16 }))
    expect(signatureProblem({ strokes: [{ points: enough }], width: 390, height: 260 })).toBeNull()
  })
})

describe('trimming the picture to the ink', () => {
  it('finds the box around every visible pixel and nothing on a blank canvas', () => {
    const width = 6
    const height = 4
    const rgba = new Uint8ClampedArray(width * height * 4)
    expect(inkBounds(rgba, width, height)).toBeNull()
    rgba[(1 * width + 2) * 4 + 3] = 255
    rgba[(2 * width + 4) * 4 + 3] = 40
    expect(inkBounds(rgba, width, height)).toEqual({ x: 2, y: 1, width: 3, height: 2 })
  })
})
