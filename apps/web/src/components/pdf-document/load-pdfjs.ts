type Pdfjs = typeof import('pdfjs-dist')

let loading: Promise<Pdfjs> | undefined

/**
 * pdf.js, loaded on first use so it stays out of the first screen's bundle.
 *
 * The legacy build on purpose: the modern build of pdfjs-dist 5 calls `Map.prototype.getOrInsertComputed`
 * natively, which the web views of the messaging apps and older iOS Safari do not have; the legacy build
 * carries the polyfills. The worker comes from the same build, as a URL Vite emits as an asset.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default
      return pdfjs
    },
  )
  // A chunk that failed to download (a bad connection) may be tried again on the next document.
  loading.catch(() => {
    loading = undefined
  })
  return loading
}
