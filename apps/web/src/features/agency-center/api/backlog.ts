import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { BacklogDetailAnswer, BacklogListAnswer } from '@seal/shared/api/backlog'
import { BACKLOG_PAGE_SIZE, type BacklogListType } from '@seal/shared/codes/backlog'
import { get, post } from '../../../lib/request/request.ts'

/** Every agency-centre cache, refreshed after signing or refusing. */
export const backlogKey = ['agency-center'] as const

/** POST /seal-apply/backlog/list: one tab (1 待办列表, 4 已处理), ten at a time, newest first (002 §7, §9). */
export function useBacklog(listType: BacklogListType) {
  return useInfiniteQuery({
    queryKey: [...backlogKey, 'list', listType],
    queryFn: ({ pageParam }) => post<BacklogListAnswer>('/seal-apply/backlog/list', { listType, pageNo: pageParam, pageSize: BACKLOG_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.pages ? last.pageNo + 1 : undefined),
    staleTime: 0,
  })
}

/** POST /seal-apply/backlog/detail: the unit, the seal administrator, the operator and the seals with pictures. */
export function useBacklogDetail(backlogId: string) {
  return useQuery({
    queryKey: [...backlogKey, 'detail', backlogId],
    queryFn: () => post<BacklogDetailAnswer>('/seal-apply/backlog/detail', { backlogId }),
    enabled: Boolean(backlogId),
    staleTime: 0,
  })
}

/** GET /seal-apply/apply/refuse?id: the legal representative refuses the operator's application (未签署，法人拒绝). */
export function refuseApplication(id: string) {
  return get<unknown>('/seal-apply/apply/refuse', { id })
}
