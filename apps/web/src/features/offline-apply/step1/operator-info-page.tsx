import { useCallback, useRef, useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Toast } from 'antd-mobile'
import type { LoginInfo } from '@seal/shared/api/auth'
import { offlineBusinessType, offlineFlowAfter } from '@seal/shared/codes/offline-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { unitType } from '@seal/shared/codes/unit-type'
import { messages, messageTemplates } from '@seal/shared/messages'
import { useLoginInfo } from '../../../lib/session/use-login-info.ts'
import { useOfflineSealOptions } from '../api/offline-seal-info.ts'
import { saveOfflineApply } from '../api/save-offline-apply.ts'
import { failureText } from '../failure-text.ts'
import { clearOfflineMirror, writeOfflineMirror } from '../form-mirror.ts'
import { OfflineFailed, OfflineFrame, OfflineLoading } from '../offline-frame.tsx'
import { offlineBody, offlineStep1Problem, type OfflineForm } from '../offline-form.ts'
import { offlineBusinessTypeOf, offlinePage, offlineRoutes } from '../offline-routes.ts'
import { IdentityFields, legalKeys, operatorKeys } from './identity-fields.tsx'
import { ManagerFields } from './manager-fields.tsx'
import { SealChoice } from './seal-choice.tsx'
import { UnitFields } from './unit-fields.tsx'
import { useOfflineDraft } from './use-offline-draft.ts'

const TITLE = '经办人信息'

/**
 * `/seal-apply/operator/step-1` 经办人信息 (spec 001 §2 "Operator offline flow", §3 "Operator application
 * (offline)", §5): the operator, the unit, the legal representative, the seals and the manager. Query
 * `applyId` continues a draft; `businessType` 3 or 4 starts a change or renewal. 暂存 keeps the draft on
 * the server; 下一步 checks the form with the shared rule, saves it and goes on (001 §4 flow order).
 */
export function OperatorInfoPage() {
  const [params] = useSearchParams()
  const me = useLoginInfo()
  const applyId = params.get('applyId') ?? ''
  const businessType = offlineBusinessTypeOf(params.get('businessType'))
  const { state, retry } = useOfflineDraft({ applyId, businessType, me: me.data })
  const navigate = useNavigate()

  if (state.status === 'submitted') return <Navigate to={offlineRoutes.result(state.applyId)} replace />
  if (state.status === 'ready' && me.data)
    return (
      <OperatorInfoForm me={me.data} initialForm={state.form} managerPasswordSet={state.managerPasswordSet} />
    )

  const failed =
    state.status === 'error'
      ? state.message
      : me.isError
        ? messageTemplates.draftLoadFailed(failureText(me.error, messages.queryFailed))
        : null
  return (
    <OfflineFrame title={TITLE} onBack={() => navigate(-1)}>
      {failed ? (
        <OfflineFailed title={failed} onRetry={() => (me.isError ? void me.refetch() : void retry())} />
      ) : (
        <OfflineLoading />
      )}
    </OfflineFrame>
  )
}

function OperatorInfoForm({
  me,
  initialForm,
  managerPasswordSet,
}: {
  me: LoginInfo
  initialForm: OfflineForm
  managerPasswordSet: boolean
}) {
  const navigate = useNavigate()
  const [, setParams] = useSearchParams()
  const [form, setForm] = useState(initialForm)
  const latest = useRef(initialForm)
  const [busy, setBusy] = useState<'save' | 'next' | null>(null)
  const options = useOfflineSealOptions(form.socialCode, form.businessType)

  const update = useCallback(
    (patch: Partial<OfflineForm> | ((current: OfflineForm) => Partial<OfflineForm>)) => {
      const change = typeof patch === 'function' ? patch(latest.current) : patch
      if (Object.keys(change).length === 0) return
      latest.current = { ...latest.current, ...change }
      setForm(latest.current)
      writeOfflineMirror(latest.current, true)
    },
    [],
  )

  /** Saves the form (create, then updateByApplyId); the draft's id joins the address so a reload finds it. */
  const save = async (): Promise<string> => {
    const answer = await saveOfflineApply(offlineBody(latest.current))
    latest.current = { ...latest.current, applyId: answer.applyId }
    setForm(latest.current)
    writeOfflineMirror(latest.current, false)
    setParams({ applyId: answer.applyId }, { replace: true })
    return answer.applyId
  }

  const saveDraft = async () => {
    setBusy('save')
    try {
      await save()
      Toast.show({ icon: 'success', content: messages.draftSaved })
    } catch (error) {
      // What was typed stays on the screen and in the reload copy.
      Toast.show({ content: failureText(error, messages.submitFailed), duration: 3000 })
    } finally {
      setBusy(null)
    }
  }

  const next = async () => {
    // A saved draft keeps its choice (a reapplication names only the seals rejected before).
    const officialAvailable =
      !latest.current.applyId &&
      options.data?.some((o) => o.sealTypeCode === sealTypeCode.UNIT_OFFICIAL && o.canMake && !o.applied)
    const problem = offlineStep1Problem(latest.current, { officialAvailable, managerPasswordSet })
    if (problem) {
      Toast.show({ content: problem, duration: 3000 })
      return
    }
    setBusy('next')
    try {
      const id = await save()
      clearOfflineMirror()
      const page = offlineFlowAfter('step-1', {
        businessType: latest.current.businessType,
        unitTypeCode: latest.current.unitTypeCode,
      })
      navigate(offlinePage(page, id))
    } catch (error) {
      Toast.show({ content: failureText(error, messages.submitFailed), duration: 3000 })
    } finally {
      setBusy(null)
    }
  }

  const title =
    form.businessType === offlineBusinessType.RENEWAL
      ? '印章续期（线下材料）'
      : form.businessType === offlineBusinessType.CHANGE
        ? '印章变更（线下材料）'
        : TITLE
  return (
    <OfflineFrame title={title} progress={{ step: 'info', application: form }}>
      <div className="unit-step">
        <p className="offline-intro">
          法定代表人无法在线签署时，可由经办人填写信息、下载申请表，经法定代表人签字并加盖单位公章后提交纸质材料，平台人工审核（1-2个工作日）。
        </p>
        <IdentityFields
          who="经办人"
          title="经办人信息"
          keys={operatorKeys}
          form={form}
          update={update}
          loginIdNo={me.personCard}
        />
        <UnitFields
          value={form}
          update={update}
          codeLocked={Boolean(form.applyId) && form.businessType !== offlineBusinessType.APPLY}
        />
        {form.businessType === offlineBusinessType.RENEWAL &&
          form.unitTypeCode === unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION && (
            <p className="unit-section-note offline-warning" role="alert">
              {messages.institutionCannotRenew}
            </p>
          )}
        <IdentityFields who="法人" title="法定代表人信息" keys={legalKeys} form={form} update={update} />
        <SealChoice form={form} update={update} />
        <ManagerFields form={form} update={update} passwordSet={managerPasswordSet} />
        <div className="unit-footer">
          <Button block loading={busy === 'save'} disabled={busy !== null} onClick={() => void saveDraft()}>
            暂存
          </Button>
          <Button
            block
            color="primary"
            loading={busy === 'next'}
            disabled={busy !== null}
            onClick={() => void next()}
          >
            下一步
          </Button>
        </div>
      </div>
    </OfflineFrame>
  )
}
