import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { PdfDocument } from './pdf-document.tsx'
import { colourAt, drawCanvasesOnSkia, forgetCanvases, runPdfWorkerInline, signedPdf, skia } from '../../../test/pdf.ts'

const red = [255, 0, 0, 255]
const white = [255, 255, 255, 255]

beforeAll(runPdfWorkerInline)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  forgetCanvases()
  document.body.innerHTML = ''
})

describe.skipIf(!skia)('PDF document', () => {
  it('draws every page at the screen width over 595, at the device pixel ratio (at most 2)', async () => {
    drawCanvasesOnSkia()
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(390)
    vi.spyOn(window, 'devicePixelRatio', 'get').mockReturnValue(3)
    const onLoaded = vi.fn()
    render(<PdfDocument source={signedPdf({ pages: 3 })} onLoaded={onLoaded} />)
    await waitFor(() => expect(onLoaded).toHaveBeenCalledWith({ numPages: 3, pages: Array(3).fill({ width: 595, height: 842, rotate: 0 }) }))
    const pages = screen.getAllByRole('img')
    expect(pages.map((page) => page.getAttribute('aria-label'))).toEqual(['第1页', '第2页', '第3页'])
    expect(pages[0]!.style.width).toBe('390px')
    expect((pages[0] as HTMLCanvasElement).width).toBe(780)
  })

  it('shows the seal drawn by a signature widget, and leaves the rest of the page white', async () => {
    drawCanvasesOnSkia()
    const onLoaded = vi.fn()
    render(<PdfDocument source={signedPdf()} onLoaded={onLoaded} />)
    await waitFor(() => expect(onLoaded).toHaveBeenCalled())
    const page = screen.getByRole('img', { name: '第1页' }) as HTMLCanvasElement
    expect(colourAt(page, 200, 650)).toEqual(red)
    expect(colourAt(page, 50, 50)).toEqual(white)
  })

  it('shows the seal of a signature widget marked not to rotate, which pdf.js’s viewer moves to a canvas of its own', async () => {
    drawCanvasesOnSkia()
    const onLoaded = vi.fn()
    render(<PdfDocument source={signedPdf({ widgetFlags: 4 | 16 })} onLoaded={onLoaded} />)
    await waitFor(() => expect(onLoaded).toHaveBeenCalled())
    expect(colourAt(screen.getByRole('img', { name: '第1页' }) as HTMLCanvasElement, 200, 650)).toEqual(red)
  })

  it('is busy from its first render, and gives each page as it is drawn, before the last one', async () => {
    drawCanvasesOnSkia()
    const drawn: number[] = []
    const onLoaded = vi.fn()
    const { container } = render(
      <PdfDocument
        source={signedPdf({ pages: 3 })}
        onPageDrawn={(pages) => drawn.push(pages.length)}
        onLoaded={() => onLoaded(drawn.length)}
      />,
    )
    expect(container.querySelector('.pdf-document')!.getAttribute('aria-busy')).toBe('true')
    await waitFor(() => expect(onLoaded).toHaveBeenCalled())
    // One call a page, each with the pages so far, all three before the document says it is loaded.
    expect(drawn).toEqual([1, 2, 3])
    expect(onLoaded).toHaveBeenCalledWith(3)
    expect(container.querySelector('.pdf-document')!.getAttribute('aria-busy')).toBe('false')
  })

  it('shows PDF加载中 while loading', async () => {
    drawCanvasesOnSkia()
    const onLoaded = vi.fn()
    render(<PdfDocument source={signedPdf()} onLoaded={onLoaded} />)
    expect(await screen.findByText('PDF加载中')).toBeTruthy()
    await waitFor(() => expect(onLoaded).toHaveBeenCalled())
    await waitFor(() => expect(screen.queryByText('PDF加载中')).toBeNull())
  })
})

describe('PDF document failures', () => {
  it('says PDF加载失败 for bytes that are not a PDF', async () => {
    const onError = vi.fn()
    render(<PdfDocument source={new TextEncoder().encode('<html>not a pdf</html>')} onError={onError} loadingToast={false} />)
    expect(await screen.findByText('PDF加载失败')).toBeTruthy()
    expect(onError).toHaveBeenCalledTimes(1)
  })

  it('says 没有PDF数据 for an empty file', async () => {
    render(<PdfDocument source={new ArrayBuffer(0)} />)
    expect(await screen.findByText('没有PDF数据')).toBeTruthy()
  })
})
