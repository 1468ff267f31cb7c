import { useState } from 'react'
import { Button } from 'antd-mobile'
import { RequestError } from '../../lib/request/request.ts'
import { showToast } from '../../lib/toast/show-toast.ts'
import { sendSmsCode } from './api/send-sms-code.ts'
import { useCountdown } from '../../lib/countdown/use-countdown.ts'

/** 获取验证码 with the 60-second countdown; `checkPhone` checks the form's phone field and gives it when valid. */
export function SmsCodeButton({ checkPhone }: { checkPhone: () => Promise<string | undefined> }) {
  const { secondsLeft, start } = useCountdown()
  const [sending, setSending] = useState(false)

  const send = async () => {
    const phone = await checkPhone()
    if (!phone) return
    setSending(true)
    try {
      const { resendAfterSeconds } = await sendSmsCode({ phone: phone.trim(), purpose: 'login' })
      showToast({ content: '验证码已发送' })
      start(resendAfterSeconds)
    } catch (error) {
      // The request module has shown the server's message (e.g. too soon, daily limit).
      if (!(error instanceof RequestError)) throw error
    } finally {
      setSending(false)
    }
  }

  return (
    <Button
      size="small"
      color="primary"
      fill="none"
      disabled={secondsLeft > 0}
      loading={sending}
      onClick={() => void send()}
    >
      {secondsLeft > 0 ? `${secondsLeft}秒后重新获取` : '获取验证码'}
    </Button>
  )
}
