import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Checkbox, DotLoading, Toast } from 'antd-mobile'
import type { SealItem } from '@seal/shared/api/seals'
import { applyTypeNumber, businessType } from '@seal/shared/codes/business-type'
import { messages } from '@seal/shared/messages'
import { beijingDate, beijingDottedDate } from '@seal/shared/text/beijing-time'
import { RequestError } from '../../../lib/request/request.ts'
import { useApplication } from '../../apply-sign/api/get-application.ts'
import { useRenewableSeals } from '../../unit-apply/api/seal-detail.ts'
import { sealItemOf } from '../../unit-apply/seal-items.ts'
import { failureText, useWizard } from '../../unit-apply/wizard-context.tsx'
import { multipleSealOperate } from '../api/multiple-seal-operate.ts'
import { queryAuthBySealId } from '../api/query-auth-by-seal.ts'
import { offlineAgreement, renewalDocuments } from '../api/renewal-documents.ts'
import { OlderWizard } from '../older-wizard.tsx'
import { olderChangeRoutes } from '../routes.ts'
import { SignSheet, type SheetFile } from '../sign-sheet.tsx'
import { renewalFailureText } from '../submit-failure.ts'

/** `/seal-renewal/step-2` 选择印章 (001 §2). */
export function RenewalStep2Page() {
  return (
    <OlderWizard kind={businessType.RENEWAL} current={1} title="选择印章">
      <ChooseSealsStep />
    </OlderWizard>
  )
}

/**
 * The seal being renewed, checked and locked, and 可续期印章: the unit's other seals the renewal rule allows
 * (POST /seal/canRenewal; an administrative or public institution has none), with 建议同时续期即将到期的印章.
 * 下一步 saves the choice (the new wizard's save checks it again), fetches the service agreement and the
 * renewal documents, then the legal representative signs; the renewal goes to review (multipleSealOperate,
 * applyType 4, each seal's authorisations kept) and step 3 follows it.
 */
function ChooseSealsStep() {
  const wizard = useWizard()
  const navigate = useNavigate()
  const { form, update } = wizard
  const renewable = useRenewableSeals(form.socialCreditCode, true)
  const detail = useApplication(form.id ?? '')
  const [busy, setBusy] = useState(false)
  const [reading, setReading] = useState<SheetFile[] | null>(null)
  const chosen = new Set(form.sealInfo.map((seal) => seal.sealId))
  const opened = (renewable.data ?? []).find((seal) => seal.id === form.sealId)
  const others = (renewable.data ?? []).filter((seal) => seal.id !== form.sealId)
  const ranId = detail.data?.serialNo ?? ''

  const toggle = (seal: SealItem, on: boolean) =>
    update((current) => ({
      sealInfo: on
        ? [...current.sealInfo, sealItemOf({ sealTypeCode: seal.sealTypeCode, sealId: seal.id, sealName: seal.sealName })]
        : current.sealInfo.filter((item) => item.sealId !== seal.id),
    }))

  const next = async () => {
    const current = wizard.current()
    setBusy(true)
    try {
      try {
        await wizard.saveAndMove('3-1')
      } catch (error) {
        Toast.show({ content: failureText(error, messages.serverError), duration: 3000 })
        return
      }
      const [agreement, renewal] = await Promise.all([
        offlineAgreement(),
        renewalDocuments({
          unitName: current.unitName,
          socialCreditCode: current.socialCreditCode,
          personName: current.legalPersonName,
          personIdentity: current.legalPersonIdentityNo,
          sealOperator: current.legalPersonName,
          sealOperatorIdentity: current.legalPersonIdentityNo,
          sealOperatorTel: current.legalTel,
        }),
      ])
      setReading([
        { key: 'serviceAgreement', title: '电子印章服务协议', fileId: agreement.fileId },
        { key: 'renewalDocuments', title: '续期申请表', fileId: renewal.fileId },
      ])
    } catch (error) {
      // The documents' calls have said why.
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(false)
    }
  }

  const submit = async (): Promise<boolean> => {
    try {
      const auths = await Promise.all(form.sealInfo.map((seal) => queryAuthBySealId(seal.sealId)))
      const makeDate = beijingDate(Date.now()).replaceAll('-', '')
      const done = await multipleSealOperate({
        ranId,
        serialNo: ranId,
        tel: form.legalTel,
        personFront: form.legalPersonIdFrontFileId,
        personBack: form.legalPersonIdBackFileId,
        license: form.businessLicense,
        sealPlatType: 0,
        cloudApplyParams: form.sealInfo.map((seal, index) => ({
          personIdentity: form.legalPersonIdentityNo,
          personName: form.legalPersonName,
          identityType: '111',
          unitTypeCode: form.unitTypeCode,
          unitName: form.unitName,
          unitAdminNum: form.addr[2],
          socialCreditCode: form.socialCreditCode,
          sealCode: seal.sealCode,
          sealTypeCode: seal.sealTypeCode,
          sealName: seal.sealName,
          sealId: seal.sealId,
          applyType: applyTypeNumber.RENEWAL,
          makeDate,
          authIds: form.reservedAuth === false ? [] : auths[index]!.map((auth) => auth.id),
          manualReview: false,
        })),
      })
      Toast.clear()
      navigate(olderChangeRoutes.renewalStep3(done.applyId), { replace: true })
      return true
    } catch (error) {
      const text = renewalFailureText(error)
      if (text) Toast.show({ content: text, duration: 3000 })
      return false
    }
  }

  return (
    <div className="unit-step">
      <section className="unit-section" aria-label="续期印章">
        <h2>续期印章</h2>
        {form.sealInfo
          .filter((seal) => seal.sealId === form.sealId)
          .map((seal) => (
            <Checkbox key={seal._id} checked disabled block className="older-seal-choice">
              {seal.sealName || seal.sealTypeName}
              {opened && (
                <span className="older-seal-end">
                  有效期至 {beijingDottedDate(opened.certEndTime)}
                  {opened.blnWillExpires && <em className="older-expiring">即将到期</em>}
                </span>
              )}
            </Checkbox>
          ))}
      </section>
      <section className="unit-section" aria-label="可续期印章">
        <h2>可续期印章</h2>
        <p className="unit-section-note older-advice">{messages.renewalAdvice}</p>
        {renewable.isPending ? (
          <div className="older-loading" role="status">
            <DotLoading color="primary" />
            <span>正在查询可续期印章</span>
          </div>
        ) : others.length === 0 ? (
          <p className="unit-section-note">暂无其他可续期的印章</p>
        ) : (
          others.map((seal) => (
            <Checkbox key={seal.id} block className="older-seal-choice" checked={chosen.has(seal.id)} onChange={(on) => toggle(seal, on)}>
              {seal.sealName}
              <span className="older-seal-end">
                有效期至 {beijingDottedDate(seal.certEndTime)}
                {seal.blnWillExpires && <em className="older-expiring">即将到期</em>}
              </span>
            </Checkbox>
          ))
        )}
        <p className="unit-section-note">续期后，印章的原授权关系保持不变（不超过新证书有效期）。</p>
      </section>
      <div className="unit-footer">
        <Button block onClick={() => navigate(olderChangeRoutes.renewalStep1({ sealId: form.sealId, id: form.id }))}>
          上一步
        </Button>
        <Button block color="primary" loading={busy} disabled={!ranId} onClick={() => void next()}>
          下一步
        </Button>
      </div>
      {reading && form.id && (
        <SignSheet visible applyId={form.id} legalName={form.legalPersonName} legalTel={form.legalTel} reading={reading} onClose={() => setReading(null)} onSigned={submit} />
      )}
    </div>
  )
}
