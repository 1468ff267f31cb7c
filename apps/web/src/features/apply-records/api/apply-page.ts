import { useInfiniteQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { applyPageAnswer } from '@seal/shared/api/unit-apply'
import type { ApplicantKind } from '@seal/shared/codes/business-type'
import { post } from '../../../lib/request/request.ts'

export type ApplyPage = z.infer<typeof applyPageAnswer>

/** Records a page (spec 001 §9: page size from the page options, default 10). */
export const APPLY_RECORD_PAGE_SIZE = 10

/** Every record list's cache, refreshed after an action changes a record. */
export const applyRecordsKey = ['apply-records'] as const

/** POST /seal-apply/apply/page: the caller's applications of one tab, a page at a time, newest first. */
export function useApplyRecords(applyType: ApplicantKind) {
  return useInfiniteQuery({
    queryKey: [...applyRecordsKey, applyType],
    queryFn: ({ pageParam }) =>
      post<ApplyPage>('/seal-apply/apply/page', { applyType, pageNo: pageParam, pageSize: APPLY_RECORD_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.pages ? last.pageNo + 1 : undefined),
    staleTime: 0,
  })
}
