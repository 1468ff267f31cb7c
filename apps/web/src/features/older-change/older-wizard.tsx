import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Dialog, DotLoading, ErrorBlock, NavBar, Steps } from 'antd-mobile'
import type { UnitApplicationForm } from '@seal/shared/api/unit-apply'
import type { LoginInfo } from '@seal/shared/api/auth'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { applicantKind, businessType } from '@seal/shared/codes/business-type'
import { messages, messageTemplates } from '@seal/shared/messages'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { findDraft } from '../unit-apply/api/find-draft.ts'
import { getApplicationDetail } from '../unit-apply/api/get-application-detail.ts'
import { failureText, noFlags, WizardProvider, type WizardFlags } from '../unit-apply/wizard-context.tsx'
import { clearMirror, formOfDetail, freshForm, readMirror, type WizardKey } from '../unit-apply/wizard-form.ts'
import { olderChangeRoutes } from './routes.ts'
import '../unit-apply/unit-apply.css'
import './older-change.css'

/** The older pages serve two business types; each is the new wizard's application of that type. */
export type OlderKind = typeof businessType.CHANGE | typeof businessType.RENEWAL

/** The change's step indicator (001 §2). */
export const changeStepTitles = ['确认企业信息', '验证身份', '设置印章密码', '授权关系管理'] as const
/** The renewal's (ours: the spec shows step 2 选择印章 and the success page 电子印章已续期). */
export const renewalStepTitles = ['验证身份', '选择印章', '续期完成'] as const

/** Where a reload or a step without its application sends the person back to. */
const firstStep = (kind: OlderKind, sealId: string) => (kind === businessType.CHANGE ? olderChangeRoutes.changeStep1({ sealId }) : olderChangeRoutes.renewalStep1({ sealId }))

type LoadState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'elsewhere'; to: string }
  | { status: 'ready'; key: WizardKey; form: UnitApplicationForm; flags: WizardFlags }

/**
 * The frame of an older step: title, the step indicator, and the new wizard's form context around the page
 * (its sections, 暂存 and save are the new wizard's). The application comes from `id` (the draft these
 * pages save, the new wizard's own: 001 §3 "Application draft (older wizard, kept between steps)"), with
 * what was typed since its last save kept for a reload; without one, a first step starts a form for the
 * seal of `sealId` for the logged-in legal representative, offering to continue a draft of it
 * (检测到您有暂存的数据，是否继续申请?), and any later step goes back to the first.
 */
export function OlderWizard({ kind, current, title, startsHere = false, children }: { kind: OlderKind; current: number; title: string; startsHere?: boolean; children: ReactNode }) {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const sealId = params.get('sealId') ?? ''
  const id = params.get('id')
  const me = useLoginInfo()
  const [state, setState] = useState<LoadState>({ status: 'loading' })
  const started = useRef<string | null>(null)

  const load = useCallback(
    async (who: LoginInfo) => {
      setState({ status: 'loading' })
      const key: WizardKey = { businessType: kind, applyType: applicantKind.LEGAL_APPLY, sealId }
      if (!id) {
        if (!startsHere) {
          setState({ status: 'elsewhere', to: firstStep(kind, sealId) })
          return
        }
        const unsaved = readMirror(key, null)
        let draft: Awaited<ReturnType<typeof findDraft>> = null
        try {
          draft = await findDraft({ businessType: kind, applyType: applicantKind.LEGAL_APPLY, sealId: sealId || undefined })
        } catch (error) {
          setState({ status: 'error', message: messageTemplates.draftLoadFailed(failureText(error, messages.serverError)) })
          return
        }
        if (draft && (await Dialog.confirm({ content: messages.draftFound, confirmText: '是', cancelText: '否' }))) {
          setParams((current) => new URLSearchParams({ ...Object.fromEntries(current), id: draft.id }), { replace: true })
          return
        }
        if (draft) clearMirror()
        setState({ status: 'ready', key, form: (!draft && unsaved?.form) || freshForm(key, who), flags: noFlags })
        return
      }
      try {
        const detail = await getApplicationDetail(id)
        if (detail.applyStatus !== applyStatus.TEMPORARY_SAVE || !detail.mine) {
          setState({ status: 'elsewhere', to: olderChangeRoutes.result(detail.id) })
          return
        }
        const stored: WizardKey = { businessType: kind, applyType: applicantKind.LEGAL_APPLY, sealId: detail.sealId }
        if (detail.businessType !== kind || detail.applyType !== applicantKind.LEGAL_APPLY) {
          setState({ status: 'error', message: messageTemplates.draftLoadFailed('该申请不是本业务的申请') })
          return
        }
        const kept = readMirror(stored, detail.id)
        setState({
          status: 'ready',
          key: stored,
          form: kept?.dirty ? { ...kept.form, id: detail.id } : { ...formOfDetail(detail), id: detail.id },
          flags: {
            legalPasswordSet: detail.legalPasswordSet,
            sealManagerPasswordSet: detail.sealManagerPasswordSet,
            companyVerifyPass: detail.companyVerifyPass,
            faceSerialNo: detail.faceSerialNo,
            changeType: detail.changeType ?? null,
          },
        })
      } catch (error) {
        setState({ status: 'error', message: messageTemplates.draftLoadFailed(failureText(error, messages.serverError)) })
      }
    },
    [id, kind, sealId, setParams, startsHere],
  )

  // Loaded once per page; the id a save of this page adds to the address is this form's own, not another to load.
  const ready = state.status === 'ready'
  useEffect(() => {
    const ask = `${kind}|${sealId}|${id ?? ''}`
    if (!me.data || started.current === ask || ready) return
    started.current = ask
    void load(me.data)
  }, [id, kind, load, me.data, ready, sealId])

  if (state.status === 'elsewhere') return <Navigate to={state.to} replace />
  const titles = kind === businessType.CHANGE ? changeStepTitles : renewalStepTitles
  const frame = (body: ReactNode) => (
    <div className="unit-apply-page older-page">
      <NavBar onBack={() => navigate(-1)}>{title}</NavBar>
      <div className="unit-apply-steps" aria-label="办理进度">
        <Steps current={current}>
          {titles.map((step) => (
            <Steps.Step key={step} title={step} />
          ))}
        </Steps>
      </div>
      {body}
    </div>
  )

  if (state.status === 'ready' && me.data) {
    return frame(
      <WizardProvider wizardKey={state.key} me={me.data} initialForm={state.form} initialFlags={state.flags}>
        {children}
      </WizardProvider>,
    )
  }
  const failed = state.status === 'error' ? state.message : me.isError ? messageTemplates.draftLoadFailed(failureText(me.error, messages.serverError)) : null
  return frame(
    failed ? (
      <ErrorBlock status="disconnected" title={failed} description="">
        <Button color="primary" onClick={() => (me.isError ? void me.refetch() : me.data && void load(me.data))}>
          重试
        </Button>
      </ErrorBlock>
    ) : (
      <div className="older-loading" role="status">
        <DotLoading color="primary" />
        <span>加载中</span>
      </div>
    ),
  )
}
