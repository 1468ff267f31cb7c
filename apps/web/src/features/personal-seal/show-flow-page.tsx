import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Button, Dialog, NavBar, Steps, Toast } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { configDefaults } from '@seal/shared/api/config'
import { messages } from '@seal/shared/messages'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { getPersonalDraft, personalDraftKey } from './api/get-draft.ts'
import { queryPersonalSealExists } from './api/query-can-apply.ts'
import { restartPersonalApplication } from './api/restart-application.ts'
import { clearFlowStore } from './flow-store.ts'
import { continueRoute, flowStepList, personalSealRoutes } from './flow-steps.ts'
import './personal-seal.css'

/**
 * `/personal-seal-apply/show-flow` (spec 002 §1, §2): what the application takes and how it goes. Starting
 * refuses an enterprise account and a person who already has a personal name seal, and offers to continue
 * an unfinished application where the person stopped.
 */
export function PersonalSealShowFlowPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: me } = useLoginInfo()
  const { data: config } = useIdentityConfig()
  const [starting, setStarting] = useState(false)
  const faceAuth = config?.personalSealFaceAuth ?? configDefaults.personalSealFaceAuth
  const minAge = config?.minApplicantAge ?? configDefaults.minApplicantAge
  const steps = flowStepList(faceAuth)

  const start = async () => {
    if (!me) return
    if (me.kind === 'enterprise') {
      Toast.show({ content: messages.switchToPersonalAccount, duration: 3000 })
      return
    }
    setStarting(true)
    try {
      if (await queryPersonalSealExists({ idNumber: me.personCard, name: me.personName })) {
        await Dialog.alert({ content: messages.personalSealExists, confirmText: '我知道了' })
        return
      }
      const draft = await queryClient.fetchQuery({ queryKey: personalDraftKey, queryFn: getPersonalDraft })
      if (!draft) {
        navigate(personalSealRoutes.identity)
        return
      }
      const carryOn = await Dialog.confirm({ content: messages.draftFound, confirmText: '继续申请', cancelText: '重新填写' })
      if (carryOn) {
        navigate(continueRoute(draft, faceAuth))
        return
      }
      // Starting again means nothing of the old application counts: the server abandons it (face check,
      // agreements, chosen signature) and this browser forgets its samples and ID serials.
      await restartPersonalApplication()
      clearFlowStore()
      queryClient.setQueryData(personalDraftKey, null)
      navigate(personalSealRoutes.identity)
    } catch {
      // The request module has shown why; the button stays for another try.
    } finally {
      setStarting(false)
    }
  }

  return (
    <div className="personal-seal-page">
      <NavBar onBack={() => navigate(-1)}>个人电子名章申请</NavBar>
      <header className="personal-hero">
        <h1>个人电子名章</h1>
        <p>在线申请，本人实名认证后即可使用，具有与手写签名同等的法律效力</p>
      </header>
      <section className="personal-section">
        <h2>申请条件</h2>
        <ul className="personal-requirements">
          <li>本人身份证</li>
          <li>年满{minAge}周岁</li>
          {faceAuth && <li>人脸识别</li>}
        </ul>
      </section>
      <section className="personal-section">
        <h2>申请流程</h2>
        <Steps direction="vertical" current={-1}>
          {steps.map((step, index) => (
            <Steps.Step key={step.key} title={`${index + 1}. ${step.title}`} description={step.description} status="wait" />
          ))}
        </Steps>
      </section>
      <p className="personal-note">
        身份证照片仅用于识别本人信息，不会被保存。申请即表示您同意
        <Link to={personalSealRoutes.realNameAgreement}>《实名认证服务协议》</Link>。
      </p>
      <div className="personal-actions personal-actions-sticky">
        <Button block color="primary" size="large" loading={starting} disabled={!me} onClick={() => void start()}>
          开始申请
        </Button>
      </div>
    </div>
  )
}
