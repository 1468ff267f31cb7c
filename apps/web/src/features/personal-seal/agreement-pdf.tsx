import { DotLoading } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { PdfDocument } from '../../components/pdf-document/pdf-document.tsx'
import { useFileBytes } from './api/download-file.ts'

/** One agreement PDF, fetched as the caller's file and shown page by page at the screen width. */
export function AgreementPdf({ fileId, onLoaded }: { fileId: string; onLoaded?: () => void }) {
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
