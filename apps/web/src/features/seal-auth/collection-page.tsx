import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Input, NavBar, Toast } from 'antd-mobile'
import { AUTHORIZATION_SAMPLE_COUNT } from '@seal/shared/api/handwriting'
import { messages } from '@seal/shared/messages'
import { SMS_CODE_LENGTH, SMS_COUNTDOWN_SECONDS } from '@seal/shared/rules/sms-code'
import { Loaded } from '../../components/loaded.tsx'
import { saveSample } from '../../components/signature-board/save-sample.ts'
import { SignatureBoard, type SignatureResult } from '../../components/signature-board/signature-board.tsx'
import { useCountdown } from '../../lib/countdown/use-countdown.ts'
import { RequestError } from '../../lib/request/request.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { proveAcceptPhone, sendAcceptCode, useWaitingAuthorisation } from './api.ts'
import { encodeSignInfo } from './flow.ts'
import './seal-auth.css'

/**
 * `/signature-collection` 签名采集 (000 §2, §4 "Signature collection"): the seal user proves the phone the
 * authorisation was sent to (SMS code, 60 s before another), then writes five handwriting samples, then
 * signs the letter. With `collection` set (a grantor without samples, from the form) only the samples are
 * written, and the screen goes back.
 */
export function SignatureCollectionPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const collectionOnly = params.has('collection')
  const authId = params.get('authId') ?? ''
  const waiting = useWaitingAuthorisation(collectionOnly ? '' : authId)
  const [phoneProven, setPhoneProven] = useState(collectionOnly)

  return (
    <div className="seal-auth-page">
      <NavBar onBack={() => navigate(-1)}>签名采集</NavBar>
      {phoneProven ? (
        <Samples
          onDone={() => {
            if (collectionOnly) {
              navigate(-1)
              return
            }
            const item = waiting.data!
            navigate(
              `/authorization-sign/${encodeSignInfo({ id: item.authId, sealId: item.sealId, sealCode: item.sealCode, sealTypeCode: item.sealTypeCode, personIdentity: '', personName: item.name, socialCreditCode: item.socialCreditCode, personType: 0 })}`,
              { replace: true },
            )
          }}
        />
      ) : (
        <Loaded query={waiting} isEmpty={(item) => item === null} emptyTitle="该授权已处理或不存在">
          {(item) => item && <PhoneProof tel={item.phone} name={item.name} onProven={() => setPhoneProven(true)} />}
        </Loaded>
      )}
    </div>
  )
}

function PhoneProof({ tel, name, onProven }: { tel: string; name: string; onProven: () => void }) {
  const { data: me } = useLoginInfo()
  const { secondsLeft, start } = useCountdown()
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const who = { idnum: me?.personCard ?? '', name, tel }

  const send = async () => {
    if (secondsLeft > 0 || busy) return
    setBusy(true)
    try {
      const answer = await sendAcceptCode(who)
      Toast.show({ content: '验证码已发送' })
      start(answer.resendAfterSeconds ?? SMS_COUNTDOWN_SECONDS)
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(false)
    }
  }
  const verify = async () => {
    if (!code) {
      Toast.show({ content: messages.smsCodeRequired })
      return
    }
    setBusy(true)
    try {
      await proveAcceptPhone({ ...who, code })
      onProven()
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="seal-auth-card" aria-label="手机验证">
      <h2>验证手机号</h2>
      <p className="seal-auth-intro">验证码将发送至授权书登记的手机 {tel}</p>
      <div className="seal-auth-code">
        <Input aria-label="短信验证码" placeholder="请输入验证码" type="tel" inputMode="numeric" autoComplete="one-time-code" maxLength={SMS_CODE_LENGTH} value={code} onChange={(text) => setCode(text.replace(/\D/g, ''))} />
        <Button size="small" color="primary" fill="outline" disabled={secondsLeft > 0} loading={busy} onClick={() => void send()}>
          {secondsLeft > 0 ? `${secondsLeft}秒后重新获取` : '获取验证码'}
        </Button>
      </div>
      <Button block color="primary" size="large" loading={busy} onClick={() => void verify()}>
        下一步
      </Button>
    </section>
  )
}

function Samples({ onDone }: { onDone: () => void }) {
  const { data: me } = useLoginInfo()
  const [count, setCount] = useState(0)
  const confirm = async (result: SignatureResult) => {
    if (!me) return
    const sample = await saveSample(me, result)
    if (!sample) return
    const next = count + 1
    setCount(next)
    if (next >= AUTHORIZATION_SAMPLE_COUNT) {
      Toast.show({ icon: 'success', content: '签名采集完成' })
      onDone()
    }
  }
  return (
    <div className="seal-auth-board">
      <SignatureBoard placeholder={`请${me?.personName ?? ''}本人签名`} onConfirm={confirm}>
        <p className="seal-auth-counter">
          签名采集 <strong>{`${Math.min(count + 1, AUTHORIZATION_SAMPLE_COUNT)}/${AUTHORIZATION_SAMPLE_COUNT}`}</strong>
        </p>
        <p className="seal-auth-intro">请书写{AUTHORIZATION_SAMPLE_COUNT}次本人签名，字迹清晰、工整</p>
      </SignatureBoard>
    </div>
  )
}
