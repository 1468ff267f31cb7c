import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { ImageUpload, type UploadedImage } from './image-upload.tsx'

// fetch is the browser's boundary: answered here the way POST /api/file/upload answers.
type Answer = { resultStatus: string; responseInfo: string; data?: unknown }
let uploads: FormData[] = []
function serverAnswers(...answers: Answer[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      uploads.push(init.body as FormData)
      const answer = answers[Math.min(uploads.length - 1, answers.length - 1)]
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
    }),
  )
}
const uploaded = (fileId: string): Answer => ({ resultStatus: '00', responseInfo: '操作成功', data: { fileId, fileName: 'a.png', mediaType: 'image/png', size: 4 } })

const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47])
const pick = (file: File) => fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [file] } })

beforeEach(() => {
  uploads = []
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('image upload', () => {
  it('uploads a picked picture as the multipart field file and hands back its id and data URL', async () => {
    serverAnswers(uploaded('f-1'))
    const onChange = vi.fn<(value: UploadedImage | null) => void>()
    render(<ImageUpload onChange={onChange} />)
    pick(new File([pngBytes], 'stamp.png', { type: 'image/png' }))
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ fileId: 'f-1', dataUrl: 'data:image/png;base64,iVBORw==' }))
    expect((uploads[0]!.get('file') as File).name).toBe('stamp.png')
    expect(document.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,iVBORw==')
  })

  it('refuses a file over the size limit and says how large it may be', async () => {
    serverAnswers(uploaded('never'))
    const onChange = vi.fn()
    render(<ImageUpload maxSizeMB={1} onChange={onChange} />)
    pick(new File([new Uint8Array(1048577)], 'big.jpg', { type: 'image/jpeg' }))
    expect((await screen.findAllByText('文件大小不能超过1M')).length).toBeGreaterThan(0)
    expect(uploads).toHaveLength(0)
    expect(onChange).not.toHaveBeenCalled()
  })

  it('refuses a file of another kind and asks for the accepted types', async () => {
    serverAnswers(uploaded('never'))
    render(<ImageUpload />)
    pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect((await screen.findAllByText('请上传png、jpeg、jpg格式的文件')).length).toBeGreaterThan(0)
    expect(uploads).toHaveLength(0)
  })

  it('says why an upload failed, keeps the picture, and succeeds on retry', async () => {
    serverAnswers({ resultStatus: '10000', responseInfo: '存储空间不足' }, uploaded('f-2'))
    const onChange = vi.fn()
    render(<ImageUpload onChange={onChange} />)
    pick(new File([pngBytes], 'licence.png', { type: 'image/png' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('图片上传失败:存储空间不足'))
    expect(document.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,iVBORw==')
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ fileId: 'f-2', dataUrl: 'data:image/png;base64,iVBORw==' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(uploads).toHaveLength(2)
  })

  it('keeps an ID-card picture in memory only, never uploading it', async () => {
    serverAnswers(uploaded('never'))
    const onChange = vi.fn()
    render(<ImageUpload keepInMemoryOnly onChange={onChange} />)
    pick(new File([pngBytes], 'id-front.png', { type: 'image/png' }))
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ dataUrl: 'data:image/png;base64,iVBORw==' }))
    expect(uploads).toHaveLength(0)
  })

  it('uploads a PDF as it is and shows it as a named PDF tile', async () => {
    serverAnswers(uploaded('f-3'))
    const onChange = vi.fn()
    const statuses: string[] = []
    render(<ImageUpload accept="application/pdf" onChange={onChange} onStatusChange={(status) => statuses.push(status)} />)
    pick(new File(['%PDF-1.7'], 'form.pdf', { type: 'application/pdf' }))
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ fileId: 'f-3', dataUrl: expect.stringMatching(/^data:application\/pdf;base64,/) }))
    expect(screen.getByText('form.pdf')).toBeTruthy()
    expect(statuses).toEqual(['idle', 'uploading', 'success'])
  })

  it('removes the picture and reports nothing chosen', async () => {
    serverAnswers(uploaded('f-4'))
    const onChange = vi.fn()
    render(<ImageUpload accept="application/pdf" onChange={onChange} />)
    pick(new File(['%PDF-1.7'], 'form.pdf', { type: 'application/pdf' }))
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1))
    fireEvent.click(screen.getByRole('button', { name: '删除图片' }))
    expect(onChange).toHaveBeenLastCalledWith(null)
    expect(screen.queryByText('form.pdf')).toBeNull()
  })

  it('names its file input and the delete corner after what it is for', async () => {
    const onChange = vi.fn()
    render(<ImageUpload keepInMemoryOnly label="上传身份证人像面" onChange={onChange} />)
    expect(screen.getByLabelText('上传身份证人像面').getAttribute('type')).toBe('file')
    pick(new File([pngBytes], 'front.png', { type: 'image/png' }))
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1))
    fireEvent.click(screen.getByRole('button', { name: '删除身份证人像面' }))
    expect(onChange).toHaveBeenLastCalledWith(null)
  })
})
