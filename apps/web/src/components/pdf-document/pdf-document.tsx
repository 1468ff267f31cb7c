import { useEffect, useRef, useState } from 'react'
import { Toast } from 'antd-mobile'
import type { PDFDocumentLoadingTask } from 'pdfjs-dist'
import { messages } from '@seal/shared/messages'
import { loadPdfjs } from './load-pdfjs.ts'
import { canvasSize, outputScale, pageGeometry, pageScale } from './pdf-scale.ts'
import './pdf-document.css'

/** PDF bytes, or the address of a PDF (fetched by pdf.js itself). */
export type PdfSource = ArrayBuffer | Uint8Array | string

/**
 * A page as shown at scale 1: the width and height in points of its visible area (the CropBox clipped by
 * the MediaBox) after its /Rotate, and that rotation.
 */
export type PdfPageGeometry = ReturnType<typeof pageGeometry>

export type PdfDocumentProps = {
  /** Nothing is shown while the source is null or undefined (the screen is still fetching it). */
  source: PdfSource | null | undefined
  /** After every page is drawn; `pages` in order, for a screen that places something on them. */
  onLoaded?: (info: { numPages: number; pages: PdfPageGeometry[] }) => void
  /**
   * After each page is drawn, the pages drawn so far, in order: a page on screen can take a tap while the
   * later ones still draw (a long document takes seconds).
   */
  onPageDrawn?: (pages: PdfPageGeometry[]) => void
  onError?: (error: Error) => void
  /** The PDF加载中 toast while loading (spec 000 §8); on by default. */
  loadingToast?: boolean
  className?: string
}

type ViewState = 'idle' | 'loading' | 'ready' | 'empty' | 'error'

/**
 * pdf.js transfers the bytes to its worker, which empties the caller's buffer: it gets a copy, so the
 * screen can render the same bytes again (React's strict mode does, and so does a retry).
 */
function copyBytes(source: ArrayBuffer | Uint8Array): Uint8Array {
  return source instanceof Uint8Array ? source.slice() : new Uint8Array(source.slice(0))
}

/**
 * Shows every page of a PDF, one canvas per page, at the screen width over 595 points (spec 002 §9),
 * sharp on high-density screens. Annotations are drawn onto the canvas with their appearances, signature
 * widgets included, so a signed document shows its seals and handwritten signatures.
 */
export function PdfDocument({ source, onLoaded, onPageDrawn, onError, loadingToast = true, className }: PdfDocumentProps) {
  const pagesRef = useRef<HTMLDivElement>(null)
  const [view, setView] = useState<ViewState>('idle')
  const callbacks = useRef({ onLoaded, onPageDrawn, onError })
  callbacks.current = { onLoaded, onPageDrawn, onError }

  useEffect(() => {
    const container = pagesRef.current
    if (source === null || source === undefined || !container) return
    container.replaceChildren()
    const data = typeof source === 'string' ? undefined : copyBytes(source)
    if (data?.byteLength === 0) {
      setView('empty')
      return
    }

    let cancelled = false
    let task: PDFDocumentLoadingTask | undefined
    const toast = loadingToast ? Toast.show({ icon: 'loading', content: messages.pdfLoading, duration: 0, maskClickable: true }) : undefined
    setView('loading')

    const render = async () => {
      const pdfjs = await loadPdfjs()
      if (cancelled) return
      const options = { isEvalSupported: false, verbosity: pdfjs.VerbosityLevel.ERRORS }
      task = pdfjs.getDocument(typeof source === 'string' ? { ...options, url: source } : { ...options, data })
      const pdf = await task.promise
      const displayWidth = container.clientWidth || window.innerWidth
      const ratio = outputScale(window.devicePixelRatio)
      const pages: PdfPageGeometry[] = []
      for (let number = 1; number <= pdf.numPages; number++) {
        const page = await pdf.getPage(number)
        if (cancelled) return
        const natural = page.getViewport({ scale: 1 })
        const viewport = page.getViewport({ scale: pageScale(displayWidth, natural.width) })
        pages.push(pageGeometry(natural))
        const size = canvasSize(viewport, ratio)
        const canvas = document.createElement('canvas')
        canvas.className = 'pdf-document-page'
        canvas.width = size.width
        canvas.height = size.height
        canvas.style.width = `${size.cssWidth}px`
        canvas.style.height = `${size.cssHeight}px`
        canvas.setAttribute('role', 'img')
        canvas.setAttribute('aria-label', `第${number}页`)
        container.append(canvas)
        await page.render({
          canvas,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
          // ENABLE draws every annotation that has an appearance, form widgets and signature widgets
          // included, onto the canvas; ENABLE_FORMS would leave form fields to an HTML layer we do not show.
          annotationMode: pdfjs.AnnotationMode.ENABLE,
        }).promise
        page.cleanup()
        if (cancelled) return
        callbacks.current.onPageDrawn?.(pages.slice())
        // The first page is there to read: the loading toast must not sit over it while the rest draw.
        if (number === 1) toast?.close()
      }
      if (cancelled) return
      setView('ready')
      callbacks.current.onLoaded?.({ numPages: pdf.numPages, pages })
    }

    render()
      .catch((error: unknown) => {
        if (cancelled) return
        setView('error')
        callbacks.current.onError?.(error instanceof Error ? error : new Error(String(error)))
      })
      .finally(() => toast?.close())

    return () => {
      cancelled = true
      toast?.close()
      void task?.destroy()
    }
  }, [source, loadingToast])

  return (
    // Busy as soon as there is something to draw, not only once the drawing effect has run.
    <div className={['pdf-document', className].filter(Boolean).join(' ')} aria-busy={view === 'loading' || (view === 'idle' && source !== null && source !== undefined)}>
      <div ref={pagesRef} className="pdf-document-pages" />
      {view === 'error' && <div className="pdf-document-message">{messages.pdfLoadFailed}</div>}
      {view === 'empty' && <div className="pdf-document-message">{messages.pdfNoData}</div>}
    </div>
  )
}
