import type { z } from 'zod'
import type { submitTodoAnswer } from '@seal/shared/api/offline-apply'
import { post } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

/** POST …/offlineApply/submitTodo {applyId}: the whole form checked on the server, then submitted. Silent. */
export function submitTodo(applyId: string) {
  return post<z.infer<typeof submitTodoAnswer>>(`${OFFLINE_APPLY}/submitTodo`, { applyId }, { silent: true })
}
