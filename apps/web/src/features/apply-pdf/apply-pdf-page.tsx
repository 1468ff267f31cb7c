import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { NavBar, Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { PdfDocument } from '../../components/pdf-document/pdf-document.tsx'
import { useOperationManual } from './api/get-operation-manual.ts'
import './apply-pdf-page.css'

/**
 * `/applyPdf` (spec 002 §2 "Other"): the operation manual, every page at the screen width, under a
 * loading toast; 文件加载失败 when it cannot be fetched or read.
 */
export function ApplyPdfPage() {
  const navigate = useNavigate()
  const manual = useOperationManual()
  const [unreadable, setUnreadable] = useState(false)
  const failed = manual.isError || unreadable

  // The toast covers the download; PdfDocument shows its own while the pages are drawn.
  useEffect(() => {
    if (!manual.isPending) return
    const toast = Toast.show({ icon: 'loading', content: messages.pdfLoading, duration: 0, maskClickable: true })
    return () => toast.close()
  }, [manual.isPending])

  useEffect(() => {
    if (failed) Toast.show({ content: messages.fileLoadFailed, duration: 3000 })
  }, [failed])

  // Opened straight from a link there is no earlier screen in this app: home instead of leaving it.
  const back = () => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/home', { replace: true }))

  return (
    <div className="apply-pdf-page">
      <NavBar className="apply-pdf-nav" onBack={back}>
        电子印章申请
      </NavBar>
      {failed ? (
        <div className="apply-pdf-failed" role="alert">
          {messages.fileLoadFailed}
        </div>
      ) : (
        <PdfDocument source={manual.data} onError={() => setUnreadable(true)} />
      )}
    </div>
  )
}
