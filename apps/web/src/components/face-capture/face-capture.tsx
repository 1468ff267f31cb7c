import { useEffect, useRef, useState } from 'react'
import { Button } from 'antd-mobile'
import './face-capture.css'

type FaceCaptureProps = {
  /** The selfie as a JPEG data URL. */
  onCapture: (image: string) => void
  onCancel: () => void
  busy?: boolean
}

/**
 * Takes a selfie with the front camera; where there is no camera (or it is refused) the person picks
 * or takes a photo through the file input instead (spec 002 §4 face check; DESIGN "camera capture with
 * a file-upload fallback").
 */
export function FaceCapture({ onCapture, onCancel, busy = false }: FaceCaptureProps) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const [camera, setCamera] = useState<'starting' | 'on' | 'unavailable'>('starting')

  useEffect(() => {
    let stream: MediaStream | undefined
    let stopped = false
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API')
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: 640, height: 640 }, audio: false })
        if (stopped) return
        if (videoRef.current) {
          videoRef.current.srcObject = stream
          await videoRef.current.play().catch(() => undefined)
        }
        setCamera('on')
      } catch {
        if (!stopped) setCamera('unavailable')
      }
    }
    void start()
    return () => {
      stopped = true
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [])

  const takePhoto = () => {
    const video = videoRef.current
    if (!video || !video.videoWidth) return
    const canvas = document.createElement('canvas')
    canvas.width = video.videoWidth
    canvas.height = video.videoHeight
    canvas.getContext('2d')?.drawImage(video, 0, 0)
    onCapture(canvas.toDataURL('image/jpeg', 0.9))
  }

  const pickPhoto = (file: File | undefined) => {
    if (!file) return
    const reader = new FileReader()
    reader.onload = () => typeof reader.result === 'string' && onCapture(reader.result)
    reader.readAsDataURL(file)
  }

  return (
    <div className="face-capture">
      <div className="face-capture-frame">
        {camera === 'unavailable' ? (
          <div className="face-capture-placeholder">无法打开摄像头，请拍摄或选择一张本人正面照片</div>
        ) : (
          <video ref={videoRef} className="face-capture-video" playsInline muted aria-label="摄像头画面" />
        )}
      </div>
      <p className="face-capture-tip">请正对屏幕，保持光线充足，确保面部完整清晰</p>
      <input ref={fileRef} type="file" accept="image/*" capture="user" hidden aria-label="选择照片" onChange={(event) => pickPhoto(event.target.files?.[0])} />
      {camera === 'on' ? (
        <Button block color="primary" size="large" loading={busy} onClick={takePhoto}>
          开始识别
        </Button>
      ) : (
        <Button block color="primary" size="large" loading={busy || camera === 'starting'} onClick={() => fileRef.current?.click()}>
          拍摄照片
        </Button>
      )}
      <Button block fill="none" disabled={busy} onClick={onCancel}>
        取消
      </Button>
    </div>
  )
}
