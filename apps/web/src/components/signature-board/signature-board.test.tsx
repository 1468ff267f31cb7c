import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import { SignatureBoard, type SignatureResult } from './signature-board.tsx'

// jsdom has no canvas: the board draws on Skia canvases (@napi-rs/canvas, present when pdfjs-dist installed it).
const skia = await import('@napi-rs/canvas').catch(() => null)
type SkiaCanvas = {
  width: number
  height: number
  getContext: (kind: '2d') => unknown
  toDataURL: (type: 'image/png') => string
}
const backing = new Map<HTMLCanvasElement, SkiaCanvas>()

function drawOnSkia() {
  const skiaOf = (element: HTMLCanvasElement) => {
    let canvas = backing.get(element)
    if (!canvas) {
      canvas = skia!.createCanvas(
        Math.max(1, element.width),
        Math.max(1, element.height),
      ) as unknown as SkiaCanvas
      backing.set(element, canvas)
    }
    // A real canvas keeps its context when resized: resize the Skia canvas under the same context.
    if (canvas.width !== element.width || canvas.height !== element.height) {
      canvas.width = Math.max(1, element.width)
      canvas.height = Math.max(1, element.height)
    }
    return canvas
  }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return skiaOf(this).getContext('2d') as never
  })
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement) {
    return skiaOf(this).toDataURL('image/png')
  })
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 0,
    top: 0,
    right: 390,
    bottom: 260,
    width: 390,
    height: 260,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A finger drawing through the points, as the browser reports it (moves about every 20 ms). */
async function drawStroke(points: Array<[number, number]>) {
  const canvas = screen.getByLabelText('签名区域')
  const [first, ...rest] = points
  const init = (x: number, y: number, buttons: number) => ({
    clientX: x,
    clientY: y,
    buttons,
    pointerId: 7,
    pressure: buttons ? 0.6 : 0,
    pointerType: 'touch',
    bubbles: true,
    cancelable: true,
  })
  await act(async () => {
    canvas.dispatchEvent(new PointerEvent('pointerdown', init(first![0], first![1], 1)))
    for (const [x, y] of rest) {
      await sleep(20)
      window.dispatchEvent(new PointerEvent('pointermove', init(x, y, 1)))
    }
    await sleep(20)
    const last = rest[rest.length - 1] ?? first!
    window.dispatchEvent(new PointerEvent('pointerup', init(last[0], last[1], 0)))
  })
}

const line = (from: [number, number], to: [number, number], steps: number): Array<[number, number]> =>
  Array.from({ length: steps + 1 }, (_, i) => [
    from[0] + ((to[0] - from[0]) * i) / steps,
    from[1] + ((to[1] - from[1]) * i) / steps,
  ])

/** Width and height of a PNG data URL, from its IHDR chunk. */
function pngSize(dataUrl: string) {
  const bytes = Uint8Array.from(atob(dataUrl.split(',')[1]!), (c) => c.charCodeAt(0))
  const view = new DataView(bytes.buffer)
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

beforeEach(() => drawOnSkia())
afterEach(() => {
  // A toast left open would render into the next test's detached body.
  Toast.clear()
  cleanup()
  vi.restoreAllMocks()
  backing.clear()
  document.body.innerHTML = ''
})

describe.skipIf(!skia)('signature board', () => {
  it('hands over the strokes with their timing and pressure and a picture trimmed to the ink', async () => {
    const onConfirm = vi.fn<(result: SignatureResult) => Promise<void>>(async () => {})
    render(<SignatureBoard onConfirm={onConfirm} />)
    expect(screen.getByText('请在此处签名')).toBeTruthy()
    await drawStroke(line([60, 80], [200, 90], 8))
    await drawStroke(line([120, 40], [130, 200], 8))
    expect(screen.queryByText('请在此处签名')).toBeNull()

    fireEvent.click(screen.getByText('确定'))
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1))
    const { signData, dataUrl, device } = onConfirm.mock.calls[0]![0]
    expect(signData.width).toBe(390)
    expect(signData.height).toBe(260)
    expect(signData.strokes).toHaveLength(2)
    const [first, second] = signData.strokes
    expect(first!.points[0]).toMatchObject({ x: 60, y: 80, t: 0, p: 0.6 })
    expect(second!.points[0]!.t).toBeGreaterThan(first!.points.at(-1)!.t)
    expect(device.pointerType).toBe('touch')

    const size = pngSize(dataUrl)
    expect(size.width).toBeGreaterThan(120)
    expect(size.width).toBeLessThan(220)
    expect(size.height).toBeGreaterThan(120)
    expect(size.height).toBeLessThan(220)
    // Once the caller has the signature, the board is ready for the next one.
    await waitFor(() => expect(screen.getByText('请在此处签名')).toBeTruthy())
  })

  it('asks to sign first when 确定 is tapped on an empty board', async () => {
    const onConfirm = vi.fn()
    render(<SignatureBoard onConfirm={onConfirm} />)
    fireEvent.click(screen.getByText('确定'))
    expect(await screen.findByText('请先签名')).toBeTruthy()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('wipes the board on 重写', async () => {
    const onConfirm = vi.fn()
    render(<SignatureBoard onConfirm={onConfirm} />)
    await drawStroke(line([60, 80], [200, 90], 8))
    fireEvent.click(screen.getByText('重写'))
    expect(screen.getByText('请在此处签名')).toBeTruthy()
    fireEvent.click(screen.getByText('确定'))
    expect(await screen.findByText('请先签名')).toBeTruthy()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('keeps the strokes when the caller could not use them, so the person can try again', async () => {
    const onConfirm = vi.fn(async () => {
      throw new Error('网络异常')
    })
    render(<SignatureBoard onConfirm={onConfirm} />)
    await drawStroke(line([60, 80], [200, 90], 8))
    fireEvent.click(screen.getByText('确定'))
    await waitFor(() => expect(onConfirm).toHaveBeenCalled())
    expect(screen.queryByText('请在此处签名')).toBeNull()
  })
})
