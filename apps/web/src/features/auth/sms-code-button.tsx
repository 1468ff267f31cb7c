import { useState } from 'react'
import { Button, Toast } from 'antd-mobile'
import type { FormInstance } from 'antd-mobile/es/components/form'
import { RequestError } from '../../lib/request/request.ts'
import { sendSmsCode } from './api/send-sms-code.ts'
import { useCountdown } from './use-countdown.ts'

/** 获取验证码 with the 60-second countdown; checks the phone field of its form first. */
export function SmsCodeButton({ form }: { form: FormInstance }) {
  const { secondsLeft, start } = useCountdown()
  const [sending, setSending] = useState(false)

  const send = async () => {
    try {
      await form.validateFields(['phone'])
    } catch {
      return
    }
    setSending(true)
    try {
      const phone = String(form.getFieldValue('phone')).trim()
      const { resendAfterSeconds } = await sendSmsCode({ phone, purpose: 'login' })
      Toast.show({ content: '验证码已发送' })
      start(resendAfterSeconds)
    } catch (error) {
      // The request module has shown the server's message (e.g. too soon, daily limit).
      if (!(error instanceof RequestError)) throw error
    } finally {
      setSending(false)
    }
  }

  return (
    <Button size="small" color="primary" fill="none" disabled={secondsLeft > 0} loading={sending} onClick={() => void send()}>
      {secondsLeft > 0 ? `${secondsLeft}秒后重新获取` : '获取验证码'}
    </Button>
  )
}
