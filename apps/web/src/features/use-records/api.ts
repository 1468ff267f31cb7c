import { useQuery } from '@tanstack/react-query'
import type { UseRecordItem, UseRecordQuery } from '@seal/shared/api/use-records'
import { post } from '../../lib/request/request.ts'

/** POST /signSealLog/queryByTypeAndSocialCreditCode: one seal's use records as filtered. */
export function useUseRecords(query: UseRecordQuery, enabled = true) {
  return useQuery({
    queryKey: ['use-records', query],
    queryFn: () => post<UseRecordItem[]>('/signSealLog/queryByTypeAndSocialCreditCode', query),
    enabled,
  })
}
