import { useState } from 'react'
import { Button, Popup } from 'antd-mobile'
import type { LoginInfo } from '@seal/shared/api/auth'
import { saveSample } from '../../components/signature-board/save-sample.ts'
import { SignatureBoard, type SignatureResult } from '../../components/signature-board/signature-board.tsx'
// Its look (.apply-sign-write, .apply-sign-signature, .apply-sign-popup) travels with it to other signing pages.
import './apply-sign.css'

export type WrittenSignature = { signatureId: string; picture: string }

/**
 * The legal representative's handwritten signature: written on the board and kept as one of their
 * handwriting samples (a signature unlike their earlier ones is told 识别不通过 and written again); the
 * sample's id is what submitSign puts on the documents.
 */
export function SignatureField({
  me,
  value,
  onChange,
  disabled,
}: {
  me: LoginInfo
  value: WrittenSignature | null
  onChange: (signature: WrittenSignature | null) => void
  disabled?: boolean
}) {
  const [writing, setWriting] = useState(false)
  const [saving, setSaving] = useState(false)

  const confirm = async (written: SignatureResult) => {
    setSaving(true)
    try {
      const sample = await saveSample(me, written)
      if (!sample) return
      onChange({ signatureId: sample.signatureId, picture: written.dataUrl })
      setWriting(false)
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      {value ? (
        <div className="apply-sign-signature">
          <img src={value.picture} alt="我的签名" />
          <Button size="small" fill="none" color="primary" disabled={disabled} onClick={() => setWriting(true)}>
            重新签名
          </Button>
        </div>
      ) : (
        <button type="button" className="apply-sign-write" disabled={disabled} onClick={() => setWriting(true)}>
          点击此处手写签名
        </button>
      )}
      <Popup visible={writing} onMaskClick={() => !saving && setWriting(false)} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
        <div className="apply-sign-popup">
          <h2>请在下方手写签名</h2>
          <SignatureBoard busy={saving} placeholder={`请${me.personName}本人签名`} onConfirm={confirm} height="min(44vh, 300px)" />
        </div>
      </Popup>
    </>
  )
}
