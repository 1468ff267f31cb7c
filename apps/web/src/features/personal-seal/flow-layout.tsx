import type { ReactNode } from 'react'
import { Navigate, useNavigate } from 'react-router-dom'
import { Button, DotLoading, ErrorBlock, NavBar } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import type { PersonalStepKey } from './flow-steps.ts'
import { PersonalSteps } from './personal-steps.tsx'
import { usePersonalFlow, type ReadyFlow } from './use-personal-flow.ts'
import './personal-seal.css'

type FlowLayoutProps = {
  step: PersonalStepKey
  title: string
  children: (flow: ReadyFlow) => ReactNode
}

/**
 * The frame of a step screen: title bar, steps header, and the step itself once the flow is ready;
 * an enterprise account is refused, a step not reached yet goes to the one to continue with.
 */
export function FlowLayout({ step, title, children }: FlowLayoutProps) {
  const navigate = useNavigate()
  const state = usePersonalFlow(step)
  if (state.status === 'redirect') return <Navigate to={state.to} replace />

  return (
    <div className="personal-seal-page">
      <NavBar onBack={() => navigate(-1)}>{title}</NavBar>
      {state.status === 'ready' && <PersonalSteps current={step} faceAuth={state.flow.faceAuth} />}
      {state.status === 'loading' && (
        <div className="page-loading">
          <DotLoading color="primary" />
          <span>加载中</span>
        </div>
      )}
      {state.status === 'enterprise' && <ErrorBlock status="default" title={messages.switchToPersonalAccount} description="" />}
      {state.status === 'error' && (
        <ErrorBlock status="disconnected" title={messages.loadingRetry} description="">
          <Button color="primary" onClick={state.retry}>
            重试
          </Button>
        </ErrorBlock>
      )}
      {state.status === 'ready' && children(state.flow)}
    </div>
  )
}
