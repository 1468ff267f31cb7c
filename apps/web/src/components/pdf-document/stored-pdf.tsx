import { DotLoading } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { messages } from '@seal/shared/messages'
import { getBlob } from '../../lib/request/request.ts'
import { PdfDocument } from './pdf-document.tsx'

/** The PDF's bytes: GET /file/download/{fileId} (one of the caller's files), or `path`; a stored file never changes. */
function useFileBytes(fileId: string, path?: string) {
  const address = path ?? `/file/download/${encodeURIComponent(fileId)}`
  return useQuery({
    queryKey: ['file', address],
    queryFn: async () => (await getBlob(address)).arrayBuffer(),
    enabled: Boolean(fileId),
    staleTime: Infinity,
  })
}

/**
 * A stored PDF (an agreement, a document to sign), page by page at the screen width. `path` reads it through
 * another call that authorises the caller (a signed application document is the legal representative's file,
 * read by the operator through legalDownload).
 */
export function StoredPdf({ fileId, path, onLoaded }: { fileId: string; path?: string; onLoaded?: () => void }) {
  const file = useFileBytes(fileId, path)
  if (file.isError) {
    return (
      <div className="pdf-document-message" role="alert">
        {messages.fileLoadFailed}
      </div>
    )
  }
  if (!file.data) {
    return (
      <div className="page-loading">
        <DotLoading color="primary" />
      </div>
    )
  }
  return <PdfDocument source={file.data} onLoaded={onLoaded} />
}
