import { useEffect, useRef, useState } from 'react'
import { Toast } from 'antd-mobile'
import { ImageUpload, type UploadStatus, type UploadedImage } from '../../components/upload/image-upload.tsx'
import type { IdSide } from './identity-checks.ts'
import { recognizeIdSide } from './recognize-id-side.ts'

/** ID pictures up to 5 MB (spec 002 §9), compressed to about 500 KB: small enough to send, sharp enough to read. */
const ID_IMAGE_MAX_MB = 5
const ID_IMAGE_TARGET_KB = 500

const labels: Record<IdSide, string> = { front: '身份证人像面', back: '身份证国徽面' }

type FieldState = { status: 'idle' | 'recognizing' | 'ok' | 'error'; message?: string }

type IdPhotoFieldProps = {
  side: IdSide
  loginIdNumber: string
  /** This side was recognised earlier in the session (its serial is kept; the picture is not). */
  recognizedBefore: boolean
  /** The OCR serial once the side is recognised and checked; null while there is none. */
  onRecognized: (serial: string | null) => void
  onBusyChange: (busy: boolean) => void
}

/**
 * One side of the ID card: the picture stays in memory only (`keepInMemoryOnly`), goes through OCR, and
 * what was read is checked against the login; the result is shown under the picture.
 */
export function IdPhotoField({ side, loginIdNumber, recognizedBefore, onRecognized, onBusyChange }: IdPhotoFieldProps) {
  const [state, setState] = useState<FieldState>(
    recognizedBefore ? { status: 'ok', message: `${labels[side]}已识别，如需更换请重新上传` } : { status: 'idle' },
  )
  const [uploadBusy, setUploadBusy] = useState(false)
  const run = useRef(0)
  const busy = uploadBusy || state.status === 'recognizing'
  const reportBusy = useRef(onBusyChange)
  reportBusy.current = onBusyChange
  useEffect(() => reportBusy.current(busy), [busy])

  const recognize = async (image: UploadedImage | null) => {
    const id = ++run.current
    onRecognized(null)
    if (!image) {
      setState({ status: 'idle' })
      return
    }
    setState({ status: 'recognizing' })
    const outcome = await recognizeIdSide({ side, dataUrl: image.dataUrl, loginIdNumber })
    // A newer picture replaced this one while it was being read: its result no longer matters.
    if (id !== run.current) return
    if ('serial' in outcome) {
      setState({ status: 'ok', message: '识别成功' })
      onRecognized(outcome.serial)
      return
    }
    setState({ status: 'error', message: outcome.message })
    Toast.show({ content: outcome.message, duration: 3000 })
  }

  const onStatusChange = (status: UploadStatus) => setUploadBusy(status === 'compressing' || status === 'uploading')

  return (
    <div className="id-photo-field" data-side={side}>
      <ImageUpload
        keepInMemoryOnly
        label={`上传${labels[side]}`}
        imageFit="contain"
        accept="image/*"
        maxSizeMB={ID_IMAGE_MAX_MB}
        compress={ID_IMAGE_TARGET_KB}
        disabled={state.status === 'recognizing'}
        onStatusChange={onStatusChange}
        onChange={(image) => void recognize(image)}
      >
        <div className="id-photo-empty" aria-hidden="true">
          <strong>+</strong>
          <span>上传{labels[side]}</span>
        </div>
      </ImageUpload>
      <FieldStatus state={state} busy={uploadBusy} label={labels[side]} />
    </div>
  )
}

function FieldStatus({ state, busy, label }: { state: FieldState; busy: boolean; label: string }) {
  if (busy) return <span className="id-photo-status">处理中...</span>
  if (state.status === 'recognizing') return <span className="id-photo-status">识别中...</span>
  if (state.status === 'error') {
    return (
      <span className="id-photo-status id-photo-status-error" role="alert">
        {state.message}
      </span>
    )
  }
  if (state.status === 'ok') {
    return <span className="id-photo-status id-photo-status-ok">{state.message}</span>
  }
  return <span className="id-photo-status">{label}</span>
}
