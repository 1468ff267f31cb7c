import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, DotLoading, Switch, Toast } from 'antd-mobile'
import type { GetUpdateAuthFileAnswer } from '@seal/shared/api/older-change'
import { authUseTypeLabels } from '@seal/shared/codes/authorization'
import { applyTypeNumber, businessType } from '@seal/shared/codes/business-type'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { beijingDottedDate } from '@seal/shared/text/beijing-time'
import { RequestError } from '../../../lib/request/request.ts'
import { useApplication } from '../../apply-sign/api/get-application.ts'
import { useWizard } from '../../unit-apply/wizard-context.tsx'
import { getUpdateAuthFile } from '../api/get-update-auth-file.ts'
import { useAuthorisationsOfSeals } from '../api/query-auth-by-seal.ts'
import { updateOrApply } from '../api/update-or-apply.ts'
import { OlderWizard } from '../older-wizard.tsx'
import { olderChangeRoutes } from '../routes.ts'
import { submitFailureText } from '../submit-failure.ts'
import { SignSheet } from '../sign-sheet.tsx'

/** `/seal-change/step-4` 授权关系管理 (001 §2, the change's last step). */
export function ChangeStep4Page() {
  return (
    <OlderWizard kind={businessType.CHANGE} current={3} title="印章变更">
      <AuthorisationStep />
    </OlderWizard>
  )
}

/**
 * The people authorised on the seals the change names (POST /paas-composite-seal/seal/authorize/queryBySealId,
 * one call per seal), kept by default (001 §6 "Reserve authorisation: allowed and kept (true) for change");
 * switched off, the approval ends them all. 签署并提交: the authorisation file (POST /apply/getUpdateAuthFile,
 * which records the choice on the application), the legal representative's signature, then the change goes
 * to review (POST /apply/multiple/updateOrApply) and its result is shown.
 */
function AuthorisationStep() {
  const wizard = useWizard()
  const navigate = useNavigate()
  const { form, update } = wizard
  const sealIds = form.sealInfo.map((seal) => seal.sealId).filter(Boolean)
  const auths = useAuthorisationsOfSeals(sealIds)
  const detail = useApplication(form.id ?? '')
  const [busy, setBusy] = useState(false)
  const [sheet, setSheet] = useState<GetUpdateAuthFileAnswer | null>(null)
  const keep = form.reservedAuth !== false
  const authIds = keep ? (auths.all ?? []).map((auth) => auth.id) : []
  const ranId = detail.data?.serialNo ?? ''

  const open = async () => {
    if (!auths.all || !ranId) return
    setBusy(true)
    try {
      const answer = await getUpdateAuthFile({
        authIds,
        businessName: form.unitName,
        identityType: '111',
        personIdentity: form.legalPersonIdentityNo,
        personName: form.legalPersonName,
        socialCreditCode: form.socialCreditCode,
        ranId,
      })
      setSheet(answer)
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(false)
    }
  }

  const submit = async (signedFiles: { key: string; fileId: string }[]): Promise<boolean> => {
    const authFile = signedFiles.find((file) => file.key === sheet!.files[0]!.key) ?? signedFiles[0]
    try {
      const done = await updateOrApply({
        authFileId: authFile?.fileId ?? '',
        authIds,
        ranId,
        serialNo: ranId,
        tel: form.legalTel,
        personFront: form.legalPersonIdFrontFileId,
        personBack: form.legalPersonIdBackFileId,
        license: form.businessLicense,
        unitTypeCode: form.unitTypeCode,
        cloudApplyParams: form.sealInfo.map((seal) => ({
          personName: form.legalPersonName,
          personIdentity: form.legalPersonIdentityNo,
          identityType: '111',
          unitName: form.unitName,
          socialCreditCode: form.socialCreditCode,
          unitAdminNum: form.addr[2],
          unitTypeCode: form.unitTypeCode,
          sealId: seal.sealId,
          sealTypeCode: seal.sealTypeCode,
          sealName: seal.sealName,
          sealCode: seal.sealCode,
          manualReview: seal.manualReview,
          applyType: applyTypeNumber.CHANGE,
        })),
      })
      Toast.clear()
      navigate(olderChangeRoutes.result(done.applyId), { replace: true })
      return true
    } catch (error) {
      const text = submitFailureText(error)
      if (text) Toast.show({ content: text, duration: 3000 })
      return false
    }
  }

  return (
    <div className="unit-step">
      <section className="unit-section" aria-label="授权关系">
        <h2>授权关系</h2>
        <div className="unit-auth-keep">
          <span>保留原授权关系</span>
          <Switch checked={keep} onChange={(reservedAuth) => update({ reservedAuth })} aria-label="保留原授权关系" />
        </div>
        <p className="unit-section-note">{keep ? '变更通过后，以下人员继续按原期限使用印章（不超过新证书有效期）。' : '变更通过后，以下人员的授权将全部解除。'}</p>
        {auths.isPending ? (
          <div className="older-loading" role="status">
            <DotLoading color="primary" />
            <span>正在查询授权关系</span>
          </div>
        ) : auths.isError ? (
          <p className="unit-section-note">
            {messages.requestFailed}
            <Button size="mini" fill="none" color="primary" onClick={() => void auths.refetch()}>
              重试
            </Button>
          </p>
        ) : auths.all && auths.all.length > 0 ? (
          auths.all.map((auth) => (
            <div key={auth.id} className="unit-seal-card" aria-label={`授权人员${auth.name}`}>
              <div className="unit-seal-card-head">
                <strong>{auth.name}</strong>
                <span>
                  {sealTypeLabel(auth.sealType)} · {authUseTypeLabels[Number(auth.authUseType) as 1 | 2] ?? '授权使用'}
                </span>
              </div>
              <p className="unit-section-note">
                授权期限：{auth.authStartTime ? beijingDottedDate(auth.authStartTime) : '—'} 至 {auth.authEndTime ? beijingDottedDate(auth.authEndTime) : '—'}
              </p>
            </div>
          ))
        ) : (
          <p className="unit-section-note">所选印章暂无授权人员。</p>
        )}
      </section>
      <div className="unit-footer">
        <Button block onClick={() => navigate(olderChangeRoutes.changeStep3(wizard.flags.changeType ?? '3', { sealId: form.sealId, id: form.id }))}>
          上一步
        </Button>
        <Button block color="primary" loading={busy} disabled={!auths.all || !ranId} onClick={() => void open()}>
          签署并提交
        </Button>
      </div>
      {sheet && form.id && (
        <SignSheet
          visible
          applyId={form.id}
          legalName={form.legalPersonName}
          legalTel={form.legalTel}
          signing={sheet.files}
          onClose={() => setSheet(null)}
          onSigned={submit}
        />
      )}
    </div>
  )
}
