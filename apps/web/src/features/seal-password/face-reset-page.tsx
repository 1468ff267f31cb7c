import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { DotLoading, Result, Toast } from 'antd-mobile'
import type { SealItem } from '@seal/shared/api/seals'
import { messages } from '@seal/shared/messages'
import { FaceCheck } from '../../components/face-capture/face-check.tsx'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { SealFrame, useSealIdParam } from '../my-seals/seal-frame.tsx'
import './seal-password.css'

/** Success leads to step 2 after 2 seconds (spec 000 §4 "Password reset by face"). */
export const FACE_RESET_REDIRECT_MS = 2000

/**
 * `/seal-edit-password/face-authentication?sealId=` 人脸识别 (spec 000 §2): the holder's face instead of
 * the forgotten password; success goes to step 2 with the verification serial, which the server accepts
 * once, for this holder, within minutes.
 */
export function FaceResetPage() {
  return <SealFrame sealId={useSealIdParam()} title="人脸识别">{(seal) => <FaceReset seal={seal} />}</SealFrame>
}

function FaceReset({ seal }: { seal: SealItem }) {
  const navigate = useNavigate()
  const me = useLoginInfo().data
  const [passed, setPassed] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])

  if (!me) return <DotLoading color="primary" />
  if (passed) return <Result status="success" title="人脸验证成功" description={messages.faceVerifiedRedirecting} />

  return (
    <>
      <p className="page-hint">请{me.personName}本人进行人脸识别，验证通过后可重新设置印章密码。</p>
      <FaceCheck
        person={{ idCardNo: me.personCard, realName: me.personName }}
        onPassed={(serialNo) => {
          setPassed(true)
          Toast.show({ icon: 'success', content: messages.faceVerifiedRedirecting, duration: FACE_RESET_REDIRECT_MS })
          const next = `/seal-edit-password/step-2?sealId=${seal.id}&ranId=${encodeURIComponent(serialNo)}`
          timer.current = setTimeout(() => navigate(next, { replace: true }), FACE_RESET_REDIRECT_MS)
        }}
      />
    </>
  )
}
