import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { drawCanvasesOnSkia, forgetCanvases, runPdfWorkerInline, signedPdf, skia } from '../../../test/pdf.ts'
import { ApplyPdfPage } from './apply-pdf-page.tsx'

const requests: string[] = []
// fetch is the browser's boundary: answered the way GET /api/configs/operation/manual answers.
function serverAnswers(response: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url)
      return response()
    }),
  )
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/applyPdf']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <ApplyPdfPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

beforeAll(runPdfWorkerInline)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  forgetCanvases()
  requests.length = 0
  document.body.innerHTML = ''
})

describe('operation manual page', () => {
  it('says 文件加载失败 when no manual is configured', async () => {
    serverAnswers(
      () =>
        new Response(JSON.stringify({ resultStatus: '404', responseInfo: '未配置操作手册', data: null }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    )
    renderPage()
    expect(screen.getByText('电子印章申请')).toBeTruthy()
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '文件加载失败')
    expect(requests).toEqual(['/api/configs/operation/manual'])
  })

  it('says 文件加载失败 when the manual is not a readable PDF', async () => {
    serverAnswers(() => new Response('not a pdf', { headers: { 'content-type': 'application/pdf' } }))
    renderPage()
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '文件加载失败')
  })

  it.skipIf(!skia)('shows every page of the manual', async () => {
    drawCanvasesOnSkia()
    serverAnswers(() => new Response(signedPdf({ pages: 2 }), { headers: { 'content-type': 'application/pdf' } }))
    renderPage()
    expect(await screen.findByRole('img', { name: '第2页' })).toBeTruthy()
    expect(screen.getByRole('img', { name: '第1页' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
