import { useEffect, useRef, useState } from 'react'
import { Button, Result, Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { FaceCheck } from '../../components/face-capture/face-check.tsx'
import { useSubmitFace } from './api/submit-face.ts'
import { FlowLayout } from './flow-layout.tsx'
import type { ReadyFlow } from './use-personal-flow.ts'

/** Success leads onward after 2 seconds (spec 002 §4). */
export const FACE_REDIRECT_DELAY_MS = 2000

/**
 * `/personal-seal-apply/step-2` 验证身份 (spec 002 §4): a selfie checked against the login identity.
 * Result 2 succeeds (人脸验证成功，2秒后自动跳转), 3 fails with its message (or 人脸核验失败，请重试),
 * cancel says 人脸识别已取消; both start again.
 */
export function PersonalSealFacePage() {
  return (
    <FlowLayout step="face" title="验证身份">
      {(flow) => <FaceStep flow={flow} />}
    </FlowLayout>
  )
}

function FaceStep({ flow }: { flow: ReadyFlow }) {
  const { me, goNext } = flow
  const [passed, setPassed] = useState(false)
  const submitFace = useSubmitFace()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])

  const recordPassed = async (serialNo: string) => {
    await submitFace.mutateAsync(serialNo)
    setPassed(true)
    Toast.show({ icon: 'success', content: messages.faceVerifiedRedirecting, duration: FACE_REDIRECT_DELAY_MS })
    timer.current = setTimeout(goNext, FACE_REDIRECT_DELAY_MS)
  }

  if (passed) return <Result className="face-passed" status="success" title="人脸验证成功" description={messages.faceVerifiedRedirecting} />

  // Back on this step after it was done (the draft has the serial): nothing to repeat.
  if (flow.draft?.faceSerialNo) {
    return (
      <>
        <Result className="face-passed" status="success" title="已完成人脸识别" description={`${me.personName}，您已通过本人人脸识别`} />
        <div className="personal-actions">
          <Button block color="primary" size="large" onClick={goNext}>
            下一步
          </Button>
        </div>
      </>
    )
  }

  return (
    <>
      <p className="page-hint">请{me.personName}本人进行人脸识别，确认是本人申请个人电子名章。</p>
      <FaceCheck person={{ idCardNo: me.personCard, realName: me.personName }} onPassed={recordPassed} />
    </>
  )
}
