import { useEffect, useRef, useState } from 'react'
import { ImageUploader, Toast, type ImageUploadItem } from 'antd-mobile'
import {
  OFFLINE_DOCUMENT_MAX_BYTES,
  OFFLINE_MAX_DOCUMENTS,
  offlineMessages,
  type OfflineDocument,
} from '@seal/shared/api/offline-apply'
import { uploadLimitMb } from '@seal/shared/codes/upload'
import { messageTemplates } from '@seal/shared/messages'
import { acceptedFormats, isAccepted, isPdf } from '../../../components/upload/upload-rules.ts'
import { apiLink } from '../../../lib/request/request.ts'
import { blobToDataUrl } from '../../../lib/image/compress.ts'
import { previewLink, uploadFile } from '../../unit-apply/api/upload-file.ts'
import { deleteDocument } from '../api/delete-document.ts'
import { uploadDocument } from '../api/upload-document.ts'
import { failureText } from '../failure-text.ts'

const ACCEPT = 'image/*,application/pdf'
const formats = acceptedFormats(ACCEPT)
/** A tile for a PDF, which has no picture of its own. */
const PDF_TILE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><rect width="80" height="80" fill="#fff1f0"/><text x="40" y="46" font-size="18" text-anchor="middle" fill="#d4161f">PDF</text></svg>')}`

type Tile = ImageUploadItem & { key: string }

/**
 * Why a picked file may not be attached (001 §5 "Application documents accept images and PDF, at most 5
 * files, 10 MB each"), in the words the server uses too; null when it may.
 */
export function documentRejection(
  file: { name: string; type: string; size: number },
  count: number,
): string | null {
  if (count >= OFFLINE_MAX_DOCUMENTS) return offlineMessages.documentsFull
  if (!isAccepted(file, formats)) return offlineMessages.documentKind
  if (file.size > OFFLINE_DOCUMENT_MAX_BYTES) return offlineMessages.documentTooLarge
  return null
}

/**
 * The signed documents of an offline application: each picked file is stored (POST /file/upload) and
 * attached (POST …/uploadDocumentByApplyId); removing one detaches it (POST …/deleteDocumentByApplyId).
 * The upload is disabled at 5.
 */
export function DocumentFiles({
  applyId,
  documents,
  removable,
  onChanged,
}: {
  applyId: string
  documents: OfflineDocument[]
  /** A draft's documents may be removed; a submitted application's stay. */
  removable: boolean
  onChanged: (documents: OfflineDocument[]) => void
}) {
  const [tiles, setTiles] = useState<Tile[]>(() => documents.map((d) => ({ key: d.fileId, url: PDF_TILE })))
  const container = useRef<HTMLDivElement>(null)
  const first = useRef(documents)
  // Pictures attached before this visit are shown from short-lived links (a PDF stays a PDF tile).
  useEffect(() => {
    for (const document of first.current) {
      if (!document.mediaType.startsWith('image/')) continue
      void previewLink(document.fileId)
        .then(({ url }) =>
          setTiles((all) => all.map((t) => (t.key === document.fileId ? { ...t, url: apiLink(url) } : t))),
        )
        .catch(() => undefined)
    }
  }, [])
  useEffect(() => {
    container.current?.querySelector('input[type="file"]')?.setAttribute('aria-label', '上传申请材料')
  })
  const full = tiles.length >= OFFLINE_MAX_DOCUMENTS

  const upload = async (file: File): Promise<Tile> => {
    try {
      const stored = await uploadFile(file, file.name)
      onChanged(await uploadDocument(applyId, stored.fileId))
      return { key: stored.fileId, url: isPdf(file) ? PDF_TILE : await blobToDataUrl(file) }
    } catch (error) {
      Toast.show({ content: messageTemplates.fileUploadFailed(failureText(error, '')), duration: 3000 })
      throw error
    }
  }

  const remove = async (item: ImageUploadItem) => {
    try {
      const left = await deleteDocument(applyId, (item as Tile).key)
      if (left) onChanged(left)
      return true
    } catch (error) {
      Toast.show({ content: failureText(error, offlineMessages.notAllowed), duration: 3000 })
      return false
    }
  }

  return (
    <div className="unit-form-files" ref={container}>
      <ImageUploader
        value={tiles}
        accept={ACCEPT}
        multiple
        maxCount={OFFLINE_MAX_DOCUMENTS}
        showUpload={!full}
        disableUpload={full}
        deletable={removable}
        onCountExceed={() => Toast.show({ content: offlineMessages.documentsFull })}
        beforeUpload={(file) => {
          const rejection = documentRejection(file, 0)
          if (rejection) {
            Toast.show({ content: rejection, duration: 3000 })
            return null
          }
          return file
        }}
        upload={upload}
        onDelete={remove}
        onChange={(items) => setTiles(items as Tile[])}
      />
      <p className="unit-section-note" aria-live="polite">
        {full
          ? `已上传${OFFLINE_MAX_DOCUMENTS}个文件，不能继续上传`
          : `支持图片或PDF，最多${OFFLINE_MAX_DOCUMENTS}个，单个不超过${uploadLimitMb.applicationForm}MB`}
      </p>
    </div>
  )
}
