import { useQuery } from '@tanstack/react-query'
import type { AgreementListItem } from '@seal/shared/api/agreements'
import { get } from '../../../lib/request/request.ts'

/** GET /seal-apply/apply/agreement/list: agreementKey and agreementTitle of what the applicant agrees to. */
export function useAgreementList() {
  return useQuery({
    queryKey: ['agreement', 'list'],
    queryFn: () => get<AgreementListItem[]>('/seal-apply/apply/agreement/list', undefined, { silent: true }),
    staleTime: Infinity,
  })
}
