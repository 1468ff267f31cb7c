import { useNavigate } from 'react-router-dom'
import type { PersonalApplyDraft } from '@seal/shared/api/personal-seal'
import type { AppConfig } from '@seal/shared/api/config'
import type { LoginInfo } from '@seal/shared/api/auth'
import { configDefaults } from '@seal/shared/api/config'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { usePersonalDraft } from './api/get-draft.ts'
import { nextRoute, redirectFor, type PersonalStepKey } from './flow-steps.ts'

/** Everything a step screen needs once the login, configuration and draft are known. */
export type ReadyFlow = {
  me: LoginInfo
  config: AppConfig
  draft: PersonalApplyDraft | null
  /** Face verification is part of the flow (six steps) or not (five). */
  faceAuth: boolean
  goNext: () => void
}

export type FlowState =
  | { status: 'loading' }
  | { status: 'enterprise' }
  | { status: 'error'; retry: () => void }
  | { status: 'redirect'; to: string }
  | { status: 'ready'; flow: ReadyFlow }

/**
 * The state every step screen starts from: who is logged in, the configuration and the open draft. A
 * step the person has not reached yet (a reload, a typed address) becomes a redirect to the furthest
 * step reached, so a reload continues where they stopped.
 */
export function usePersonalFlow(step: PersonalStepKey): FlowState {
  const navigate = useNavigate()
  const me = useLoginInfo()
  const config = useIdentityConfig()
  const personal = me.data?.kind === 'personal'
  const draft = usePersonalDraft({ enabled: personal })

  if (me.data?.kind === 'enterprise') return { status: 'enterprise' }
  if (me.isError || config.isError || draft.isError) {
    return {
      status: 'error',
      retry: () => {
        if (me.isError) void me.refetch()
        if (config.isError) void config.refetch()
        if (draft.isError) void draft.refetch()
      },
    }
  }
  if (!me.data || !config.data || draft.data === undefined) return { status: 'loading' }

  const faceAuth = config.data.personalSealFaceAuth ?? configDefaults.personalSealFaceAuth
  const to = redirectFor(step, draft.data, faceAuth)
  if (to) return { status: 'redirect', to }
  return {
    status: 'ready',
    flow: { me: me.data, config: config.data, draft: draft.data, faceAuth, goNext: () => navigate(nextRoute(step, faceAuth)) },
  }
}
