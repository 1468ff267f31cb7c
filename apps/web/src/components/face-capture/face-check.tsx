import { useMemo, useState } from 'react'
import { Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { RequestError } from '../../lib/request/request.ts'
import { GovAppFaceCheck } from '../gov-app-face/gov-app-face-check.tsx'
import { governmentApp } from '../../lib/gov-app/government-app.ts'
import { FaceCapture } from './face-capture.tsx'
import { faceStatus, fetchFaceToken, submitSelfie } from './verify-face.ts'

/**
 * A face check of one person (spec 002 §4): cancel says 人脸识别已取消 and starts again; a failure shows
 * its message (or 人脸核验失败，请重试) and starts again; success hands the verification serial on. When
 * `onPassed` fails with a request error (already shown by the request module), the camera starts again.
 *
 * Inside the government service app the app's own face route runs instead (GovAppFaceCheck, spec 000 §7),
 * handing on the same kind of serial.
 *
 * @example
 * <FaceCheck person={{ idCardNo: me.personCard, realName: me.personName }} onPassed={(serialNo) => …} />
 */
export function FaceCheck(props: { person: { idCardNo: string; realName: string }; onPassed: (serialNo: string) => void | Promise<void> }) {
  const app = useMemo(() => governmentApp(), [])
  return app ? <GovAppFaceCheck app={app} {...props} /> : <CameraFaceCheck {...props} />
}

function CameraFaceCheck({
  person,
  onPassed,
}: {
  person: { idCardNo: string; realName: string }
  onPassed: (serialNo: string) => void | Promise<void>
}) {
  const [attempt, setAttempt] = useState(0)
  const [busy, setBusy] = useState(false)
  const startAgain = () => setAttempt((n) => n + 1)

  const retry = (message: string) => {
    Toast.show({ content: message, duration: 3000 })
    startAgain()
  }

  const verify = async (image: string) => {
    setBusy(true)
    try {
      let token: string
      try {
        token = await fetchFaceToken(person)
      } catch {
        // Shown by the request module; the camera starts again for another try.
        startAgain()
        return
      }
      // The selfie call is silent: its failure is said here, as the face result it stands for.
      const result = await submitSelfie({ token, image }).catch((error: unknown) => {
        retry(error instanceof RequestError && error.message ? error.message : messages.faceCheckFailed)
        return null
      })
      if (!result) return
      if (result.status !== faceStatus.SUCCESS) {
        retry(result.msg || messages.faceCheckFailed)
        return
      }
      try {
        await onPassed(result.serialNo)
      } catch (error) {
        if (!(error instanceof RequestError)) throw error
        startAgain()
      }
    } finally {
      setBusy(false)
    }
  }

  return <FaceCapture key={attempt} busy={busy} onCapture={(image) => void verify(image)} onCancel={() => retry(messages.faceCancelled)} />
}
