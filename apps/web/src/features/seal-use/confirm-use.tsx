import { useEffect, useState } from 'react'
import { Button, Dialog, Input, Popup, Toast } from 'antd-mobile'
import type { LoginInfo } from '@seal/shared/api/auth'
import { handwritingFailureMessage } from '@seal/shared/api/handwriting'
import { authUseTypeNeeds, sealAuthMessages } from '@seal/shared/api/seal-auth'
import { sealRole } from '@seal/shared/codes/authorization'
import { messages } from '@seal/shared/messages'
import { SEAL_PASSWORD_MAX_LENGTH } from '@seal/shared/rules/seal-password'
import { SignatureBoard, type SignatureResult } from '../../components/signature-board/signature-board.tsx'
import { RequestError } from '../../lib/request/request.ts'
import { verifyHandwriting } from './api.ts'

/** What a use shows the server: the password, a signature that matched the samples a moment ago, or both. */
export type UseProof = { pin?: string; signatureId?: string }

type Props = {
  visible: boolean
  me: LoginInfo
  /** The caller's role on the seal and the method their use asks for (POST /seal/useInfo). */
  role: number
  useType: number
  onClose: () => void
  /** Seals the document with the proof; rejects (the request layer told why) when the server refuses. */
  onConfirm: (proof: UseProof) => Promise<void>
}

/**
 * 确认用章 (000 §3 use methods): the seal password — the holder's PIN, or a manager's or authorised user's
 * own use password — and/or a handwritten signature compared with the person's samples, as the use method
 * says. A signature unlike the samples is refused here with 签名比对未通过，无法用章 and written again.
 */
export function ConfirmUse({ visible, me, role, useType, onClose, onConfirm }: Props) {
  const needsSignature = authUseTypeNeeds.signature(useType)
  const needsPassword = authUseTypeNeeds.password(useType)
  const holder = role === sealRole.LEGAL_PERSON
  const passwordName = holder ? '印章密码' : '用章密码'
  const [signatureId, setSignatureId] = useState<string | null>(null)
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (visible) return
    setSignatureId(null)
    setPassword('')
  }, [visible])

  const submit = async (proof: UseProof) => {
    setBusy(true)
    try {
      await onConfirm(proof)
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
      // Refused: the server's words were shown. A signature too old to count is written again.
      setPassword('')
      if (error.message === sealAuthMessages.signatureMismatch || error.message === sealAuthMessages.signatureRequired) setSignatureId(null)
    } finally {
      setBusy(false)
    }
  }

  const written = async (signature: SignatureResult) => {
    setBusy(true)
    let passed: string | null = null
    try {
      const result = await verifyHandwriting(me, signature)
      const failure = handwritingFailureMessage(result)
      if (failure === messages.signatureNotRecognized) {
        await Dialog.alert({ title: sealAuthMessages.signatureMismatch, content: messages.signatureRetryHint, confirmText: '重新签名' })
      } else if (failure) {
        Toast.show({ content: failure, duration: 3000 })
      } else {
        passed = result.signatureId
      }
    } finally {
      setBusy(false)
    }
    if (!passed) return
    setSignatureId(passed)
    if (!needsPassword) await submit({ signatureId: passed })
  }

  const signatureStep = needsSignature && !signatureId
  const typedPassword = password.trim()

  return (
    <Popup visible={visible} onMaskClick={() => !busy && onClose()} bodyStyle={{ borderRadius: '12px 12px 0 0' }} destroyOnClose>
      <div className="seal-use-confirm" role="dialog" aria-label="确认用章">
        <h2>确认用章</h2>
        {signatureStep ? (
          <>
            <p>{`请${me.personName}本人手写签名，签名与留样比对通过后用章`}</p>
            <SignatureBoard busy={busy} placeholder={`请${me.personName}本人签名`} onConfirm={written} height="min(40vh, 280px)" />
          </>
        ) : (
          <>
            {needsSignature && <p className="seal-use-confirm-ok">手写签名比对通过</p>}
            {needsPassword && (
              <Input
                type="password"
                value={password}
                onChange={setPassword}
                placeholder={`请输入${passwordName}`}
                maxLength={SEAL_PASSWORD_MAX_LENGTH}
                aria-label={passwordName}
                autoComplete="off"
                className="seal-use-password"
              />
            )}
            <Button
              block
              color="primary"
              size="large"
              loading={busy}
              disabled={needsPassword && !typedPassword}
              onClick={() => void submit({ pin: needsPassword ? typedPassword : undefined, signatureId: signatureId ?? undefined })}
            >
              确认用章
            </Button>
          </>
        )}
      </div>
    </Popup>
  )
}
