import { act, screen } from '@testing-library/react'
import { vi } from 'vitest'

/**
 * jsdom has no canvas: screen tests that draw (the signature board, PDF pages) draw on Skia canvases
 * (@napi-rs/canvas, which pdfjs-dist installs for Node); tests skip when it is absent.
 */
export const skia = await import('@napi-rs/canvas').catch(() => null)

type SkiaCanvas = { width: number; height: number; getContext: (kind: '2d') => unknown; toDataURL: (type: 'image/png') => string }
const backing = new Map<HTMLCanvasElement, SkiaCanvas>()

/** Every canvas draws on Skia, laid out 390×260 CSS pixels (a phone-wide signature board). */
export function canvasesOnSkia() {
  // antd-mobile's gestures capture the pointer, which jsdom cannot.
  if (!('setPointerCapture' in Element.prototype)) {
    Object.assign(Element.prototype, { setPointerCapture() {}, releasePointerCapture() {}, hasPointerCapture: () => false })
  }
  const skiaOf = (element: HTMLCanvasElement) => {
    let canvas = backing.get(element)
    if (!canvas) {
      canvas = skia!.createCanvas(Math.max(1, element.width), Math.max(1, element.height)) as unknown as SkiaCanvas
      backing.set(element, canvas)
    }
    // A real canvas keeps its context when resized.
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

export function forgetSkiaCanvases() {
  backing.clear()
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A finger drawing through the points on the board named 签名区域, as the browser reports it. */
export async function drawStroke(points: Array<[number, number]>) {
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

export const line = (from: [number, number], to: [number, number], steps: number): Array<[number, number]> =>
  Array.from({ length: steps + 1 }, (_, i) => [from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps])
