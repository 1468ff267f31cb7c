import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Result, Toast } from 'antd-mobile'
import { sealUseMessages } from '@seal/shared/api/sign-document'
import { PdfDocument } from '../../components/pdf-document/pdf-document.tsx'
import { RequestError, apiLink } from '../../lib/request/request.ts'
import { saveFile } from '../../lib/save-file.ts'
import { shareLink } from './api.ts'

type Props = { sealed: { fileId: string; fileName: string }; pdf: Blob; bytes: ArrayBuffer; recordsPath: string; onAgain: () => void }

/**
 * The sealed document: shown with its seal, downloaded as a file, shared (the system share sheet with the
 * file where the browser has one, else a link that works for 10 minutes, copied), and checked on 验章.
 */
export function SealedResult({ sealed, pdf, bytes, recordsPath, onAgain }: Props) {
  const navigate = useNavigate()
  const [sharing, setSharing] = useState(false)

  const share = async () => {
    setSharing(true)
    try {
      const file = new File([pdf], sealed.fileName, { type: 'application/pdf' })
      if (navigator.canShare?.({ files: [file] })) {
        await navigator.share({ files: [file], title: sealed.fileName }).catch((error: unknown) => {
          // Closing the share sheet is not a failure.
          if (!(error instanceof DOMException && error.name === 'AbortError')) throw error
        })
        return
      }
      const { url } = await shareLink(sealed.fileId)
      const absolute = new URL(apiLink(url), window.location.href).toString()
      try {
        await navigator.clipboard.writeText(absolute)
        Toast.show({ icon: 'success', content: sealUseMessages.linkCopied })
      } catch {
        Toast.show({ content: sealUseMessages.copyFailed })
      }
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
    } finally {
      setSharing(false)
    }
  }

  return (
    <>
      <Result status="success" title={sealUseMessages.sealed} description={`${sealed.fileName}，已记录到用章记录`} />
      <div className="seal-use-actions">
        <Button color="primary" onClick={() => saveFile(pdf, sealed.fileName)}>
          下载
        </Button>
        <Button color="primary" fill="outline" loading={sharing} onClick={() => void share()}>
          分享
        </Button>
        <Button color="primary" fill="outline" onClick={() => navigate('/verify', { state: { fileId: sealed.fileId, fileName: sealed.fileName } })}>
          验章
        </Button>
      </div>
      <PdfDocument source={bytes} className="seal-use-sealed" />
      <div className="seal-use-actions">
        <Button fill="none" color="primary" onClick={() => navigate(recordsPath)}>
          查看用章记录
        </Button>
        <Button fill="none" color="primary" onClick={onAgain}>
          继续用章
        </Button>
      </div>
    </>
  )
}
