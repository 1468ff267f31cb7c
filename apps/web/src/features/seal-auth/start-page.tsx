import { useState } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { Button, NavBar, Steps, Toast } from 'antd-mobile'
import { authStatus } from '@seal/shared/codes/authorization'
import { messages } from '@seal/shared/messages'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { alertDialog } from '../../lib/dialog/confirm-dialog.ts'
import { authorisationDetail, authorisationsOnTab, availableSeals, sealStatus, useWaitingAuthorisation } from './api.ts'
import { sealAuthRuleProblem, startButton, startSteps, type AuthStartType } from './flow.ts'
import { WaitingAuthorisation } from './waiting-authorisation.tsx'
import './seal-auth.css'

/**
 * `/authorization-start/{type}` 印章授权 (000 §2): the steps and a notice. A company checks the configured
 * seal-auth rules against its seals and goes on to choose a seal (/seal-list, with `sealCode` when it came
 * for one); a seal user accepting an authorisation (`authId`, as the SMS link carries it; its seal is read
 * from the authorisation) finds the seal still in effect — or hears 印章已注销，接受授权失败 and goes back —
 * and goes on to /seal-auth. The authorisation the link names is shown first, with a way to decline it.
 */
export function AuthorizationStartPage() {
  const type: AuthStartType = useParams().type === 'personal' ? 'personal' : 'company'
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const config = useIdentityConfig()
  const [busy, setBusy] = useState(false)
  // The authorisation the link names, shown before it is accepted.
  const waiting = useWaitingAuthorisation(type === 'personal' ? (params.get('authId') ?? '') : '')

  const proceedCompany = async () => {
    const seals = await availableSeals()
    if (seals.length === 0) {
      await alertDialog({ title: messages.cannotAuthorize, content: messages.noAuthorizableSeal })
      return
    }
    const problem = sealAuthRuleProblem(config.data?.sealAuthRules ?? [], seals.map((seal) => seal.sealTypeCode))
    if (problem) {
      Toast.show({ content: problem, duration: 3000 })
      return
    }
    const sealCode = params.get('sealCode')
    navigate(`/seal-list${sealCode ? `?sealCode=${encodeURIComponent(sealCode)}` : ''}`)
  }

  const proceedPersonal = async () => {
    let authId = params.get('authId') ?? ''
    let sealId: string
    if (authId) {
      // From the SMS link, the invitation or the list: that authorisation, wherever it is in the list.
      const item = await authorisationDetail(authId)
      if (!item?.mine || item.authStatus !== authStatus.AUTHORIZING) {
        Toast.show({ content: item ? '该授权已处理' : '该授权已处理或不存在', duration: 3000 })
        return
      }
      sealId = item.sealId
    } else {
      // From the home card: an authorisation waiting for the caller (the oldest of the newest page).
      const waiting = (await authorisationsOnTab(1)).list.filter((item) => item.mine)
      const first = waiting.at(-1)
      if (!first) {
        Toast.show({ content: '暂无待接受的授权', duration: 3000 })
        return
      }
      sealId = first.sealId
      authId = first.authId
    }
    const { status } = await sealStatus(sealId)
    if (status !== 1) {
      await alertDialog({ content: messages.sealCancelledAcceptFailed })
      navigate(-1)
      return
    }
    navigate(`/seal-auth?${new URLSearchParams({ authId, sealId })}`)
  }

  const proceed = async () => {
    setBusy(true)
    try {
      await (type === 'company' ? proceedCompany() : proceedPersonal())
    } catch {
      // The request module said why.
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="seal-auth-page">
      <NavBar onBack={() => navigate(-1)}>印章授权</NavBar>
      <section className="seal-auth-card">
        <h2>{type === 'company' ? '授权他人使用印章' : '接受印章授权'}</h2>
        <Steps direction="vertical" current={-1}>
          {startSteps[type].map((title, i) => (
            <Steps.Step key={title} title={`第${i + 1}步：${title}`} />
          ))}
        </Steps>
      </section>
      {waiting.data && <WaitingAuthorisation item={waiting.data} />}
      <section className="seal-auth-notice" aria-label="注意事项">
        <h3>注意事项</h3>
        {type === 'company' ? (
          <p>授权书将加盖所选印章并由您手写签名，用章人接受授权后方可在授权期限内使用印章。授权可随时在“授权人员”中解除。</p>
        ) : (
          <p>接受授权前请核对印章与授权期限。您需验证手机号、设置用章密码或采集手写签名，并在授权书上签名。</p>
        )}
      </section>
      <div className="seal-auth-footer">
        <Button block color="primary" size="large" loading={busy} onClick={() => void proceed()}>
          {startButton[type]}
        </Button>
      </div>
    </div>
  )
}
