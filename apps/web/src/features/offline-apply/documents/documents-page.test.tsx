import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { expectToast, fakeServer, operatorLogin, resetScreen } from '../../../../test/unit-apply-wizard.tsx'
import { OFFLINE, offlineDetail, renderOffline, where } from '../../../../test/offline-apply.tsx'
import { documentRejection } from './document-files.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const ENTRY = '/seal-apply/operator/step-2-2?applyId=off-1'
const png = (i: number) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], `form-${i}.png`, { type: 'image/png' })
const pick = (files: File[]) => fireEvent.change(screen.getByLabelText('上传申请材料'), { target: { files } })

function serve(routes: Record<string, (call: any) => unknown> = {}) {
  let attached: string[] = []
  const documents = () =>
    attached.map((fileId) => ({
      fileId,
      documentType: 2,
      fileName: `${fileId}.png`,
      mediaType: 'image/png',
      size: 4,
    }))
  let uploads = 0
  return fakeServer({
    'GET /auth/me': () => operatorLogin,
    [`GET ${OFFLINE}/applyDetail/off-1`]: () => offlineDetail({ unitTypeCode: '06' }),
    'POST /file/upload': () => ({
      fileId: `file-${++uploads}`,
      fileName: 'a.png',
      mediaType: 'image/png',
      size: 4,
    }),
    [`POST ${OFFLINE}/uploadDocumentByApplyId`]: (call) => {
      attached = [...attached, (call.body as { fileId: string }).fileId]
      return documents()
    },
    [`POST ${OFFLINE}/deleteDocumentByApplyId`]: (call) => {
      attached = attached.filter((id) => id !== (call.body as { fileId: string }).fileId)
      return documents()
    },
    ...routes,
  })
}

describe('signed documents (step-2-2)', () => {
  it('takes images or PDF, at most 5 of 10 MB, in the words the server uses', () => {
    expect(documentRejection({ name: 'a.pdf', type: 'application/pdf', size: 10 * 1048576 }, 0)).toBeNull()
    expect(documentRejection({ name: 'a.jpg', type: 'image/jpeg', size: 10 * 1048576 + 1 }, 0)).toBe(
      '文件大小不能超过10M',
    )
    expect(documentRejection({ name: 'a.docx', type: 'application/msword', size: 10 }, 0)).toBe(
      '请上传图片或PDF格式的文件',
    )
    expect(documentRejection({ name: 'a.png', type: 'image/png', size: 10 }, 5)).toBe('最多上传5个文件')
  })

  it('attaches each file to the application and disables the upload at 5', async () => {
    const server = serve()
    renderOffline(ENTRY)
    await screen.findByText('上传已签字盖章的申请材料')
    pick([png(1), png(2), png(3)])
    await waitFor(() => expect(server.callsTo(`${OFFLINE}/uploadDocumentByApplyId`)).toHaveLength(3))
    pick([png(4), png(5)])
    expect(await screen.findByText('已上传5个文件，不能继续上传')).toBeTruthy()
    expect(screen.queryByLabelText('上传申请材料')).toBeNull()
    expect(server.callsTo(`${OFFLINE}/uploadDocumentByApplyId`)[0]!.body).toMatchObject({
      applyId: 'off-1',
      fileId: 'file-1',
      documentType: 2,
    })
  })

  it('refuses a file over 10 MB before sending it', async () => {
    const server = serve()
    renderOffline(ENTRY)
    await screen.findByText('上传已签字盖章的申请材料')
    pick([new File([new Uint8Array(10 * 1048576 + 1)], 'big.pdf', { type: 'application/pdf' })])
    await expectToast('文件大小不能超过10M')
    expect(server.callsTo('/file/upload')).toHaveLength(0)
  })

  it('needs a document to submit (请上传申请表！), then submits and shows the result', async () => {
    const server = serve({ [`POST ${OFFLINE}/submitTodo`]: () => ({ applyId: 'off-1', applyStatus: 9 }) })
    renderOffline(ENTRY)
    fireEvent.click(await screen.findByRole('button', { name: '提交' }))
    await expectToast('请上传申请表！')
    pick([png(1)])
    await waitFor(() => expect(server.callsTo(`${OFFLINE}/uploadDocumentByApplyId`)).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: '提交' }))
    fireEvent.click(await screen.findByRole('button', { name: '确认提交' }))
    await waitFor(() => expect(where()).toBe('/seal-apply/operator/step-3-1?applyId=off-1'))
  })

  it('keeps the application to upload later (暂存, pendingUpload)', async () => {
    const server = serve({ [`POST ${OFFLINE}/pendingUpload`]: () => null })
    renderOffline(ENTRY)
    fireEvent.click(await screen.findByRole('button', { name: '暂存' }))
    await expectToast('已保存，可稍后上传')
    expect(server.callsTo(`${OFFLINE}/pendingUpload`)[0]!.body).toMatchObject({ applyId: 'off-1' })
  })
})

describe('signed documents after submitting', () => {
  it('adds documents to an application waiting for review, removes none, and 完成 goes back', async () => {
    const server = serve({
      [`GET ${OFFLINE}/applyDetail/off-1`]: () =>
        offlineDetail({
          applyStatus: 0,
          documents: [
            { fileId: 'f-old', documentType: 2, fileName: 'form.pdf', mediaType: 'application/pdf', size: 4 },
          ],
        }),
    })
    renderOffline(ENTRY)
    await screen.findByText('上传已签字盖章的申请材料')
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull()
    expect(document.querySelector('.adm-image-uploader-cell-delete')).toBeNull()
    pick([png(1)])
    await waitFor(() => expect(server.callsTo(`${OFFLINE}/uploadDocumentByApplyId`)).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: '完成' }))
    await waitFor(() => expect(where()).toBe('/seal-apply/operator/step-3-1?applyId=off-1'))
  })

  it('sends a decided application to its result page', async () => {
    serve({ [`GET ${OFFLINE}/applyDetail/off-1`]: () => offlineDetail({ applyStatus: 4 }) })
    renderOffline(ENTRY)
    expect(await screen.findByText('申请已提交，不能修改')).toBeTruthy()
  })
})
