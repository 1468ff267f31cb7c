import { useEffect, useRef, useState } from 'react'
import { ImageUploader, Toast, type ImageUploadItem } from 'antd-mobile'
import { MAX_APPLICATION_FORM_FILES, uploadLimitMb } from '@seal/shared/codes/upload'
import { messages, messageTemplates } from '@seal/shared/messages'
import { isPdf, rejectionOf } from '../../../components/upload/upload-rules.ts'
import { apiLink, RequestError } from '../../../lib/request/request.ts'
import { blobToDataUrl } from '../../../lib/image/compress.ts'
import { previewLink, uploadFile } from '../api/upload-file.ts'

const ACCEPT = 'image/*,application/pdf'
/** A tile for a PDF, which has no picture of its own. */
const PDF_TILE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><rect width="80" height="80" fill="#fff1f0"/><text x="40" y="46" font-size="18" text-anchor="middle" fill="#d4161f">PDF</text></svg>')}`

type Tile = ImageUploadItem & { key: string }

/**
 * The signed application form (001 §5): images or PDFs, at most 5 files of 10 MB each, each uploaded
 * through POST /file/upload; the upload is disabled once there are 5.
 */
export function FormFiles({ fileIds, onChange }: { fileIds: string[]; onChange: (fileIds: string[]) => void }) {
  // Files stored before this visit are shown from short-lived links (a PDF shows as a PDF tile).
  const [tiles, setTiles] = useState<Tile[]>(() => fileIds.map((id) => ({ key: id, url: PDF_TILE })))
  const restored = useRef(fileIds)
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    for (const id of restored.current) {
      void previewLink(id)
        .then(({ url }) => setTiles((all) => all.map((t) => (t.key === id ? { ...t, url: apiLink(url) } : t))))
        .catch(() => undefined)
    }
  }, [])
  // antd-mobile names its file input 上传 and renders it anew: name it for what it takes.
  useEffect(() => {
    container.current?.querySelector('input[type="file"]')?.setAttribute('aria-label', '上传申请表')
  })
  const full = tiles.length >= MAX_APPLICATION_FORM_FILES

  const upload = async (file: File): Promise<Tile> => {
    try {
      const stored = await uploadFile(file, file.name)
      const url = isPdf(file) ? PDF_TILE : await blobToDataUrl(file)
      return { key: stored.fileId, url }
    } catch (error) {
      const reason = error instanceof RequestError && error.kind !== 'network' && error.message ? error.message : messages.serverError
      Toast.show({ content: messageTemplates.fileUploadFailed(reason), duration: 3000 })
      throw error
    }
  }

  return (
    <div className="unit-form-files" ref={container}>
      <ImageUploader
        value={tiles}
        accept={ACCEPT}
        multiple
        maxCount={MAX_APPLICATION_FORM_FILES}
        showUpload={!full}
        disableUpload={full}
        onCountExceed={() => Toast.show({ content: `最多上传${MAX_APPLICATION_FORM_FILES}个文件` })}
        beforeUpload={(file) => {
          const rejection = rejectionOf(file, { accept: ACCEPT, maxSizeMB: uploadLimitMb.applicationForm })
          if (rejection) {
            Toast.show({ content: rejection, duration: 3000 })
            return null
          }
          return file
        }}
        upload={upload}
        onChange={(items) => {
          const next = items as Tile[]
          setTiles(next)
          onChange(next.map((item) => item.key))
        }}
      />
      <p className="unit-section-note" aria-live="polite">
        {full ? `已上传${MAX_APPLICATION_FORM_FILES}个文件，不能继续上传` : `支持图片或PDF，最多${MAX_APPLICATION_FORM_FILES}个，单个不超过${uploadLimitMb.applicationForm}MB`}
      </p>
    </div>
  )
}
