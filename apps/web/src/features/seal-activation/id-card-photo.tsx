import { useRef, useState } from 'react'
import { Toast } from 'antd-mobile'
import { uploadLimitMb } from '@seal/shared/codes/upload'
import type { ExpectedHolder } from '@seal/shared/rules/id-card-photos'
import { ImageUpload, type UploadStatus } from '../../components/upload/image-upload.tsx'
import { recogniseIdCard, type IdSide } from './recognise-id-card.ts'

/** Pictures compressed to about 500 KB: small to send, sharp enough to read. */
const TARGET_KB = 500
const labels: Record<IdSide, string> = { front: '身份证人像面', back: '身份证国徽面' }

type FieldState = { status: 'idle' | 'working' | 'ok' | 'error'; message?: string }

/**
 * One side of the legal representative's ID card: picked (5 MB at most), read and checked, then stored;
 * the outcome is said under it. `onFile` gets the stored file's id, or null while there is none.
 */
export function IdCardPhoto({ side, expected, onFile }: { side: IdSide; expected: ExpectedHolder; onFile: (fileId: string | null) => void }) {
  const [state, setState] = useState<FieldState>({ status: 'idle' })
  const [uploadBusy, setUploadBusy] = useState(false)
  const run = useRef(0)

  const picked = async (dataUrl: string | null) => {
    const id = ++run.current
    onFile(null)
    if (!dataUrl) {
      setState({ status: 'idle' })
      return
    }
    setState({ status: 'working' })
    const outcome = await recogniseIdCard({ dataUrl, side, expected })
    // A newer picture replaced this one while it was being read.
    if (id !== run.current) return
    if ('message' in outcome) {
      setState({ status: 'error', message: outcome.message })
      Toast.show({ content: outcome.message, duration: 3000 })
      return
    }
    setState({ status: 'ok', message: '识别成功' })
    onFile(outcome.fileId)
  }

  const onStatusChange = (status: UploadStatus) => setUploadBusy(status === 'compressing' || status === 'uploading')
  const busy = uploadBusy || state.status === 'working'

  return (
    <div className="activation-photo">
      <ImageUpload
        keepInMemoryOnly
        label={`上传法定代表人${labels[side]}`}
        imageFit="contain"
        maxSizeMB={uploadLimitMb.image}
        compress={TARGET_KB}
        disabled={state.status === 'working'}
        onStatusChange={onStatusChange}
        onChange={(image) => void picked(image?.dataUrl ?? null)}
      >
        <div className="activation-photo-empty" aria-hidden="true">
          <strong>+</strong>
          <span>{labels[side]}</span>
        </div>
      </ImageUpload>
      <span className={`activation-photo-status activation-photo-status-${state.status}`} role={state.status === 'error' ? 'alert' : undefined}>
        {busy ? (state.status === 'working' ? '识别中...' : '处理中...') : (state.message ?? `上传${labels[side]}`)}
      </span>
    </div>
  )
}
