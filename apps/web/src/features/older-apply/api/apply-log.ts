import { useQuery } from '@tanstack/react-query'
import type { ApplyLogAnswer } from '@seal/shared/api/older-apply'
import type { SealItem } from '@seal/shared/api/seals'
import { applyLogStatus } from '@seal/shared/codes/apply-status'
import { get, post } from '../../../lib/request/request.ts'

/** The result page asks again this often while the application waits (001 §4, §9: every 5 seconds). */
export const APPLY_LOG_POLL_MS = 5000

/** GET /seal/queryLogById/{id}: the application as the result page reads it (0 waiting, 1 success, 2 failure). */
export function queryLogById(id: string) {
  return get<ApplyLogAnswer>(`/seal/queryLogById/${encodeURIComponent(id)}`, undefined, { silent: true })
}

/**
 * The apply log of `logId`; with `poll` it is asked again every 5 seconds while it says 0 (waiting), and
 * stops at 1 or 2.
 */
export function useApplyLog(logId: string, options: { enabled: boolean; poll: boolean }) {
  return useQuery({
    queryKey: ['older-apply', 'log', logId],
    queryFn: () => queryLogById(logId),
    enabled: options.enabled && Boolean(logId),
    refetchInterval: (query) =>
      options.poll && query.state.data?.applyStatus === applyLogStatus.WAITING ? APPLY_LOG_POLL_MS : false,
    refetchOnWindowFocus: false,
  })
}

/** POST /seal/querySealInfoNew: one seal (flag 1 with status=1 shows it directly). */
export function useSealInfo(sealId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['older-apply', 'seal-info', sealId],
    queryFn: () => post<SealItem>('/seal/querySealInfoNew', { sealId }),
    enabled: enabled && Boolean(sealId),
  })
}
