import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { get } from '../../../lib/request/request.ts'

/** The result page asks again this often while the application is still being worked on (spec 001 §9). */
export const RESULT_POLL_MS = 5000

const stillWorking = new Set<string>([applyStatus.PENDING_REVIEW, applyStatus.SEALING])

/**
 * GET /seal-apply/apply/detail?id: the application as stored. While it waits for review or is being
 * sealed it is asked for every 5 seconds, so the result page follows the review. A failed poll says
 * nothing (the status shown stays true until the next one); a failed first load is told.
 */
export function useApplicationResult(id: string) {
  const client = useQueryClient()
  const queryKey = ['apply-detail', id]
  return useQuery({
    queryKey,
    queryFn: () => get<UnitApplicationDetail>('/seal-apply/apply/detail', { id }, { silent: client.getQueryData(queryKey) !== undefined }),
    enabled: Boolean(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && stillWorking.has(query.state.data.applyStatus) ? RESULT_POLL_MS : false),
  })
}
