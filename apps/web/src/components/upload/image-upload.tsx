import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Button, ImageUploader, Toast, type ImageUploadItem } from 'antd-mobile'
import { messages, messageTemplates } from '@seal/shared/messages'
import { post } from '../../lib/request/request.ts'
import { host } from '../../lib/host/bridge.ts'
import { blobToDataUrl, dataUrlToBlob, DEFAULT_TARGET_KB } from '../../lib/image/compress.ts'
import { isPdf, rejectionOf } from './upload-rules.ts'
import './image-upload.css'

/** What the control yields: the file's data URL, and its stored id unless kept in memory only. */
export type UploadedImage = { fileId?: string; dataUrl: string }

/** Spec 002 §4 "File upload status": compressing, then success or error with a message. */
export type UploadStatus = 'idle' | 'compressing' | 'uploading' | 'success' | 'error'

export type ImageUploadProps = {
  /** `image/*` (png, jpeg, jpg; the default), `application/pdf`, or both comma-separated. */
  accept?: string
  maxSizeMB?: number
  /** Compress images before upload: true for the default 50 KB target, a number for another target in KB. */
  compress?: boolean | number
  /** ID-card images: only the data URL is handed back, nothing is uploaded (002 §5). */
  keepInMemoryOnly?: boolean
  /** An image already chosen earlier (e.g. when the person comes back to this step). */
  defaultValue?: UploadedImage
  /** Called with the result on success, and with null when the picture is removed. */
  onChange?: (value: UploadedImage | null) => void
  onStatusChange?: (status: UploadStatus) => void
  /** The empty cell's content (e.g. a sample picture and 上传身份证正面); a plus sign by default. */
  children?: ReactNode
  disabled?: boolean
  className?: string
  /** What the control is for, e.g. 上传身份证人像面: the file input's accessible name (antd-mobile names every one 上传). */
  label?: string
  /** A picture that must be seen whole (an ID card) is fitted inside the tile, not cropped to fill it. */
  imageFit?: 'cover' | 'contain'
}

type FileUploaded = { fileId: string; fileName: string; mediaType: string; size: number }

type State = {
  status: UploadStatus
  /** What is shown: the picked file at once, the compressed one once ready. */
  dataUrl?: string
  fileName?: string
  pdf?: boolean
  message?: string
}

const statusText: Partial<Record<UploadStatus, string>> = { compressing: '压缩中...', uploading: '上传中...', error: '上传失败' }

/** Server or transport reason of a failed upload, for 图片上传失败:{reason}. */
const reasonOf = (error: unknown) => (error instanceof Error && error.message) || messages.serverError

/**
 * The upload control of the application screens (spec 002 §5): checks type and size, compresses images
 * (never PDFs), uploads through `POST /file/upload` (or keeps the data URL in memory for ID cards), and
 * on failure keeps the picture and offers 重试.
 */
export function ImageUpload({
  accept = 'image/*',
  maxSizeMB,
  compress = true,
  keepInMemoryOnly = false,
  defaultValue,
  onChange,
  onStatusChange,
  children,
  disabled = false,
  className,
  label = '上传图片',
  imageFit = 'cover',
}: ImageUploadProps) {
  const [state, setState] = useState<State>(() =>
    defaultValue ? { status: 'success', dataUrl: defaultValue.dataUrl, pdf: defaultValue.dataUrl.startsWith('data:application/pdf') } : { status: 'idle' },
  )
  // Each pick (or retry) gets a number: an older run that finishes late must not overwrite a newer one.
  const run = useRef(0)
  const prepared = useRef<{ blob: Blob; fileName: string } | null>(null)
  const container = useRef<HTMLDivElement>(null)
  const callbacks = useRef({ onChange, onStatusChange })
  callbacks.current = { onChange, onStatusChange }

  useEffect(() => {
    callbacks.current.onStatusChange?.(state.status)
  }, [state.status])

  // antd-mobile renders its file input anew when uploads are enabled again, always named 上传: rename it.
  useEffect(() => {
    container.current?.querySelector('input[type="file"]')?.setAttribute('aria-label', label)
  })

  const upload = async (id: number, blob: Blob, fileName: string, dataUrl: string, pdf: boolean) => {
    if (keepInMemoryOnly) {
      setState((previous) => ({ ...previous, status: 'success', dataUrl }))
      callbacks.current.onChange?.({ dataUrl })
      return
    }
    setState((previous) => ({ ...previous, status: 'uploading', dataUrl, message: undefined }))
    const form = new FormData()
    form.append('file', blob, fileName)
    try {
      // Silent: the failure is shown as 图片上传失败:{reason}, not as the bare server message.
      const uploaded = await post<FileUploaded>('/file/upload', form, { silent: true })
      if (id !== run.current) return
      setState((previous) => ({ ...previous, status: 'success' }))
      callbacks.current.onChange?.({ fileId: uploaded.fileId, dataUrl })
    } catch (error) {
      if (id !== run.current) return
      const message = (pdf ? messageTemplates.fileUploadFailed : messageTemplates.imageUploadFailed)(reasonOf(error))
      setState((previous) => ({ ...previous, status: 'error', message }))
      Toast.show({ content: message, duration: 3000 })
    }
  }

  const start = async (file: File) => {
    const id = ++run.current
    const pdf = isPdf(file)
    const original = await blobToDataUrl(file)
    if (id !== run.current) return
    setState({ status: compress && !pdf ? 'compressing' : 'uploading', dataUrl: original, fileName: file.name, pdf })
    let dataUrl = original
    if (compress && !pdf) {
      // Compression only makes the upload lighter: when the device cannot do it, the original goes up.
      dataUrl = await host.compressImage(original, { maxKB: compress === true ? DEFAULT_TARGET_KB : compress }).catch(() => original)
      if (id !== run.current) return
    }
    const blob = dataUrl === original ? file : dataUrlToBlob(dataUrl)
    const fileName = dataUrl === original ? file.name : file.name.replace(/\.[^.]*$/, '') + '.jpg'
    prepared.current = { blob, fileName }
    await upload(id, blob, fileName, dataUrl, pdf)
  }

  const beforeUpload = (file: File) => {
    const rejection = rejectionOf(file, { accept, maxSizeMB })
    if (rejection) {
      setState((previous) => (previous.dataUrl ? previous : { status: 'error', message: rejection }))
      Toast.show({ content: rejection, duration: 3000 })
      return null
    }
    void start(file)
    // The control's own task list is not used: our state keeps the picture through failures and retries.
    return null
  }

  const retry = () => {
    const file = prepared.current
    if (!file || !state.dataUrl) return
    void upload(++run.current, file.blob, file.fileName, state.dataUrl, Boolean(state.pdf))
  }

  const remove = () => {
    run.current++
    prepared.current = null
    setState({ status: 'idle' })
    callbacks.current.onChange?.(null)
  }

  const busy = state.status === 'compressing' || state.status === 'uploading'
  const removeLabel = `删除${label.replace(/^上传/, '')}`
  const items: ImageUploadItem[] = state.dataUrl ? [{ key: 'picked', url: state.dataUrl }] : []

  return (
    <div ref={container} className={['image-upload', className].filter(Boolean).join(' ')}>
      <ImageUploader
        value={items}
        accept={accept}
        maxCount={1}
        disableUpload={disabled || busy}
        deletable={!disabled && !busy}
        preview={!state.pdf}
        imageFit={imageFit}
        deleteIcon={
          <span className="image-upload-delete" role="button" aria-label={removeLabel}>
            ×
          </span>
        }
        beforeUpload={beforeUpload}
        upload={() => Promise.reject(new Error('handled in beforeUpload'))}
        onDelete={() => {
          remove()
          return false
        }}
        renderItem={(node) => (
          <div key="picked" className={`image-upload-item image-upload-item-${state.status}`}>
            {state.pdf ? (
              // A PDF has no picture to preview: a tile with its name, and the same remove corner.
              <div className="image-upload-pdf">
                <strong>PDF</strong>
                <span className="image-upload-pdf-name">{state.fileName}</span>
                {!disabled && !busy && (
                  <button type="button" className="image-upload-pdf-remove" aria-label={removeLabel} onClick={remove}>
                    ×
                  </button>
                )}
              </div>
            ) : (
              node
            )}
            {statusText[state.status] && <span className="image-upload-mask">{statusText[state.status]}</span>}
          </div>
        )}
      >
        {children}
      </ImageUploader>
      {state.status === 'error' && state.message && (
        <div className="image-upload-error" role="alert">
          <span>{state.message}</span>
          {state.dataUrl && (
            <Button size="mini" color="primary" fill="outline" onClick={retry}>
              重试
            </Button>
          )}
        </div>
      )}
    </div>
  )
}
