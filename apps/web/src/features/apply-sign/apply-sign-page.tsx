import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, ErrorBlock, NavBar, Tabs, Toast } from 'antd-mobile'
import type { UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import type { LoginInfo } from '@seal/shared/api/auth'
import { messages } from '@seal/shared/messages'
import { isSmsCode } from '@seal/shared/rules/sms-code'
import { signPinProblem } from '@seal/shared/rules/unit-apply'
import { maskLegalPhone } from '@seal/shared/text/masking'
import { Loaded } from '../../components/loaded.tsx'
import { RequestError, runtimeConfig } from '../../lib/request/request.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { useApplication } from './api/get-application.ts'
import { useSignDocuments, type SignDocument } from './api/sign-documents.ts'
import { submitApplication } from './api/submit-application.ts'
import { submitSign } from './api/submit-sign.ts'
import { SignCodeField } from './sign-code-field.tsx'
import { noPins, PinFields, type SignPins } from './pin-fields.tsx'
import { StoredPdf } from '../../components/pdf-document/stored-pdf.tsx'
import { signLinks } from './sign-links.ts'
import { SignatureField, type WrittenSignature } from './signature-field.tsx'
import './apply-sign.css'

const TITLE = '签署申请文件'

/**
 * `/new/seal/sign?id=` † 签署申请文件: the legal representative's signing of the application documents,
 * standing in for the spec's signing SDK (001 §4 "New wizard flow"). Each document is read, one handwritten
 * signature goes on all of them (POST /seal-apply/apply/submitSign), confirmed by an SMS code to the legal
 * representative's phone, with, for an operator's application, the PIN he sets (or confirms) for the seals; then the application is submitted and the result shown. Leaving without
 * signing says 取消签署 and returns to the wizard. `from=agency` (the agency centre) ends on its result.
 */
export function ApplySignPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const id = params.get('id') ?? ''
  const fromAgency = params.get('from') === 'agency'
  const application = useApplication(id)
  const documents = useSignDocuments(id)
  const { data: me } = useLoginInfo()
  const [signed, setSigned] = useState(false)

  const leave = () => {
    if (!signed) Toast.show({ content: messages.signingCancelled })
    if (fromAgency || !application.data) navigate(-1)
    else navigate(signLinks.wizard(application.data), { replace: true })
  }

  const body = () => {
    if (!id) return <ErrorBlock status="empty" title={messages.missingApplyId} description="" />
    const both = {
      data: application.data && documents.data && me ? { detail: application.data, files: documents.data, me } : undefined,
      isPending: application.isPending || documents.isPending,
      isError: application.isError || documents.isError,
      refetch: () => Promise.all([application.refetch(), documents.refetch()]),
    }
    return (
      <Loaded query={both} isEmpty={({ files }) => files.length === 0} emptyTitle={messages.fileIdNotFound}>
        {({ detail, files, me: signer }) => <SignForm detail={detail} files={files} me={signer} fromAgency={fromAgency} signed={signed} onSigned={() => setSigned(true)} />}
      </Loaded>
    )
  }

  return (
    <div className="apply-sign-page">
      <NavBar onBack={leave}>{TITLE}</NavBar>
      {body()}
    </div>
  )
}

function SignForm({
  detail,
  files,
  me,
  fromAgency,
  signed,
  onSigned,
}: {
  detail: UnitApplicationDetail
  files: SignDocument[]
  me: LoginInfo
  fromAgency: boolean
  signed: boolean
  onSigned: () => void
}) {
  const navigate = useNavigate()
  const [active, setActive] = useState(files[0]!.key)
  const [signature, setSignature] = useState<WrittenSignature | null>(null)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [pins, setPins] = useState<SignPins>(noPins)
  // Whoever holds a seal sets its PIN himself: an operator's application asks the legal representative here.
  const needs = { legal: detail.legalPinAtSigning ?? null, manager: detail.managerPinAtSigning ?? false }
  const asksPins = Boolean(needs.legal) || needs.manager
  const ready = signed || (Boolean(signature) && isSmsCode(code))

  const confirm = async () => {
    if (!ready || busy) return
    const problem = signed ? null : signPinProblem(pins, needs)
    if (problem) {
      Toast.show({ content: problem })
      return
    }
    setBusy(true)
    try {
      // Once signed, a failed submission is retried without signing again (the code is spent).
      if (!signed) {
        const typed = asksPins ? pinsToSend(pins, needs) : {}
        const done = await submitSign({ applyId: detail.id, signatureId: signature!.signatureId, smsCode: code, ...typed }).then(
          () => true,
          (error: unknown) => {
            // Told by the request module (a wrong or expired code, a signature not the legal representative's).
            if (error instanceof RequestError) return false
            throw error
          },
        )
        if (!done) return
        onSigned()
        Toast.show({ icon: 'success', content: '签署成功' })
      }
      if (fromAgency) {
        // The result page says it (已完成签署): the toast would only cover it.
        Toast.clear()
        navigate(signLinks.agencyResult(detail.id), { replace: true })
        return
      }
      try {
        await submitApplication(detail.id)
      } catch (error) {
        const text = submitFailureText(error)
        if (text) Toast.show({ content: text, duration: 3000 })
        return
      }
      Toast.clear()
      navigate(signLinks.result(detail.id), { replace: true })
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <p className="apply-sign-intro">
        请法定代表人{detail.legalPersonName}仔细阅读以下{files.length}份文件，手写签名并输入短信验证码完成签署。
      </p>
      <Tabs activeKey={active} onChange={setActive} className="apply-sign-tabs">
        {files.map((file) => (
          <Tabs.Tab key={file.key} title={file.title}>
            <StoredPdf fileId={file.fileId} />
          </Tabs.Tab>
        ))}
      </Tabs>
      <section className="apply-sign-section" aria-label="手写签名">
        <h2>手写签名</h2>
        <SignatureField me={me} value={signature} onChange={setSignature} disabled={signed || busy} />
      </section>
      {asksPins && <PinFields legal={needs.legal} manager={needs.manager} value={pins} onChange={setPins} disabled={signed || busy} />}
      <section className="apply-sign-section" aria-label="短信验证">
        <h2>短信验证</h2>
        <p className="apply-sign-note">验证码将发送至法定代表人手机 {maskLegalPhone(detail.legalTel)}</p>
        <SignCodeField applyId={detail.id} value={code} onChange={setCode} disabled={signed || busy} />
        {runtimeConfig().sandbox && (
          <p className="apply-sign-note">
            沙箱环境：短信验证码不会真实发送，可在 <a href="/dev/sms">沙箱短信发件箱</a> 查看。
          </p>
        )}
      </section>
      <div className="apply-sign-footer">
        <Button block color="primary" size="large" disabled={!ready} loading={busy} onClick={() => void confirm()}>
          {signed ? '提交申请' : '确认签署'}
        </Button>
      </div>
    </>
  )
}

/** Only the PINs the page asked for. */
function pinsToSend(pins: SignPins, needs: { legal: 'set' | 'confirm' | null; manager: boolean }): Partial<SignPins> {
  return {
    ...(needs.legal ? { legalPassword: pins.legalPassword } : {}),
    ...(needs.legal === 'set' ? { legalPasswordConfirm: pins.legalPasswordConfirm } : {}),
    ...(needs.manager ? { sealManagerPassword: pins.sealManagerPassword, sealManagerPasswordConfirm: pins.sealManagerPasswordConfirm } : {}),
  }
}

/** What a failed submission says (spec 001 §8 "Final submission"): 网络异常, the server's message, or 提交失败. */
function submitFailureText(error: unknown): string | null {
  if (!(error instanceof RequestError)) return messages.submitFailed
  if (error.kind === 'unauthorized') return null
  if (error.kind === 'network') return messages.networkError
  if (error.kind === 'server') return messages.submitFailed
  return error.message || messages.submitFailed
}
