import { DotLoading } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { PdfDocument } from '../../components/pdf-document/pdf-document.tsx'
import { useFileBytes } from './api/download-file.ts'

/** One document to sign, page by page at the screen width. */
export function SignDocumentPdf({ fileId }: { fileId: string }) {
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
  return <PdfDocument source={file.data} />
}
