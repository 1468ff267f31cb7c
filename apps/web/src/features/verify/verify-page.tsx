import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Button, NavBar, Result, Toast } from 'antd-mobile'
import type { VerifyResult } from '@seal/shared/api/verify'
import { BEIJING_TIME } from '@seal/shared/text/beijing-time'
import { uploadLimitMb } from '@seal/shared/codes/upload'
import { messageTemplates } from '@seal/shared/messages'
import { RequestError } from '../../lib/request/request.ts'
import { storedPdf, verifyPdf } from './api/verify-pdf.ts'
import { SignatureCard } from './signature-card.tsx'
import './verify-page.css'

const MAX_PDF_BYTES = uploadLimitMb.document * 1024 * 1024

/** Opened from the sealed-document screen: the caller's file to check at once (router state). */
type OpenedWith = { fileId?: string; fileName?: string } | null

/**
 * 验章 `/verify` (issue #3 item 8): anyone uploads a signed PDF and reads, per signature, who sealed it,
 * when, whether the document is unchanged since, and whether the certificate is trusted and in force.
 * The 用章 screen opens it with the document just sealed, which is checked at once.
 */
export function VerifyPage() {
  const navigate = useNavigate()
  const openedWith = useLocation().state as OpenedWith
  const input = useRef<HTMLInputElement>(null)
  const [checking, setChecking] = useState(false)
  const [result, setResult] = useState<VerifyResult>()

  const check = async (file: File | undefined | (() => Promise<File>)) => {
    if (!file) return
    if (file instanceof File && file.type && file.type !== 'application/pdf') return Toast.show({ content: '请上传PDF格式的文件' })
    if (file instanceof File && file.size > MAX_PDF_BYTES) return Toast.show({ content: messageTemplates.fileTooLarge(uploadLimitMb.document) })
    setChecking(true)
    setResult(undefined)
    try {
      setResult(await verifyPdf(file instanceof File ? file : await file()))
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
    } finally {
      setChecking(false)
      if (input.current) input.current.value = ''
    }
  }

  // Once per file it was opened with (strict mode runs effects twice; the second would be a duplicate request).
  const openedFileId = openedWith?.fileId
  const checkedOpened = useRef<string>()
  useEffect(() => {
    if (!openedFileId || checkedOpened.current === openedFileId) return
    checkedOpened.current = openedFileId
    void check(() => storedPdf(openedFileId, openedWith?.fileName ?? 'document.pdf'))
  }, [openedFileId])

  const summary = result && verdictOf(result)

  return (
    <div className="verify-page">
      <NavBar onBack={() => navigate(-1)}>验章</NavBar>
      <section className="verify-upload">
        <p>上传已盖章的 PDF 文件，核验每个电子印章和签名：签署人、签署时间、文件是否被篡改、证书是否可信有效。</p>
        <input ref={input} type="file" accept="application/pdf,.pdf" hidden aria-label="选择PDF文件" onChange={(event) => void check(event.target.files?.[0])} />
        <Button block color="primary" size="large" loading={checking} loadingText="正在核验" onClick={() => input.current?.click()}>
          选择 PDF 文件
        </Button>
      </section>
      {result && summary && (
        <section className="verify-result">
          <Result status={summary.status} title={summary.title} description={`${result.fileName}，共 ${result.signatures.length} 个签章`} />
          {result.signatures.map((signature) => (
            <SignatureCard key={signature.index} signature={signature} />
          ))}
          <p className="verify-hash">时间均为{BEIJING_TIME}（UTC+8）。文件 SHA-256：{result.sha256}</p>
        </section>
      )}
    </div>
  )
}

/**
 * The document's verdict: any invalid signature makes it 存在无效签章; a seal cancelled after it signed
 * makes it a warning (the signature held when made, but the seal is no longer in force), never a plain
 * green 全部签章有效.
 */
function verdictOf(result: VerifyResult): { status: 'success' | 'warning' | 'error' | 'info'; title: string } {
  const verdicts = result.signatures.map((signature) => signature.verdict)
  if (verdicts.length === 0) return { status: 'info', title: '未发现电子签章' }
  if (verdicts.includes('invalid')) return { status: 'error', title: '存在无效签章' }
  if (verdicts.includes('revoked')) return { status: 'warning', title: '签章有效，但印章已注销' }
  return { status: 'success', title: '全部签章有效' }
}
