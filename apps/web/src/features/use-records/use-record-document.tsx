import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, NavBar, Popup } from 'antd-mobile'
import { sealedFileName } from '@seal/shared/api/sign-document'
import { StoredPdf } from '../../components/pdf-document/stored-pdf.tsx'
import { RequestError } from '../../lib/request/request.ts'
import { saveFile } from '../../lib/save-file.ts'
import { fetchUseRecordDocument } from './api.ts'

/**
 * 查看, 下载 and 验章 of a record's signed document: 查看 opens it page by page over the list (the list keeps
 * its place), 下载 saves it under the sealed copy's name, 验章 checks it on /verify as the sealed-document
 * screen does. A refusal is shown by the request layer's toast.
 */
export function UseRecordDocument({ fileId, fileName }: { fileId: string; fileName: string }) {
  const [viewing, setViewing] = useState(false)
  const [saving, setSaving] = useState(false)
  const navigate = useNavigate()

  const download = async () => {
    setSaving(true)
    try {
      saveFile(await fetchUseRecordDocument(fileId), sealedFileName(fileName))
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="use-record-actions">
      <Button size="small" color="primary" fill="outline" onClick={() => setViewing(true)}>
        查看
      </Button>
      <Button size="small" color="primary" fill="outline" loading={saving} onClick={() => void download()}>
        下载
      </Button>
      <Button size="small" color="primary" fill="outline" onClick={() => navigate('/verify', { state: { fileId, fileName: sealedFileName(fileName) } })}>
        验章
      </Button>
      <Popup visible={viewing} position="right" destroyOnClose onClose={() => setViewing(false)} bodyClassName="use-record-viewer">
        <NavBar onBack={() => setViewing(false)}>{fileName}</NavBar>
        <div className="use-record-viewer-pages">
          <StoredPdf fileId={fileId} />
        </div>
      </Popup>
    </div>
  )
}
