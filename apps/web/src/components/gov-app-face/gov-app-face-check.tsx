import { useEffect, useRef, useState } from 'react'
import { Button, DotLoading, Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { FaceCapture } from '../face-capture/face-capture.tsx'
import { GovFaceCancelled, type GovernmentApp } from '../../lib/gov-app/government-app.ts'
import {
  captureInSandbox,
  fetchJsapiToken,
  GovFaceResultTimeout,
  openFaceTicket,
  waitForFaceResult,
} from '../../lib/gov-app/ykb.ts'
import { RequestError } from '../../lib/request/request.ts'
import './gov-app-face-check.css'

type Phase =
  { name: 'ready' } | { name: 'opening' } | { name: 'capture'; ticket: string } | { name: 'waiting' }

/**
 * The face check inside the government service app (spec 000 §7 "Government-app face flow"), where
 * FaceCheck runs it: our JS-API token, the app's code for its user, a ticket for the person's own identity,
 * the app's face screen (in the sandbox, our camera), then the result asked each second while pending, for
 * 60 s. SUCCESS hands the face verification's serial on, as the ordinary face check does; FAILED shows its
 * msg, a cancel 人脸识别已取消, 60 s without an answer 人脸核验超时，请重试; each lets the person start again.
 */
export function GovAppFaceCheck({
  app,
  person,
  onPassed,
}: {
  app: GovernmentApp
  person: { idCardNo: string; realName: string }
  onPassed: (serialNo: string) => void | Promise<void>
}) {
  const [phase, setPhase] = useState<Phase>({ name: 'ready' })
  const [tried, setTried] = useState(false)
  const polling = useRef<AbortController>()
  useEffect(() => () => polling.current?.abort(), [])

  const again = (message?: string) => {
    if (message) Toast.show({ content: message, duration: 3000 })
    setTried(true)
    setPhase({ name: 'ready' })
  }

  const settle = (error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') return
    if (error instanceof GovFaceCancelled) return again(messages.faceCancelled)
    if (error instanceof GovFaceResultTimeout) return again(error.message)
    // A request's failure was shown by the request module.
    if (error instanceof RequestError) return again()
    again(error instanceof Error && error.message ? error.message : messages.faceCheckFailed)
  }

  const awaitResult = async (ticket: string) => {
    setPhase({ name: 'waiting' })
    polling.current = new AbortController()
    const result = await waitForFaceResult(ticket, { signal: polling.current.signal })
    if (result.status !== 'SUCCESS' || !result.serialNo) return again(result.msg || messages.faceCheckFailed)
    await onPassed(result.serialNo)
  }

  const start = async () => {
    setPhase({ name: 'opening' })
    try {
      const { jsapiToken } = await fetchJsapiToken()
      const authCode = await app.getAuthCode(jsapiToken)
      const { ticket } = await openFaceTicket({ authCode, personIdentity: person.idCardNo })
      if (app.kind === 'sandbox') return setPhase({ name: 'capture', ticket })
      await app.startFace(ticket)
      await awaitResult(ticket)
    } catch (error) {
      settle(error)
    }
  }

  const captured = async (ticket: string, image: string) => {
    setPhase({ name: 'opening' })
    try {
      await captureInSandbox(ticket, image)
      await awaitResult(ticket)
    } catch (error) {
      settle(error)
    }
  }

  if (phase.name === 'capture') {
    return (
      <div className="gov-app-face">
        <p className="gov-app-face-sandbox">沙箱环境：由本页摄像头代替政务服务应用采集人脸</p>
        <FaceCapture
          onCapture={(image) => void captured(phase.ticket, image)}
          onCancel={() => again(messages.faceCancelled)}
        />
      </div>
    )
  }

  return (
    <div className="gov-app-face">
      <p className="gov-app-face-title">政务服务应用人脸识别</p>
      <p className="gov-app-face-tip">将由政务服务应用核验{person.realName}本人的人脸，请按应用提示完成。</p>
      {phase.name === 'waiting' ? (
        <p className="gov-app-face-waiting" role="status">
          正在获取人脸核验结果
          <DotLoading />
        </p>
      ) : (
        <Button
          block
          color="primary"
          size="large"
          loading={phase.name === 'opening'}
          onClick={() => void start()}
        >
          {tried ? '重新识别' : '开始人脸识别'}
        </Button>
      )}
    </div>
  )
}
