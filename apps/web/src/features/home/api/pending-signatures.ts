import { useQuery } from '@tanstack/react-query'
import type { BacklogListAnswer } from '@seal/shared/api/backlog'
import { backlogListType } from '@seal/shared/codes/backlog'
import { post } from '../../../lib/request/request.ts'

/**
 * POST /seal-apply/backlog/list (to-do tab, one row): how many operators' applications wait for this legal
 * representative's signature. Asked on the enterprise login only, whose home has no 待办中心 (002 §2).
 */
export function usePendingSignatures(enabled: boolean) {
  return useQuery({
    queryKey: ['agency-center', 'pending-count'],
    queryFn: () => post<BacklogListAnswer>('/seal-apply/backlog/list', { listType: backlogListType.TODO, pageNo: 1, pageSize: 1 }, { silent: true }),
    select: (answer) => answer.total,
    enabled,
  })
}
