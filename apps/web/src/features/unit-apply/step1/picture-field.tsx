import { useRef, useState } from 'react'
import { Toast } from 'antd-mobile'
import { uploadLimitMb } from '@seal/shared/codes/upload'
import { ImageUpload, type UploadStatus } from '../../../components/upload/image-upload.tsx'
import { useRestoredPicture } from '../stored-picture.ts'
import type { Recognised } from './recognition.ts'

/** Pictures compressed to about 500 KB: small to send, sharp enough to read. */
const TARGET_KB = 500

type FieldState = { status: 'idle' | 'working' | 'ok' | 'error'; message?: string }

type PictureFieldProps<T> = {
  /** 上传法人身份证人像面 etc.: the file input's accessible name. */
  label: string
  /** The text in the empty tile. */
  hint: string
  fileId: string
  recognise: (dataUrl: string) => Promise<Recognised<T>>
  onAccepted: (result: { ocr: T; fileId: string }) => void
  /** The picture was removed or could not be used: its file id leaves the form. */
  onCleared: (reason: 'removed' | 'rejected') => void
  disabled?: boolean
  /** A card (85.6 × 54) or a licence (portrait). */
  shape?: 'card' | 'licence'
}

/**
 * One picture of step 1: picked (5 MB at most), recognised and checked, then stored; the outcome is said
 * under it. A restored draft shows its stored picture.
 */
export function PictureField<T>({ label, hint, fileId, recognise, onAccepted, onCleared, disabled, shape = 'card' }: PictureFieldProps<T>) {
  const restoredUrl = useRestoredPicture(fileId)
  const [state, setState] = useState<FieldState>(fileId ? { status: 'ok', message: '已上传' } : { status: 'idle' })
  const [uploadBusy, setUploadBusy] = useState(false)
  const run = useRef(0)

  const picked = async (dataUrl: string | null) => {
    const id = ++run.current
    if (!dataUrl) {
      setState({ status: 'idle' })
      onCleared('removed')
      return
    }
    setState({ status: 'working' })
    const outcome = await recognise(dataUrl)
    // A newer picture replaced this one while it was being read.
    if (id !== run.current) return
    if ('message' in outcome) {
      setState({ status: 'error', message: outcome.message })
      Toast.show({ content: outcome.message, duration: 3000 })
      onCleared('rejected')
      return
    }
    setState({ status: 'ok', message: '识别成功' })
    onAccepted(outcome)
  }

  const onStatusChange = (status: UploadStatus) => setUploadBusy(status === 'compressing' || status === 'uploading')

  return (
    <div className={`unit-picture unit-picture-${shape}`}>
      <ImageUpload
        key={restoredUrl ?? 'picked'}
        keepInMemoryOnly
        label={label}
        imageFit="contain"
        maxSizeMB={uploadLimitMb.image}
        compress={TARGET_KB}
        disabled={disabled || state.status === 'working'}
        defaultValue={restoredUrl ? { dataUrl: restoredUrl } : undefined}
        onStatusChange={onStatusChange}
        onChange={(image) => void picked(image?.dataUrl ?? null)}
      >
        <div className="unit-picture-empty" aria-hidden="true">
          <strong>+</strong>
          <span>{hint}</span>
        </div>
      </ImageUpload>
      <PictureStatus state={state} busy={uploadBusy} hint={hint} />
    </div>
  )
}

function PictureStatus({ state, busy, hint }: { state: FieldState; busy: boolean; hint: string }) {
  if (busy) return <span className="unit-picture-status">处理中...</span>
  if (state.status === 'working') return <span className="unit-picture-status">识别中...</span>
  if (state.status === 'error') {
    return (
      <span className="unit-picture-status unit-picture-status-error" role="alert">
        {state.message}
      </span>
    )
  }
  if (state.status === 'ok') return <span className="unit-picture-status unit-picture-status-ok">{state.message}</span>
  return <span className="unit-picture-status">{hint}</span>
}
