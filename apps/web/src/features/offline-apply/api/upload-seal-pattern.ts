import type { z } from 'zod'
import type { uploadSealPicAnswer } from '@seal/shared/api/offline-apply'
import { post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

export type SealPatternAnswer = z.infer<typeof uploadSealPicAnswer>

/**
 * POST …/offlineApply/uploadSealBase64Pic {applyId, id, sealName, sealTypeCode, base64File, sealId}: the
 * seal pattern photo (≤ 10 MB), its impression cut out. A failure (印模提取失败 and why, with a photo-guide
 * code) is said in the screen's 我知道了 dialog, hence silent.
 */
export function uploadSealPattern(input: {
  applyId: string
  id: string
  sealName: string
  sealTypeCode: string
  sealId: string
  base64File: string
}) {
  return post<SealPatternAnswer>(`${OFFLINE_APPLY}/uploadSealBase64Pic`, input, {
    silent: true,
    timeout: 60_000,
  })
}
