import { useInfiniteQuery } from '@tanstack/react-query'
import { BINDING_RECORD_PAGE_SIZE, type BindRecordPage } from '@seal/shared/api/binding'
import { post } from '../../../lib/request/request.ts'
import { bindingKey } from './keys.ts'

/** POST /paas-composite-seal/sealBind/queryBindSealLogList (002 §7): binding records, 10 a page, newest first. */
export function bindRecords(body: { sealId?: string; currentPage: number }) {
  return post<BindRecordPage>('/paas-composite-seal/sealBind/queryBindSealLogList', { identityType: '111', pageSize: BINDING_RECORD_PAGE_SIZE, ...body }, { base: 'bind' })
}

export function useBindRecords(sealId: string | undefined) {
  return useInfiniteQuery({
    queryKey: [...bindingKey, 'records', sealId ?? ''],
    queryFn: ({ pageParam }) => bindRecords({ sealId, currentPage: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage * last.pageSize < last.total ? last.currentPage + 1 : undefined),
    staleTime: 0,
  })
}
