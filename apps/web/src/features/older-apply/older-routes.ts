import { applyResultFlag } from '@seal/shared/codes/apply-status'
import { changeType } from '@seal/shared/codes/business-type'

/**
 * The older step wizard's addresses (spec 001 §2 "Step-based application (older wizard)"). The steps'
 * `changeTypes` is the change type code of 001 §4, which says which seal images are needed: a new
 * application needs every seal's, as a change of the unit name does ('3').
 */
const ALL_IMAGES = changeType.NAME_OR_REGION

export const olderApplyRoutes = {
  flow: '/seal-apply/flow',
  step1: '/seal-apply/step-1',
  step2: '/seal-apply/step-2',
  step4: `/seal-apply/step-4/${ALL_IMAGES}`,
  step41: `/seal-apply/step-4-1/${ALL_IMAGES}`,
  preStep5: (logId: string) => `/seal-apply/pre-step-5?logId=${encodeURIComponent(logId)}`,
  /** The result page polling the application every 5 seconds. */
  result: (logId: string, flag: number = applyResultFlag.POLL) =>
    `/seal-apply/step-5/${flag}/${encodeURIComponent(logId)}`,
  /** Where a seal awaiting activation goes (001 §4 "Seal status from the existing-record query"). */
  activate: '/seal-active/step-1',
  /** Where a seal in effect goes when it is to change (001 §4 "Older flow order"). */
  change: '/seal-change',
  mySeals: '/seal-preview-list/company',
} as const
