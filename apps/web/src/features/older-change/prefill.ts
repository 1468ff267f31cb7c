import { useEffect, useRef } from 'react'
import { isCreditCode, unitTypeOfCreditCode } from '@seal/shared/rules/credit-code'
import { useSealDetail } from '../unit-apply/api/seal-detail.ts'
import { sealItemOf } from '../unit-apply/seal-items.ts'
import { useWizard } from '../unit-apply/wizard-context.tsx'

/**
 * The older pages are opened for a seal (query sealId): its unit fills what is still empty, and the seal
 * joins the list, once. The legal representative is the logged-in person (the form starts with him).
 */
export function usePrefillFromSeal() {
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
      ...(!current.unitTypeCode && isCreditCode(code) ? { unitTypeCode: unitTypeOfCreditCode(code), autoUnitTypeCode: unitTypeOfCreditCode(code) } : {}),
      sealInfo: current.sealInfo.some((item) => item.sealId === found.id)
        ? current.sealInfo
        : [...current.sealInfo, sealItemOf({ sealTypeCode: found.sealTypeCode, sealId: found.id, sealName: found.sealName })],
    }))
  }, [seal.data, update])
  return seal
}
