import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Toast } from 'antd-mobile'
import { businessType } from '@seal/shared/codes/business-type'
import { unitType } from '@seal/shared/codes/unit-type'
import { messages } from '@seal/shared/messages'
import { unitTypeOfCreditCode } from '@seal/shared/rules/credit-code'
import { alertDialog } from '../../../lib/dialog/confirm-dialog.ts'
import { RequestError } from '../../../lib/request/request.ts'
import { sealItemOf } from '../../unit-apply/seal-items.ts'
import { SealTypeSection } from '../../unit-apply/step1/seal-type-section.tsx'
import { UnitSection } from '../../unit-apply/step1/unit-section.tsx'
import { useWizard } from '../../unit-apply/wizard-context.tsx'
import { checkChangeLegal } from '../api/check-change-legal.ts'
import { ChooseSealFirst } from '../choose-first.tsx'
import { OlderWizard } from '../older-wizard.tsx'
import { unitPartProblem } from '../older-rules.ts'
import { usePrefillFromSeal } from '../prefill.ts'
import { olderChangeRoutes } from '../routes.ts'

const TITLE = '印章变更'

/** `/seal-change/step-1` 确认企业信息 (001 §2): the unit as it now is and the seals to change. */
export function ChangeStep1Page() {
  const [params] = useSearchParams()
  if (!params.get('sealId')) return <ChooseSealFirst purpose="change" title={TITLE} />
  return (
    <OlderWizard kind={businessType.CHANGE} current={0} title={TITLE} startsHere>
      <ChangeUnitStep />
    </OlderWizard>
  )
}

/**
 * The unit (licence read by OCR, name, credit code, region, type) and the seals (the one opened for chosen
 * and locked; a new name takes every seal in effect). 下一步 asks the change check (POST /apply/checkChangeLegal)
 * with the logged-in legal representative: nothing changed is 检查到信息未发生更新，不可进行变更，请返回确认信息.
 */
function ChangeUnitStep() {
  const wizard = useWizard()
  const navigate = useNavigate()
  const { form, me } = wizard
  const [busy, setBusy] = useState(false)
  usePrefillFromSeal()

  // The licence must be the seal's unit's (an ordinary enterprise's code is on its licence).
  const current = me.kind === 'enterprise' ? (me.socialCreditCode ?? '') : form.socialCreditCode
  const currentCreditCode = current && unitTypeOfCreditCode(current) === unitType.ORDINARY_ENTERPRISE ? current : undefined

  const next = async () => {
    const typed = wizard.current()
    const problem = unitPartProblem(typed)
    if (problem) {
      Toast.show({ content: problem })
      return
    }
    setBusy(true)
    try {
      const check = await checkChangeLegal({
        personName: me.personName,
        personIdentity: me.personCard,
        identityType: '111',
        socialCreditCode: typed.socialCreditCode,
        sealId: typed.sealId,
        unitName: typed.unitName.trim(),
        unitAdminNum: typed.addr[2],
        sealTypeCodes: typed.sealInfo.map((seal) => seal.sealTypeCode),
      }).catch((error: unknown) => {
        if (error instanceof RequestError) return null
        throw error
      })
      if (!check) return
      if (!check.isChange) {
        await alertDialog({ content: messages.nothingChanged, confirmText: '返回确认' })
        return
      }
      // The seals the change must name join it (a seal still naming the unit as it was).
      const named = new Set(typed.sealInfo.map((seal) => seal.sealId))
      const joining = check.sealTypeList.filter((seal) => check.requiredSealIds.includes(seal.sealId) && !named.has(seal.sealId))
      if (joining.length > 0) wizard.update({ sealInfo: [...typed.sealInfo, ...joining.map((seal) => sealItemOf({ sealTypeCode: seal.sealTypeCode, sealId: seal.sealId, sealName: seal.sealName }))] })
      const id = await wizard.saveDraft({ quiet: true })
      if (id) navigate(olderChangeRoutes.changeStep2({ sealId: typed.sealId, id }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="unit-step">
      <p className="older-lead">请确认变更后的单位信息，并选择需要变更的印章。</p>
      <UnitSection currentCreditCode={currentCreditCode} />
      <SealTypeSection />
      <div className="unit-footer">
        <Button block onClick={() => void wizard.saveDraft()}>
          暂存
        </Button>
        <Button block color="primary" loading={busy} onClick={() => void next()}>
          下一步
        </Button>
      </div>
    </div>
  )
}
