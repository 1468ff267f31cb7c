import { useCallback, useEffect, useRef, useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { Button, Dialog, DotLoading, ErrorBlock, NavBar, Result } from 'antd-mobile'
import type { UnitApplicationForm } from '@seal/shared/api/unit-apply'
import { applyStatus } from '@seal/shared/codes/apply-status'
import type { ApplicantKind, BusinessType } from '@seal/shared/codes/business-type'
import { readWizardQuery } from '@seal/shared/codes/new-wizard-steps'
import { messages, messageTemplates } from '@seal/shared/messages'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { findDraft } from './api/find-draft.ts'
import { getApplicationDetail } from './api/get-application-detail.ts'
import { WizardBody } from './wizard-body.tsx'
import { failureText, noFlags, WizardProvider, type WizardFlags } from './wizard-context.tsx'
import { clearMirror, formOfDetail, freshForm, readMirror, type WizardKey } from './wizard-form.ts'
import { unitApplyRoutes } from './wizard-routes.ts'
import './unit-apply.css'

const TITLE = '电子印章申请'

/**
 * `/new/seal/home` and `/new/seal/find-seal` (spec 001 §2 "New wizard", §4 "New wizard flow"): query
 * businessType, applicatKind, id (a draft to continue), sealId (the seal a change, renewal or
 * cancellation is about).
 */
export function UnitApplyPage() {
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const params = new URLSearchParams(search)
  const query = readWizardQuery(params)

  if (!query) {
    return (
      <div className="unit-apply-page">
        <NavBar onBack={() => navigate(-1)}>{TITLE}</NavBar>
        <Result status="error" title="参数错误" description="未识别的业务类型或申请人身份，请返回重新选择" />
      </div>
    )
  }
  const key: WizardKey = { businessType: query.businessType, applyType: query.applicantKind, sealId: params.get('sealId') ?? '' }
  // Another business type (找回印章 from a new application) is another wizard: start it afresh.
  return <WizardLoader key={`${pathname}|${key.businessType}|${key.applyType}|${key.sealId}`} wizardKey={key} initialId={params.get('id')} />
}

type LoadState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'result'; id: string }
  | { status: 'ready'; key: WizardKey; form: UnitApplicationForm; flags: WizardFlags }

function WizardLoader({ wizardKey, initialId }: { wizardKey: WizardKey; initialId: string | null }) {
  const navigate = useNavigate()
  const me = useLoginInfo()
  const [state, setState] = useState<LoadState>({ status: 'loading' })
  const started = useRef(false)

  const load = useCallback(async () => {
    setState({ status: 'loading' })
    let id = initialId
    if (!id) {
      let draft: Awaited<ReturnType<typeof findDraft>>
      try {
        draft = await findDraft({ businessType: wizardKey.businessType, applyType: wizardKey.applyType, sealId: wizardKey.sealId || undefined })
      } catch (error) {
        setState({ status: 'error', message: messageTemplates.draftLoadFailed(failureText(error, messages.serverError)) })
        return
      }
      const unsaved = readMirror(wizardKey, null)
      if (!draft) {
        setState({ status: 'ready', key: wizardKey, form: unsaved?.form ?? freshForm(wizardKey, me.data), flags: noFlags })
        return
      }
      const resume = await Dialog.confirm({ content: messages.draftFound, confirmText: '是', cancelText: '否' })
      if (!resume) {
        clearMirror()
        setState({ status: 'ready', key: wizardKey, form: freshForm(wizardKey, me.data), flags: noFlags })
        return
      }
      id = draft.id
    }

    try {
      const detail = await getApplicationDetail(id)
      // Only a draft of one's own is continued; anything submitted is shown on the result page.
      if (detail.applyStatus !== applyStatus.TEMPORARY_SAVE || !detail.mine) {
        setState({ status: 'result', id: detail.id })
        return
      }
      const key: WizardKey = {
        businessType: detail.businessType as BusinessType,
        applyType: detail.applyType as ApplicantKind,
        sealId: detail.sealId,
      }
      const kept = readMirror(key, detail.id)
      const form = kept?.dirty ? { ...kept.form, id: detail.id } : { ...formOfDetail(detail), id: detail.id }
      setState({
        status: 'ready',
        key,
        form,
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
  }, [initialId, me.data, wizardKey])

  useEffect(() => {
    if (!me.data || started.current) return
    started.current = true
    void load()
  }, [me.data, load])

  if (state.status === 'result') return <Navigate to={unitApplyRoutes.result(state.id)} replace />
  if (state.status === 'ready' && me.data) {
    return (
      <WizardProvider wizardKey={state.key} me={me.data} initialForm={state.form} initialFlags={state.flags}>
        <WizardBody />
      </WizardProvider>
    )
  }

  const failed = state.status === 'error' ? state.message : me.isError ? messageTemplates.draftLoadFailed(failureText(me.error, messages.serverError)) : null
  return (
    <div className="unit-apply-page">
      <NavBar onBack={() => navigate(-1)}>{TITLE}</NavBar>
      {failed ? (
        <ErrorBlock status="disconnected" title={failed} description="">
          <Button color="primary" onClick={() => (me.isError ? void me.refetch() : void load())}>
            重试
          </Button>
        </ErrorBlock>
      ) : (
        <div className="unit-apply-loading" role="status">
          <DotLoading color="primary" />
          <span>加载中</span>
        </div>
      )}
    </div>
  )
}
