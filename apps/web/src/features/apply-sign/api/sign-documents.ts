import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { signDocumentsAnswer } from '@seal/shared/api/unit-apply'
import { post } from '../../../lib/request/request.ts'

export type SignDocument = z.infer<typeof signDocumentsAnswer>[number]

/** POST /seal-apply/apply/signDocuments † {id}: the documents the legal representative signs, unsigned. */
export function useSignDocuments(id: string) {
  return useQuery({
    queryKey: ['apply-sign-documents', id],
    queryFn: () => post<SignDocument[]>('/seal-apply/apply/signDocuments', { id }),
    enabled: Boolean(id),
    staleTime: Infinity,
  })
}
