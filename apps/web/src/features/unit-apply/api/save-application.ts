import type { UnitApplicationForm, WizardStepKey } from '@seal/shared/api/unit-apply'
import type { ChangeType } from '@seal/shared/codes/business-type'
import { post } from '../../../lib/request/request.ts'

/** `changeType`: a change's type as the server decided it against the unit on record (001 §4). */
export type SaveAnswer = { id: string; step: WizardStepKey; changeType?: ChangeType | null }

/**
 * POST /seal-apply/apply/temporary (暂存): stores the form as typed, whatever is missing. Silent: the
 * wizard says 暂存成功 itself, or the failure, and keeps everything typed either way.
 */
export function saveTemporary(form: UnitApplicationForm) {
  return post<SaveAnswer>('/seal-apply/apply/temporary', form, { silent: true })
}

/**
 * POST /seal-apply/apply/save: stores the form and moves it to `form.step`; the server first checks every
 * step before it with the same shared rules as the screen.
 */
export function saveStep(form: UnitApplicationForm) {
  return post<SaveAnswer>('/seal-apply/apply/save', form, { silent: true })
}
