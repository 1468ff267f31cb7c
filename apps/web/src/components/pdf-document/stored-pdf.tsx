import { DotLoading } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { messages } from '@seal/shared/messages'
import { getBlob } from '../../lib/request/request.ts'
import { PdfDocument } from './pdf-document.tsx'

/** GET /file/download/{fileId}: one of the caller's files, as bytes; a stored file never changes. */
function useFileBytes(fileId: string) {
  return useQuery({
    queryKey: ['file', fileId],
    queryFn: async () => (await getBlob(`/file/download/${encodeURIComponent(fileId)}`)).arrayBuffer(),
    enabled: Boolean(fileId),
    staleTime: Infinity,
  })
}

/** A PDF the caller keeps as a file (an agreement, a document to sign), page by page at the screen width. */
export function StoredPdf({ fileId, onLoaded }: { fileId: string; onLoaded?: () => void }) {
  const file = useFileBytes(fileId)
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
