import { useQuery } from '@tanstack/react-query'
import { get } from '../../../lib/request/request.ts'

export type AgreementFile = { key: string; title: string; fileId: string }

/** The real-name agreement's key among the agreements (the one `/personal-seal-apply/agreement` shows). */
export const REAL_NAME_AGREEMENT_KEY = 'realNameAgreement'

/** GET /apply/getAttachmentAgreement: the agreements the applicant reads and signs, as their PDF files. */
export function getAgreements() {
  return get<AgreementFile[]>('/apply/getAttachmentAgreement')
}

export function useAgreements() {
  // The files carry the applicant's name; they do not change while the flow runs.
  return useQuery({ queryKey: ['personal-seal', 'agreements'], queryFn: getAgreements, staleTime: Infinity })
}
