import type { z } from 'zod'
import type { getUpdateAuthFileBody, GetUpdateAuthFileAnswer } from '@seal/shared/api/older-change'
import { post } from '../../../lib/request/request.ts'

/**
 * POST /apply/getUpdateAuthFile: the authorisations the change keeps are recorded (all or none), and the
 * documents the legal representative signs come back, the authorisation file first.
 */
export function getUpdateAuthFile(body: z.input<typeof getUpdateAuthFileBody>) {
  return post<GetUpdateAuthFileAnswer>('/apply/getUpdateAuthFile', body)
}
