import { useQuery } from '@tanstack/react-query'
import type { PersonalApplyDraft } from '@seal/shared/api/personal-seal'
import { get } from '../../../lib/request/request.ts'

export const personalDraftKey = ['personal-seal', 'draft'] as const

/** GET /personSeal/apply/draft: the caller's open application (where they stopped), or null. */
export function getPersonalDraft() {
  return get<PersonalApplyDraft | null>('/personSeal/apply/draft')
}

export function usePersonalDraft({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: personalDraftKey, queryFn: getPersonalDraft, enabled, staleTime: 30_000 })
}
