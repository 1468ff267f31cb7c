import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { Button, ErrorBlock, Input, NavBar, Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { SEAL_PASSWORD_MAX_LENGTH } from '@seal/shared/rules/seal-password'
import { StoredPdf } from '../../components/pdf-document/stored-pdf.tsx'
import { RequestError } from '../../lib/request/request.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { SignatureField, type WrittenSignature } from '../apply-sign/signature-field.tsx'
import { letterPath, submitGranteeSign, submitGrantorSign, useDraftLetter, useGranteeLetter } from './api.ts'
import { decodeSignInfo, flowStore, type SignInfo } from './flow.ts'
import './seal-auth.css'

/**
 * `/authorization-sign/{info}` 签署授权书 (000 §2, §4 "Signing flow"): the letter as a PDF, the signer's
 * handwriting, and for the grantor the seal password; the letter is signed on the server (the seal and the
 * handwriting as PAdES signatures) and the success page follows. The grantor (personType 1) signs the
 * draft; the seal user (personType 0) countersigns the letter the grantor signed.
 */
export function AuthorizationSignPage() {
  const navigate = useNavigate()
  const info = decodeSignInfo(useParams().info)
  return (
    <div className="seal-auth-page">
      <NavBar onBack={() => navigate(-1)}>签署授权书</NavBar>
      {info ? <SignBody info={info} /> : <ErrorBlock status="empty" title={messages.noSealInfo} description="" />}
    </div>
  )
}

function SignBody({ info }: { info: SignInfo }) {
  const navigate = useNavigate()
  const grantor = info.personType !== 0
  const draft = useDraftLetter(info.stashAuthId ?? '', grantor)
  const accepted = useGranteeLetter(info.id ?? '', !grantor)
  const letter = grantor ? draft : accepted
  const { data: me } = useLoginInfo()
  const [signature, setSignature] = useState<WrittenSignature | null>(null)
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const ready = Boolean(signature) && (!grantor || password.trim().length > 0)

  const submit = async () => {
    if (!letter.data || !signature) return
    if (grantor && !password.trim()) {
      Toast.show({ content: messages.wrongSealPassword })
      return
    }
    setBusy(true)
    try {
      if (grantor) {
        const done = await submitGrantorSign({ stashAuthId: info.stashAuthId!, authFileId: letter.data.authFileId, lawPersonSignId: signature.signatureId, password })
        flowStore.clear('form')
        navigate(`/authorization-success/1?${new URLSearchParams({ authId: done.authId, authFileId: done.authFileId, smsSent: done.smsSent ? '1' : '0' })}`, { replace: true })
      } else {
        const done = await submitGranteeSign({ authId: info.id!, authFileId: letter.data.authFileId, useSealPersonSignId: signature.signatureId })
        navigate(`/authorization-success/0?${new URLSearchParams({ authId: done.authId, authFileId: done.authFileId, sealId: info.sealId })}`, { replace: true })
      }
    } catch (error) {
      // A wrong seal password or a refused step: the server's words are shown; the password is typed again.
      if (!(error instanceof RequestError)) throw error
      setPassword('')
    } finally {
      setBusy(false)
    }
  }

  if (letter.isError) return <ErrorBlock status="disconnected" title={messages.pdfLoadFailed} description="" />
  return (
    <>
      <p className="seal-auth-intro">{grantor ? `第3步：请阅读授权书，手写签名并输入印章密码，授权书将加盖印章。` : '请阅读授权书并手写签名，签署后授权生效。'}</p>
      <div className="seal-auth-letter">{letter.data ? <StoredPdf fileId={letter.data.authFileId} path={grantor ? undefined : letterPath(letter.data.authFileId)} /> : <p className="seal-auth-intro">{messages.pdfLoading}</p>}</div>
      <section className="seal-auth-card" aria-label="手写签名">
        <h2>手写签名</h2>
        {me && <SignatureField me={me} value={signature} onChange={setSignature} disabled={busy} />}
      </section>
      {grantor && (
        <section className="seal-auth-card" aria-label="印章密码">
          <h2>印章密码</h2>
          <Input type="password" value={password} onChange={setPassword} placeholder="请输入印章密码" maxLength={SEAL_PASSWORD_MAX_LENGTH} aria-label="印章密码" autoComplete="off" />
        </section>
      )}
      <div className="seal-auth-footer">
        <Button block color="primary" size="large" disabled={!ready || !letter.data} loading={busy} onClick={() => void submit()}>
          确认签署
        </Button>
      </div>
    </>
  )
}
