import { useState } from 'react'
import { Button, Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { failureText } from '../failure-text.ts'

/** One material to download: its name, what it is for, and 下载 (busy while the file is made). */
export function MaterialRow({
  title,
  note,
  onDownload,
}: {
  title: string
  note: string
  onDownload: () => Promise<void>
}) {
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      await onDownload()
    } catch (error) {
      Toast.show({ content: failureText(error, messages.fileLoadFailed), duration: 3000 })
    } finally {
      setBusy(false)
    }
  }
  return (
    <li className="offline-material">
      <div>
        <strong>{title}</strong>
        <span>{note}</span>
      </div>
      <Button size="small" color="primary" fill="outline" loading={busy} onClick={() => void run()}>
        下载
      </Button>
    </li>
  )
}
