import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import type { UseRecordItem } from '@seal/shared/api/use-records'
import { drawCanvasesOnSkia, forgetCanvases, runPdfWorkerInline, signedPdf, skia } from '../../../test/pdf.ts'
import { fakeApi, refused } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { UseRecordPage } from './use-record-page.tsx'
import { sealItem } from '../../../test/seal-item.ts'

const seal = sealItem()

const record = (fileName: string, fileId: string | null, overrides: Partial<UseRecordItem> = {}): UseRecordItem => ({
  id: `r-${fileName}`,
  sealId: 's1',
  sealName: seal.sealName,
  remark: '合同签章',
  fileName,
  businessName: null,
  platformName: '政府采购电子交易平台',
  name: '王五',
  timestamp: Date.parse('2026-03-02T02:00:00Z'),
  fileId,
  ...overrides,
})

const records = [record('采购合同.pdf', 'doc-1'), record('拒绝的文件.pdf', 'doc-2'), record('早年记录.pdf', null)]
const pdfResponse = () => new Response(signedPdf({ pages: 2 }), { headers: { 'content-type': 'application/pdf' } })

function openPage() {
  const api = fakeApi({
    'POST /seal/detail': () => seal,
    'POST /signSealLog/queryByTypeAndSocialCreditCode': () => records,
    'GET /file/download/doc-1': pdfResponse,
    'GET /file/download/doc-2': () => refused('文件ID不存在', '404'),
  })
  renderScreen('/seal-use-record/company/s1', { path: '/seal-use-record/:type/:sealId', element: <UseRecordPage /> })
  return api
}
const card = async (fileName: string) => within(await screen.findByRole('article', { name: fileName }))

beforeAll(runPdfWorkerInline)
beforeEach(() => sessionStorage.clear())
afterEach(() => {
  Toast.clear()
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  forgetCanvases()
  document.body.innerHTML = ''
})

describe('用章记录: the signed document of a record', () => {
  it('offers 查看 and 下载 on a record that keeps its document, and neither on one that does not', async () => {
    openPage()
    const kept = await card('采购合同.pdf')
    expect(kept.getByRole('button', { name: '查看' })).toBeTruthy()
    expect(kept.getByRole('button', { name: '下载' })).toBeTruthy()
    expect(kept.getByRole('button', { name: '验章' })).toBeTruthy()
    const old = await card('早年记录.pdf')
    expect(old.queryByRole('button', { name: '查看' })).toBeNull()
    expect(old.queryByRole('button', { name: '下载' })).toBeNull()
  })

  it.skipIf(!skia)('查看 opens the document page by page over the list, read by its file id; 返回 closes it and the list is still there', async () => {
    drawCanvasesOnSkia()
    const api = openPage()
    fireEvent.click((await card('采购合同.pdf')).getByRole('button', { name: '查看' }))
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^第\d页$/ }).map((page) => page.getAttribute('aria-label'))).toEqual(['第1页', '第2页']), { timeout: 5000 })
    expect(api.to('GET /file/download/doc-1')).toHaveLength(1)
    // The viewer's title bar names the file; its back arrow closes it.
    const bar = screen.getAllByText('采购合同.pdf').find((element) => element.closest('.use-record-viewer'))!
    fireEvent.click(bar.closest('.adm-nav-bar')!.querySelector('.adm-nav-bar-back')!)
    await waitFor(() => expect(screen.queryAllByRole('img', { name: /^第\d页$/ })).toHaveLength(0))
    expect(screen.getByRole('article', { name: '采购合同.pdf' })).toBeTruthy()
  })

  it('验章 opens /verify with the document, as the sealed-document screen does', async () => {
    openPage()
    fireEvent.click((await card('采购合同.pdf')).getByRole('button', { name: '验章' }))
    expect((await screen.findByTestId('location')).textContent).toBe('/verify')
  })

  it('下载 saves the sealed copy under its sealed name', async () => {
    const saved: { name: string; href: string }[] = []
    // jsdom has no object URLs: this one names the bytes' size, so the test sees what was saved.
    Object.assign(URL, { createObjectURL: (blob: Blob) => `blob:${blob.size}`, revokeObjectURL: () => {} })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href })
    })
    const api = openPage()
    const download = (await card('采购合同.pdf')).getByRole('button', { name: '下载' })
    await act(async () => fireEvent.click(download))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.name).toBe('采购合同（已签章）.pdf')
    expect(saved[0]!.href).toBe(`blob:${signedPdf({ pages: 2 }).byteLength}`)
    expect(api.to('GET /file/download/doc-1')).toHaveLength(1)
  })

  it('a document the server refuses saves nothing and says why', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    openPage()
    const download = (await card('拒绝的文件.pdf')).getByRole('button', { name: '下载' })
    await act(async () => fireEvent.click(download))
    expect(await screen.findByText('文件ID不存在')).toBeTruthy()
    expect(click).not.toHaveBeenCalled()
  })
})

describe('用章记录: paging', () => {
  const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')!
  // jsdom lays nothing out: InfiniteScroll needs a positioned ancestor to decide the end of the list is in view.
  beforeEach(() => Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body }))
  afterEach(() => Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent))

  it('loads the next page at the end of the list and says 已经到底了 after the last, as every list does', async () => {
    const many = Array.from({ length: 23 }, (_, i) => record(`文件${i + 1}.pdf`, null, { id: `r${i + 1}` }))
    const api = fakeApi({
      'POST /seal/detail': () => seal,
      'POST /signSealLog/queryByTypeAndSocialCreditCode': ({ body }) => (body.pageNum === 1 ? many.slice(0, 20) : many.slice(20)),
    })
    renderScreen('/seal-use-record/company/s1', { path: '/seal-use-record/:type/:sealId', element: <UseRecordPage /> })
    expect(await screen.findByText('已经到底了', {}, { timeout: 3000 })).toBeTruthy()
    expect(screen.queryByText('没有更多了')).toBeNull()
    expect(screen.getAllByRole('article')).toHaveLength(23)
    expect(api.to('POST /signSealLog/queryByTypeAndSocialCreditCode').map((call) => call.body.lastId)).toEqual([undefined, 'r20'])
  })
})
