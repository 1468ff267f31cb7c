import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PersonalApplyDraft, PersonalSealStyleCode } from '@seal/shared/api/personal-seal'
import { post } from '../../../lib/request/request.ts'
import { personalDraftKey } from './get-draft.ts'

export type PersonalChoice = { signatureId: string } | { style: PersonalSealStyleCode }

/**
 * POST /personSeal/apply/choose: the chosen signature (step 4; the server also marks it as the person's
 * signature, as /sign/handwriting/choose does) or the chosen seal style (step 5). Answers the draft.
 */
export function choose(choice: PersonalChoice) {
  return post<PersonalApplyDraft>('/personSeal/apply/choose', choice)
}

export function useChoose() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: choose,
    onSuccess: (draft) => queryClient.setQueryData(personalDraftKey, draft),
  })
}
