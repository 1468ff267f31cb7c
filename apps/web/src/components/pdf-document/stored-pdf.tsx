import { DotLoading } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { messages } from '@seal/shared/messages'
import { getBlob } from '../../lib/request/request.ts'
import { PdfDocument } from './pdf-document.tsx'

/**
 * GET /file/download/{fileId}: one of the caller's files, as bytes; a stored file never changes. `path`
 * reads it through a call that authorises more readers than its owner (an application's signed document).
 */
function useFileBytes(fileId: string, path?: string) {
  const url = path ?? `/file/download/${encodeURIComponent(fileId)}`
  return useQuery({
    queryKey: ['file', fileId, url],
    queryFn: async () => (await getBlob(url)).arrayBuffer(),
    enabled: Boolean(fileId),
    staleTime: Infinity,
  })
}

/** A PDF the caller keeps as a file (an agreement, a document to sign), page by page at the screen width. */
export function StoredPdf({ fileId, path, onLoaded }: { fileId: string; path?: string | undefined; onLoaded?: () => void }) {
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
