import { useState } from 'react'
import { Button, NavBar, Popup, Tabs, Toast } from 'antd-mobile'
import type { UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import { messages } from '@seal/shared/messages'
import { isSmsCode } from '@seal/shared/rules/sms-code'
import { maskLegalPhone } from '@seal/shared/text/masking'
import { StoredPdf } from '../../components/pdf-document/stored-pdf.tsx'
import { RequestError, runtimeConfig } from '../../lib/request/request.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { useSignDocuments } from '../apply-sign/api/sign-documents.ts'
import { submitSign } from '../apply-sign/api/submit-sign.ts'
import { SignCodeField } from '../apply-sign/sign-code-field.tsx'
import { SignatureField, type WrittenSignature } from '../apply-sign/signature-field.tsx'

type SignedFiles = UnitApplicationDetail['signedFiles']

export type SheetFile = { key: string; title: string; fileId: string }

/**
 * The signing of an older page, standing in for the spec's signing SDK as the project's signing page does
 * (decisions.md "Our signing page stands in for the signing SDK"), opened over the page as the SDK's frame
 * is: the documents to read (`reading`, e.g. the service agreement) and to sign (`signing`), one handwritten
 * signature of the legal representative's and an SMS code to his phone (POST /seal-apply/apply/submitSign
 * on the draft, which records him as its signer), then `onSigned` submits with what was signed. Closed
 * unsigned: 取消签署. Once signed, a failed submission is retried without signing again.
 */
export function SignSheet(props: {
  visible: boolean
  applyId: string
  legalName: string
  legalTel: string
  reading?: SheetFile[]
  /** The documents signed; left out, the draft's own (POST /seal-apply/apply/signDocuments). */
  signing?: SheetFile[]
  onClose: () => void
  /** Submits; answers whether it went through (it says why itself when not). */
  onSigned: (signedFiles: SignedFiles) => Promise<boolean>
}) {
  const { data: me } = useLoginInfo()
  const own = useSignDocuments(props.signing ? '' : props.applyId)
  const signing = props.signing ?? own.data ?? []
  const files = [...(props.reading ?? []), ...signing]
  const [active, setActive] = useState<string | undefined>(undefined)
  const [signature, setSignature] = useState<WrittenSignature | null>(null)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [signed, setSigned] = useState<SignedFiles | null>(null)
  const ready = Boolean(signed) || (Boolean(signature) && isSmsCode(code) && signing.length > 0)

  const close = () => {
    if (busy) return
    props.onClose()
    if (!signed) Toast.show({ content: messages.signingCancelled })
  }

  const confirm = async () => {
    if (!ready || busy) return
    setBusy(true)
    try {
      let files = signed
      if (!files) {
        files = await submitSign({
          applyId: props.applyId,
          signatureId: signature!.signatureId,
          smsCode: code,
        }).then(
          (detail) => detail.signedFiles,
          (error: unknown) => {
            // Told by the request module (a wrong or expired code, a signature not the legal representative's).
            if (error instanceof RequestError) return null
            throw error
          },
        )
        if (!files) return
        setSigned(files)
        Toast.show({ icon: 'success', content: '签署成功' })
      }
      await props.onSigned(files)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Popup
      visible={props.visible}
      position="right"
      bodyClassName="older-sign-sheet"
      destroyOnClose
      onClose={close}
    >
      <NavBar onBack={close}>签署文件</NavBar>
      <div className="older-sign-body">
        <p className="apply-sign-intro">
          请法定代表人{props.legalName}仔细阅读以下{files.length}份文件；手写签名并输入短信验证码，签署
          {signing.map((file) => `《${file.title}》`).join('')}。
        </p>
        {files.length > 0 && (
          <Tabs activeKey={active ?? files[0]!.key} onChange={setActive} className="apply-sign-tabs">
            {files.map((file) => (
              <Tabs.Tab key={file.key} title={file.title}>
                <StoredPdf fileId={file.fileId} />
              </Tabs.Tab>
            ))}
          </Tabs>
        )}
        <section className="apply-sign-section" aria-label="手写签名">
          <h2>手写签名</h2>
          {me && (
            <SignatureField
              me={me}
              value={signature}
              onChange={setSignature}
              disabled={Boolean(signed) || busy}
            />
          )}
        </section>
        <section className="apply-sign-section" aria-label="短信验证">
          <h2>短信验证</h2>
          <p className="apply-sign-note">验证码将发送至法定代表人手机 {maskLegalPhone(props.legalTel)}</p>
          <SignCodeField
            applyId={props.applyId}
            value={code}
            onChange={setCode}
            disabled={Boolean(signed) || busy}
          />
          {runtimeConfig().sandbox && (
            <p className="apply-sign-note">
              沙箱环境：短信验证码不会真实发送，可在 <a href="/dev/sms">沙箱短信发件箱</a> 查看。
            </p>
          )}
        </section>
      </div>
      <div className="older-sign-footer">
        <Button
          block
          color="primary"
          size="large"
          disabled={!ready}
          loading={busy}
          onClick={() => void confirm()}
        >
          {signed ? '提交申请' : '确认签署'}
        </Button>
      </div>
    </Popup>
  )
}
