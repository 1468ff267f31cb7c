import { useRef, useState } from 'react'
import { Button, Toast } from 'antd-mobile'
import type { SealItem } from '@seal/shared/api/seals'
import { sealUseMessages } from '@seal/shared/api/sign-document'
import { useTypeLabels } from '@seal/shared/codes/authorization'
import { uploadLimitMb } from '@seal/shared/codes/upload'
import { rejectionOf } from '../../components/upload/upload-rules.ts'
import { RequestError } from '../../lib/request/request.ts'
import { SealPicture } from '../my-seals/seal-picture.tsx'
import { uploadPdf } from './api.ts'

/** The PDF to seal: stored as the caller's file, its bytes kept here to show without fetching them back. */
export type PickedPdf = { fileId: string; fileName: string; bytes: ArrayBuffer }

const PDF_MAGIC = '%PDF-'

/**
 * Step 1: the seal to be used and the PDF to seal, picked from the phone and uploaded (PDF only, at most
 * the server's 10 MB; a file that is not a PDF is told so before it is sent).
 */
export function PickPdf({ seal, useType, onPicked }: { seal: SealItem; useType: number; onPicked: (picked: PickedPdf) => void }) {
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = ''
    if (!file) return
    const rejection = rejectionOf(file, { accept: 'application/pdf', maxSizeMB: uploadLimitMb.document })
    if (rejection) return Toast.show({ content: rejection })
    const bytes = await file.arrayBuffer()
    if (new TextDecoder().decode(bytes.slice(0, PDF_MAGIC.length)) !== PDF_MAGIC) return Toast.show({ content: sealUseMessages.notPdf })
    setUploading(true)
    try {
      const uploaded = await uploadPdf(file)
      onPicked({ fileId: uploaded.fileId, fileName: uploaded.fileName, bytes })
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
      Toast.show({ content: error.kind === 'business' ? error.message : sealUseMessages.uploadFailed })
    } finally {
      setUploading(false)
    }
  }

  return (
    <>
      <section className="seal-use-card" aria-label="使用的印章">
        <SealPicture seal={seal} />
        <div>
          <h2>{seal.sealName}</h2>
          <p>{seal.businessName}</p>
          <p>用章方式：{useTypeLabels[useType as 1 | 2 | 3] ?? '密码用章'}</p>
        </div>
      </section>
      <section className="seal-use-card seal-use-pick">
        <h2>选择要盖章的文件</h2>
        <p>{`仅支持PDF格式，文件大小不超过${uploadLimitMb.document}M。选择后在页面上点击放置印章。`}</p>
        <input ref={input} type="file" accept="application/pdf,.pdf" hidden aria-label="选择PDF文件" onChange={(event) => void pick(event.target.files?.[0])} />
        <Button block color="primary" size="large" loading={uploading} loadingText="正在上传" onClick={() => input.current?.click()}>
          选择PDF文件
        </Button>
      </section>
    </>
  )
}
