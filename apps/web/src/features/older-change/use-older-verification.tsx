import { useState } from 'react'
import { Dialog, Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { step1Problem } from '@seal/shared/rules/unit-apply'
import { RequestError } from '../../lib/request/request.ts'
import { verifyDraftUnit } from '../unit-apply/api/verify-enterprise.ts'
import { useWizard } from '../unit-apply/wizard-context.tsx'

/** The verdict inside the four-element answer that passes (001 §7, §8). */
const VERDICT_PASSED = '00'

/** Ours: the older pages need a passed verification; a person reads the materials through the new wizard. */
export const olderVerificationMessages = {
  manualReviewElsewhere:
    '如核对无误仍无法通过，可转人工审核：在电子印章申请中继续本申请，上传签字盖章的申请表后由工作人员审核（1-2个工作日）。',
} as const

/**
 * 下一步 of the identity step (001 §2 "verify identity"): every field the unit verification needs (the new
 * wizard's step-1 rule, as the server checks it), 暂存, the legal representative's face check, then the
 * unit verification of the draft. `onPassed` gets its serial (ranId). A failed verdict is told with its
 * reason; 转人工审核 continues the same draft in the new wizard, where the materials go to a person.
 */
export function useOlderVerification(options: {
  onPassed: (ranId: string, applyId: string) => Promise<void> | void
  onManualReview: (applyId: string) => void
}) {
  const wizard = useWizard()
  const [busy, setBusy] = useState(false)
  const [faceCheck, setFaceCheck] = useState(false)

  const verify = async (faceSerialNo: string) => {
    const form = wizard.current()
    setBusy(true)
    try {
      const outcome = await verifyDraftUnit(form, { faceSerialNo })
      if (outcome.resultStatus === VERDICT_PASSED && outcome.data.ranId) {
        wizard.setFlags({ companyVerifyPass: true })
        await options.onPassed(outcome.data.ranId, form.id!)
        return
      }
      wizard.setFlags({ companyVerifyPass: false })
      const reason = outcome.data.reason
        ? `${outcome.responseInfo}：${outcome.data.reason}`
        : outcome.responseInfo
      const toReview = await Dialog.confirm({
        title: messages.fourElementsFailed,
        content: (
          <div className="unit-dialog-text">
            {reason && <p>{reason}</p>}
            <p>{olderVerificationMessages.manualReviewElsewhere}</p>
          </div>
        ),
        cancelText: '返回检查',
        confirmText: '转人工审核',
      })
      if (toReview) options.onManualReview(form.id!)
    } catch (error) {
      // The request module has said why (or the 60 s timeout); nothing typed is lost.
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(false)
    }
  }

  const next = async () => {
    const problem = step1Problem(wizard.current())
    if (problem) {
      Toast.show({ content: problem })
      return
    }
    setBusy(true)
    const id = await wizard.saveDraft({ quiet: true })
    setBusy(false)
    if (!id) return
    if (wizard.flags.faceSerialNo) await verify(wizard.flags.faceSerialNo)
    else setFaceCheck(true)
  }

  const facePassed = async (serialNo: string) => {
    setFaceCheck(false)
    wizard.setFlags({ faceSerialNo: serialNo })
    await verify(serialNo)
  }

  return { busy, next, faceCheck, closeFaceCheck: () => setFaceCheck(false), facePassed }
}
