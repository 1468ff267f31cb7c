import { useEffect, useState } from 'react'
import { Button, Input, Popup, Toast } from 'antd-mobile'
import { bindingPasswordSchema } from '@seal/shared/api/binding'
import { handwritingFailureMessage } from '@seal/shared/api/handwriting'
import { authUseTypeNeeds } from '@seal/shared/api/seal-auth'
import { SEAL_PASSWORD_MAX_LENGTH } from '@seal/shared/rules/seal-password'
import { saveHandwriting } from '../../components/signature-board/handwriting-api.ts'
import { SignatureBoard, type SignatureResult } from '../../components/signature-board/signature-board.tsx'
import { RequestError } from '../../lib/request/request.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'

export type UseProof = { password?: string; signatureId?: string }

export type ConfirmUseSheetProps = {
  open: boolean
  /** What confirming takes (000 §3): 1 handwriting, 2 password, 3 both. */
  useType: number
  /** Above the input, e.g. the seal being confirmed. */
  subject: string
  /** Which password: 印章密码 (the holder's) or 用章密码 (a manager's). */
  passwordLabel?: string
  onClose: () => void
  /** Sends the proof; a refusal (RequestError) is shown and the person may try again. */
  onSubmit: (proof: UseProof) => Promise<void>
}

/**
 * 用章确认 (002 §4 "Binding"): a seal is confirmed by the seal password or a handwritten signature, as its
 * use method says, before it is bound (or a binding cancelled). The signature is saved with purpose
 * `verify` and compared with the person's samples; the password must be a possible seal password
 * (请输入正确的用章密码（数字+字母组合）), and whether it is the right one the server says, counted.
 */
export function ConfirmUseSheet({ open, useType, subject, passwordLabel = '印章密码', onClose, onSubmit }: ConfirmUseSheetProps) {
  const needsSignature = authUseTypeNeeds.signature(useType)
  const needsPassword = authUseTypeNeeds.password(useType) || !needsSignature
  const { data: me } = useLoginInfo()
  const [stage, setStage] = useState<'sign' | 'password'>(needsSignature ? 'sign' : 'password')
  const [signatureId, setSignatureId] = useState<string | undefined>()
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    setStage(needsSignature ? 'sign' : 'password')
    setSignatureId(undefined)
    setPassword('')
    setProblem('')
  }, [open, needsSignature])

  const submit = async (proof: UseProof) => {
    setBusy(true)
    try {
      await onSubmit(proof)
      // A refusal shown for an earlier try must not linger over what comes next.
      Toast.clear()
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
      if (error.kind !== 'unauthorized' && error.kind !== 'cancelled') Toast.show({ content: error.message, duration: 3000 })
      setPassword('')
    } finally {
      setBusy(false)
    }
  }

  const signed = async (written: SignatureResult) => {
    if (!me) return
    const result = await saveHandwriting({ identity: me.personCard, name: me.personName, purpose: 'verify', signData: written.signData, signImage: written.dataUrl, device: written.device })
    const failure = handwritingFailureMessage(result)
    if (failure) {
      Toast.show({ content: failure, duration: 3000 })
      return
    }
    setSignatureId(result.signatureId)
    if (needsPassword) setStage('password')
    else await submit({ signatureId: result.signatureId })
  }

  const confirmPassword = () => {
    const parsed = bindingPasswordSchema.safeParse(password)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? '')
      return
    }
    setProblem('')
    void submit({ password: parsed.data, signatureId })
  }

  return (
    <Popup visible={open} onMaskClick={busy ? undefined : onClose} destroyOnClose bodyClassName="binding-sheet">
      <header className="binding-sheet-header">
        <h2>用章确认</h2>
        <button type="button" className="binding-sheet-close" onClick={onClose} disabled={busy}>
          取消
        </button>
      </header>
      <p className="binding-sheet-subject">{subject}</p>
      {stage === 'sign' ? (
        <SignatureBoard placeholder={`请${me?.personName ?? ''}本人签名`} onConfirm={signed} busy={busy} height="min(40vh, 280px)">
          <p className="binding-sheet-hint">请手写签名完成用章确认</p>
        </SignatureBoard>
      ) : (
        <div className="binding-sheet-password">
          <label htmlFor="binding-password">{passwordLabel}</label>
          <Input
            id="binding-password"
            type="password"
            value={password}
            onChange={(value) => {
              setPassword(value)
              setProblem('')
            }}
            onEnterPress={confirmPassword}
            placeholder={`请输入${passwordLabel}`}
            maxLength={SEAL_PASSWORD_MAX_LENGTH}
            autoComplete="off"
          />
          {problem && (
            <p className="binding-sheet-problem" role="alert">
              {problem}
            </p>
          )}
          <Button block color="primary" size="large" loading={busy} onClick={confirmPassword}>
            确定
          </Button>
        </div>
      )}
    </Popup>
  )
}
