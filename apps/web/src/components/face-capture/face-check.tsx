import { useState } from 'react'
import { Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { RequestError } from '../../lib/request/request.ts'
import { FaceCapture } from './face-capture.tsx'
import { faceStatus, fetchFaceToken, submitSelfie } from './verify-face.ts'

/**
 * A face check of one person (spec 002 §4): cancel says 人脸识别已取消 and starts again; a failure shows
 * its message (or 人脸核验失败，请重试) and starts again; success hands the verification serial on.
 *
 * @example
 * <FaceCheck person={{ idCardNo: me.personCard, realName: me.personName }} onPassed={(serialNo) => …} />
 */
export function FaceCheck({ person, onPassed }: { person: { idCardNo: string; realName: string }; onPassed: (serialNo: string) => void }) {
  const [attempt, setAttempt] = useState(0)
  const [busy, setBusy] = useState(false)

  const retry = (message: string) => {
    Toast.show({ content: message, duration: 3000 })
    setAttempt((n) => n + 1)
  }

  const verify = async (image: string) => {
    setBusy(true)
    try {
      const token = await fetchFaceToken(person)
      const result = await submitSelfie({ token, image })
      if (result.status === faceStatus.SUCCESS) onPassed(result.serialNo)
      else retry(result.msg || messages.faceCheckFailed)
    } catch (error) {
      // Failures of the token call were already shown by the request module.
      if (error instanceof RequestError && error.kind === 'business') setAttempt((n) => n + 1)
      else if (!(error instanceof RequestError)) retry(messages.faceCheckFailed)
    } finally {
      setBusy(false)
    }
  }

  return <FaceCapture key={attempt} busy={busy} onCapture={(image) => void verify(image)} onCancel={() => retry(messages.faceCancelled)} />
}
