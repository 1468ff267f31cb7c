import type { z } from 'zod'
import type { updateSealNameAnswer } from '@seal/shared/api/offline-apply'
import { post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

/** POST …/offlineApply/updateSealName {applyId, sealInfos: [{id, name}]}: other-type seals' names. Silent. */
export function updateSealName(applyId: string, sealInfos: { id: string; name: string }[]) {
  return post<z.infer<typeof updateSealNameAnswer>>(
    `${OFFLINE_APPLY}/updateSealName`,
    { applyId, sealInfos },
    { silent: true },
  )
}
