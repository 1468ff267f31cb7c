import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, ErrorBlock, Toast } from 'antd-mobile'
import type { LoginInfo } from '@seal/shared/api/auth'
import { offlineBusinessType, type OfflineBusinessType } from '@seal/shared/codes/offline-status'
import { messages } from '@seal/shared/messages'
import { isCreditCode } from '@seal/shared/rules/credit-code'
import { wizardUnitNameSchema } from '@seal/shared/rules/names'
import { renewalUnitProblem } from '@seal/shared/rules/renewal'
import { useLoginInfo } from '../../../lib/session/use-login-info.ts'
import { useOfflineSealOptions } from '../api/offline-seal-info.ts'
import { saveOfflineApply } from '../api/save-offline-apply.ts'
import { failureText } from '../failure-text.ts'
import { OfflineFailed, OfflineFrame, OfflineLoading } from '../offline-frame.tsx'
import { freshOfflineForm, offlineBody, sealRow } from '../offline-form.ts'
import { offlineRoutes } from '../offline-routes.ts'
import { UnitFields, type UnitValues } from '../step1/unit-fields.tsx'

const titles: Record<number, string> = {
  [offlineBusinessType.CHANGE]: '印章变更申请表',
  [offlineBusinessType.RENEWAL]: '印章续期申请表',
}

/**
 * The unit's part of a change or renewal (spec 001 §1, §5), checked with the shared rules: licence, name,
 * credit code, unit type; an administrative or public institution cannot renew.
 */
export function unitFormProblem(unit: UnitValues, type: OfflineBusinessType): string | null {
  if (!unit.licenseFileId) return messages.businessLicenseRequired
  const name = wizardUnitNameSchema.safeParse(unit.sealUseCompany)
  if (!name.success) return name.error.issues[0]!.message
  if (!isCreditCode(unit.socialCode.trim().toUpperCase())) return messages.invalidCreditCodeWizard
  if (!unit.unitTypeCode) return messages.unitTypeEmpty
  if (type === offlineBusinessType.RENEWAL) return renewalUnitProblem(unit.unitTypeCode)
  return null
}

/**
 * `/seal-apply/offline-form?applyType=3|4` 申请表 (spec 001 §2 "Offline apply form page", 3 change, 4 renewal):
 * the unit (licence read by OCR, name, credit code, unit type) and the seals it holds that the change or
 * renewal can take; 下一步 keeps a draft on the server and goes on to step-1 for the people.
 */
export function OfflineFormPage() {
  const [params] = useSearchParams()
  const me = useLoginInfo()
  const raw = Number(params.get('applyType'))
  const type = raw === offlineBusinessType.CHANGE || raw === offlineBusinessType.RENEWAL ? raw : null
  const title = type ? titles[type]! : '申请表'

  if (!type) {
    return (
      <OfflineFrame title={title}>
        <ErrorBlock status="empty" title="参数错误" description="请从印章详情选择变更或续期" />
      </OfflineFrame>
    )
  }
  if (me.isError)
    return (
      <OfflineFrame title={title}>
        <OfflineFailed title={messages.queryFailed} onRetry={() => void me.refetch()} />
      </OfflineFrame>
    )
  if (!me.data)
    return (
      <OfflineFrame title={title}>
        <OfflineLoading />
      </OfflineFrame>
    )
  return <UnitForm me={me.data} type={type} title={title} />
}

function UnitForm({ me, type, title }: { me: LoginInfo; type: OfflineBusinessType; title: string }) {
  const navigate = useNavigate()
  const [unit, setUnit] = useState<UnitValues>(() => freshOfflineForm(me, type))
  const [busy, setBusy] = useState(false)
  const seals = useOfflineSealOptions(unit.socialCode, type)
  const verb = type === offlineBusinessType.CHANGE ? '变更' : '续期'
  const update = (patch: Partial<UnitValues>) => setUnit((current) => ({ ...current, ...patch }))

  const next = async () => {
    const problem =
      unitFormProblem(unit, type) ??
      (seals.data && seals.data.length === 0
        ? type === offlineBusinessType.CHANGE
          ? messages.noChangeableSeals
          : messages.noRenewableSeals
        : null)
    if (problem) {
      Toast.show({ content: problem, duration: 3000 })
      return
    }
    setBusy(true)
    try {
      const form = {
        ...freshOfflineForm(me, type),
        ...unit,
        socialCode: unit.socialCode.trim().toUpperCase(),
      }
      // The seal the change or renewal was opened for, when the unit holds only one that may be taken.
      const only = seals.data?.filter((seal) => seal.canMake)
      if (only?.length === 1)
        form.gaSealTypeInfos = [
          sealRow({
            sealType: only[0]!.sealTypeCode,
            sealId: only[0]!.sealId,
            sealName: only[0]!.sealName,
            sealCode: only[0]!.sealCode,
          }),
        ]
      const saved = await saveOfflineApply(offlineBody(form))
      navigate(offlineRoutes.step1({ applyId: saved.applyId }), { replace: true })
    } catch (error) {
      Toast.show({ content: failureText(error, messages.submitFailed), duration: 3000 })
    } finally {
      setBusy(false)
    }
  }

  return (
    <OfflineFrame title={title}>
      <div className="unit-step">
        <p className="offline-intro">
          请填写需要{verb}印章的单位信息，下一步填写经办人和法定代表人信息并选择{verb}的印章。
        </p>
        <UnitFields
          value={unit}
          update={update}
          withRegion={false}
          codeLocked={me.kind === 'enterprise' && Boolean(me.socialCreditCode)}
        />
        {type === offlineBusinessType.RENEWAL && renewalUnitProblem(unit.unitTypeCode) && (
          <p className="unit-section-note offline-warning" role="alert">
            {renewalUnitProblem(unit.unitTypeCode)}
          </p>
        )}
        <section className="unit-section" aria-label={`可${verb}的印章`}>
          <h2>可{verb}的印章</h2>
          {!isCreditCode(unit.socialCode.trim().toUpperCase()) ? (
            <p className="unit-section-note">请先填写正确的社会信用代码</p>
          ) : seals.isError ? (
            <p className="unit-section-note" role="alert">
              {messages.sealInfoLoadFailed}
              <Button size="mini" fill="none" color="primary" onClick={() => void seals.refetch()}>
                重试
              </Button>
            </p>
          ) : !seals.data ? (
            <p className="unit-section-note">正在查询…</p>
          ) : seals.data.length === 0 ? (
            <p className="unit-section-note">
              {type === offlineBusinessType.CHANGE ? messages.noChangeableSeals : messages.noRenewableSeals}
            </p>
          ) : (
            <ul className="offline-material-list">
              {seals.data.map((seal) => (
                <li key={seal.sealId || seal.sealTypeCode}>{seal.sealName || seal.sealTypeName}</li>
              ))}
            </ul>
          )}
        </section>
        <div className="unit-footer offline-footer-single">
          <Button block color="primary" loading={busy} onClick={() => void next()}>
            下一步
          </Button>
        </div>
      </div>
    </OfflineFrame>
  )
}
