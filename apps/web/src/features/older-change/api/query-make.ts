import type { z } from 'zod'
import type { queryMakeBody, SealMakeRecord } from '@seal/shared/api/older-change'
import { post } from '../../../lib/request/request.ts'

/** POST /seal/queryMakeIgnoreStatus: the unit's seal records whatever their status, or the one of `sealCode`. */
export function queryMakeIgnoreStatus(body: z.input<typeof queryMakeBody>) {
  return post<SealMakeRecord[]>('/seal/queryMakeIgnoreStatus', { carrierTypeCode: 1, ...body })
}
