import { useEffect, useRef } from 'react'
import { Button, Popup } from 'antd-mobile'
import { applicantKind, businessType } from '@seal/shared/codes/business-type'
import { unitType } from '@seal/shared/codes/unit-type'
import { isCreditCode, unitTypeOfCreditCode } from '@seal/shared/rules/credit-code'
import { hasBusinessSection, hasManagerSection, hasOperatorSection } from '@seal/shared/rules/unit-apply'
import { FaceCheck } from '../../../components/face-capture/face-check.tsx'
import { useSealDetail } from '../api/seal-detail.ts'
import { sealItemOf } from '../seal-items.ts'
import { useWizard } from '../wizard-context.tsx'
import { CancelSealsSection } from './cancel-seals-section.tsx'
import { ManagerSection } from './manager-section.tsx'
import { legalKeys, operatorKeys, PersonSection } from './person-section.tsx'
import type { Expected } from './recognition.ts'
import { SealTypeSection } from './seal-type-section.tsx'
import { UnitSection } from './unit-section.tsx'
import { useUnitVerification } from './use-unit-verification.tsx'

/**
 * Step 1 填写单位信息 (001 §2 "Step 1 sections"): operator (operator applications), unit, legal
 * representative, business info or the seals to cancel, seal manager; 暂存 and 下一步.
 */
export function UnitInfoStep() {
  const wizard = useWizard()
  const { form, me, locks } = wizard
  const verification = useUnitVerification()
  usePrefillFromSeal()

  const isRecord = form.businessType === businessType.RENEWAL || form.businessType === businessType.CANCEL
  // The legal representative applying must be the logged-in person; for renewal and cancellation the
  // card must be the seal's legal representative (001 §5 "Mismatch against the current person").
  const legalExpected: Expected | undefined = isRecord
    ? { who: '法人', idNo: form.legalPersonIdentityNo || undefined, name: form.legalPersonName || undefined }
    : form.applyType === applicantKind.LEGAL_APPLY
      ? { who: '法人', idNo: me.personCard }
      : undefined
  const operatorExpected: Expected = { who: '经办人', idNo: me.personCard }

  // The unit whose licence this must be: the enterprise login's, or the seal's unit (ordinary enterprises).
  const current = me.kind === 'enterprise' ? (me.socialCreditCode ?? '') : form.sealId ? form.socialCreditCode : ''
  const currentCreditCode = current && unitTypeOfCreditCode(current) === unitType.ORDINARY_ENTERPRISE ? current : undefined

  return (
    <div className="unit-step">
      {hasOperatorSection(form) && (
        <PersonSection who="经办人" title="经办人信息" keys={operatorKeys} nameLocked={locks.operatorIdentity} idLocked={locks.operatorIdentity} expected={operatorExpected} />
      )}
      <UnitSection currentCreditCode={currentCreditCode} />
      <PersonSection
        who="法人"
        title="法定代表人信息"
        keys={legalKeys}
        nameLocked={locks.legalPersonName}
        idLocked={locks.legalPersonIdentity}
        expected={legalExpected}
      />
      {hasBusinessSection(form) ? <SealTypeSection /> : <CancelSealsSection />}
      {hasManagerSection(form) && <ManagerSection />}
      <div className="unit-footer">
        <Button block onClick={() => void wizard.saveDraft()}>
          暂存
        </Button>
        <Button block color="primary" loading={verification.busy} onClick={() => void verification.next()}>
          下一步
        </Button>
      </div>
      <Popup visible={verification.faceCheck} onClose={verification.closeFaceCheck} showCloseButton destroyOnClose bodyClassName="unit-face-popup">
        <h2>法定代表人人脸识别</h2>
        <p className="unit-section-note">请{me.personName}本人进行人脸识别，确认是法定代表人本人申请。</p>
        <FaceCheck person={{ idCardNo: me.personCard, realName: me.personName }} onPassed={verification.facePassed} />
      </Popup>
    </div>
  )
}

/**
 * A change, renewal or cancellation opened for a seal (query sealId): its unit and legal representative
 * fill what is still empty, and the seal joins the list, once.
 */
function usePrefillFromSeal() {
  const { form, update } = useWizard()
  const seal = useSealDetail(form.sealId || undefined, form.businessType)
  const done = useRef(false)
  useEffect(() => {
    const found = seal.data
    if (!found || done.current) return
    done.current = true
    const code = (found.socialCreditCode ?? '').toUpperCase()
    update((current) => ({
      unitName: current.unitName || found.businessName,
      socialCreditCode: current.socialCreditCode || code,
      // The unit type the seal's credit code gives, as typing the code would.
      ...(!current.unitTypeCode && isCreditCode(code) ? { unitTypeCode: unitTypeOfCreditCode(code), autoUnitTypeCode: unitTypeOfCreditCode(code) } : {}),
      legalPersonName: current.legalPersonName || found.personName,
      legalPersonIdentityNo: current.legalPersonIdentityNo || found.personIdentity,
      sealInfo: current.sealInfo.some((item) => item.sealId === found.id)
        ? current.sealInfo
        : [
            ...current.sealInfo,
            // A cancellation names the seal by its code too (the summary before 确认注销); elsewhere sealCode is the filing number.
            sealItemOf({ sealTypeCode: found.sealTypeCode, sealId: found.id, sealName: found.sealName, sealCode: current.businessType === businessType.CANCEL ? found.sealCode : undefined }),
          ],
    }))
  }, [seal.data, update])
}
