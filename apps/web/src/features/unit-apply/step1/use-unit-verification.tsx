import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Dialog, Toast } from 'antd-mobile'
import type { WizardStepKey } from '@seal/shared/api/unit-apply'
import { applicantKind } from '@seal/shared/codes/business-type'
import { messages } from '@seal/shared/messages'
import { manualReviewStep, step1Problem, unitApplyMessages } from '@seal/shared/rules/unit-apply'
import { RequestError } from '../../../lib/request/request.ts'
import { submitApplication } from '../api/submit-application.ts'
import { verifyDraftUnit, type VerificationOutcome } from '../api/verify-enterprise.ts'
import { failureText, useWizard } from '../wizard-context.tsx'
import { isResultStep } from '../wizard-form.ts'
import { unitApplyRoutes } from '../wizard-routes.ts'
import { confirmCancellation } from './confirm-cancellation.tsx'

/** The verdicts inside the four-element answer (001 §7, §8). */
const VERDICT_PASSED = '00'
const VERDICT_MANUAL_REVIEW = '40075'

/** 返回检查 or 继续申请 after a 40075 verdict, with the reason the check gave. */
function askManualReview(reason: string): Promise<boolean> {
  return new Promise((resolve) => {
    Dialog.show({
      title: messages.fourElementsFailed,
      content: (
        <div className="unit-dialog-text">
          {reason && <p>{reason}</p>}
          <p>{unitApplyMessages.manualReviewGuide}</p>
        </div>
      ),
      closeOnAction: true,
      actions: [
        [
          { key: 'back', text: '返回检查', onClick: () => resolve(false) },
          { key: 'continue', text: '继续申请', bold: true, onClick: () => resolve(true) },
        ],
      ],
    })
  })
}

/**
 * 返回检查 or 上传材料转人工审核 after any other failed verdict (001 §4 "Verification failure sets
 * companyVerifyPass false, stores reason and serial number, and goes to the upload-materials step").
 */
function askUploadMaterials(title: string, reason: string): Promise<boolean> {
  return new Promise((resolve) => {
    Dialog.show({
      title,
      content: (
        <div className="unit-dialog-text">
          {reason && reason !== title && <p>{reason}</p>}
          <p>{unitApplyMessages.uploadMaterialsGuide}</p>
        </div>
      ),
      closeOnAction: true,
      actions: [
        [
          { key: 'back', text: '返回检查', onClick: () => resolve(false) },
          {
            key: 'materials',
            text: unitApplyMessages.uploadMaterials,
            bold: true,
            onClick: () => resolve(true),
          },
        ],
      ],
    })
  })
}

/**
 * 下一步 of step 1 (001 §4 "Step 1 continue"): the step's checks in the spec's order, 暂存, the legal
 * representative's face check when they apply, then the unit verification, whose answer names the next step.
 */
export function useUnitVerification() {
  const wizard = useWizard()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  /** Open while the legal representative's face is being checked. */
  const [faceCheck, setFaceCheck] = useState(false)

  const moveOn = async (step: WizardStepKey, passed: boolean) => {
    wizard.setFlags({ companyVerifyPass: passed })
    if (isResultStep(step)) {
      // A verified cancellation needs nothing more: once confirmed, it is submitted and the seals revoked.
      const { id, sealInfo } = wizard.current()
      if (!(await confirmCancellation(sealInfo))) return
      try {
        await submitApplication(id!)
        navigate(unitApplyRoutes.result(id!), { replace: true })
      } catch (error) {
        Toast.show({ content: failureText(error, messages.submitFailed), duration: 3000 })
      }
      return
    }
    await wizard.saveDraft({ quiet: true, step })
    wizard.goTo(step)
  }

  const verify = async (
    faceSerialNo: string | undefined,
    continueToManualReview?: boolean,
  ): Promise<VerificationOutcome | null> => {
    try {
      return await verifyDraftUnit(wizard.current(), { faceSerialNo, continueToManualReview })
    } catch (error) {
      // The request module has said why (or the 60 s timeout); nothing typed is lost.
      if (!(error instanceof RequestError)) throw error
      return null
    }
  }

  const runVerification = async (faceSerialNo: string | undefined) => {
    setBusy(true)
    try {
      const outcome = await verify(faceSerialNo)
      if (!outcome) return
      if (outcome.resultStatus === VERDICT_PASSED) {
        await moveOn(outcome.data.nextStep, true)
        return
      }
      if (outcome.resultStatus === VERDICT_MANUAL_REVIEW) {
        if (!(await askManualReview(outcome.responseInfo))) return
        const again = await verify(faceSerialNo, true)
        if (!again) return
        if (again.resultStatus === VERDICT_PASSED || again.resultStatus === VERDICT_MANUAL_REVIEW)
          await moveOn(again.data.nextStep, again.data.passed)
        else Toast.show({ content: again.responseInfo || messages.fourElementsFailed, duration: 3000 })
        return
      }
      // The failed verdict is on record (companyVerifyPass false, its reason): the way on is a reviewer, not the vendor again.
      const reason = outcome.data.reason
        ? `${outcome.responseInfo}：${outcome.data.reason}`
        : outcome.responseInfo
      if (await askUploadMaterials(outcome.responseInfo || messages.fourElementsFailed, reason))
        await moveOn(manualReviewStep(wizard.current()), false)
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
    if (wizard.current().applyType === applicantKind.LEGAL_APPLY && !wizard.flags.faceSerialNo) {
      setFaceCheck(true)
      return
    }
    await runVerification(wizard.flags.faceSerialNo ?? undefined)
  }

  const facePassed = async (serialNo: string) => {
    setFaceCheck(false)
    wizard.setFlags({ faceSerialNo: serialNo })
    await runVerification(serialNo)
  }

  return { busy, next, faceCheck, closeFaceCheck: () => setFaceCheck(false), facePassed }
}
