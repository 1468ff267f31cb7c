import { useState } from 'react'
import { Button, Input } from 'antd-mobile'
import { SMS_CODE_LENGTH, SMS_COUNTDOWN_SECONDS } from '@seal/shared/rules/sms-code'
import { useCountdown } from '../../lib/countdown/use-countdown.ts'
import { RequestError } from '../../lib/request/request.ts'
import { showToast } from '../../lib/toast/show-toast.ts'
import { sendSignCode } from './api/send-sign-code.ts'

/** The SMS code that confirms the signing: 获取验证码 sends it to the legal representative's phone, then waits 60 s. */
export function SignCodeField({ applyId, value, onChange, disabled }: { applyId: string; value: string; onChange: (code: string) => void; disabled?: boolean }) {
  const { secondsLeft, start } = useCountdown()
  const [sending, setSending] = useState(false)

  const send = async () => {
    setSending(true)
    try {
      const answer = await sendSignCode({ applyId })
      showToast({ content: '验证码已发送' })
      start(answer?.resendAfterSeconds ?? SMS_COUNTDOWN_SECONDS)
    } catch (error) {
      // The request module has shown the server's message (too soon, daily limit, not the legal representative).
      if (!(error instanceof RequestError)) throw error
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="apply-sign-code">
      <Input
        aria-label="短信验证码"
        placeholder="请输入验证码"
        type="tel"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_LENGTH}
        value={value}
        disabled={disabled}
        onChange={(text) => onChange(text.replace(/\D/g, ''))}
      />
      <Button size="small" color="primary" fill="outline" disabled={disabled || secondsLeft > 0} loading={sending} onClick={() => void send()}>
        {secondsLeft > 0 ? `${secondsLeft}秒后重新获取` : '获取验证码'}
      </Button>
    </div>
  )
}
