import { useState } from 'react'
import { NavBar, Toast } from 'antd-mobile'
import type { LoginInfo } from '@seal/shared/api/auth'
import { FaceCapture } from '../../components/face-capture/face-capture.tsx'
import { faceStatus, fetchFaceToken, submitSelfie } from '../../components/face-capture/verify-face.ts'
import { RequestError } from '../../lib/request/request.ts'

export const faceMessages = {
  cancelled: '人脸识别已取消',
  failed: '人脸核验失败，请重试',
  passed: '人脸验证成功',
} as const

/**
 * The face check before login (spec 002 §4 step 3): cancel says 人脸识别已取消 and starts again; a failure
 * shows its message and starts again; success hands the verification serial on.
 */
export function LoginFaceCheck({ me, onPassed }: { me: LoginInfo; onPassed: (serialNo: string) => void }) {
  const [attempt, setAttempt] = useState(0)
  const [busy, setBusy] = useState(false)

  const retry = (message: string) => {
    Toast.show({ content: message, duration: 3000 })
    setAttempt((n) => n + 1)
  }

  const verify = async (image: string) => {
    setBusy(true)
    try {
      const token = await fetchFaceToken({ idCardNo: me.personCard, realName: me.personName })
      const result = await submitSelfie({ token, image })
      if (result.status === faceStatus.SUCCESS) {
        Toast.show({ icon: 'success', content: faceMessages.passed })
        onPassed(result.serialNo)
      } else {
        retry(result.msg || faceMessages.failed)
      }
    } catch (error) {
      // Failures of the token call were already shown by the request module.
      if (error instanceof RequestError && error.kind === 'business') setAttempt((n) => n + 1)
      else if (!(error instanceof RequestError)) retry(faceMessages.failed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div>
      <NavBar back={null}>人脸识别</NavBar>
      <p className="page-hint">为保障账户安全，登录前需完成本人人脸识别：{me.personName}</p>
      <FaceCapture key={attempt} busy={busy} onCapture={(image) => void verify(image)} onCancel={() => retry(faceMessages.cancelled)} />
    </div>
  )
}
