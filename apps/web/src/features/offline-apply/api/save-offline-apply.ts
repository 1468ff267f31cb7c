import type { z } from 'zod'
import type { OfflineApplyFormInput, offlineSavedAnswer } from '@seal/shared/api/offline-apply'
import { post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

export type OfflineSaved = z.infer<typeof offlineSavedAnswer>

/**
 * POST …/offlineApply/create (a new draft) or POST …/offlineApply/updateByApplyId (the draft `applyId`
 * names): the operator's form as typed, kept on the server so nothing is lost. Silent: the screen says
 * what failed.
 */
export function saveOfflineApply(form: OfflineApplyFormInput) {
  return form.applyId
    ? post<OfflineSaved>(`${OFFLINE_APPLY}/updateByApplyId`, form, { silent: true })
    : post<OfflineSaved>(`${OFFLINE_APPLY}/create`, form, { silent: true })
}
