import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PersonalApplyDraft, PersonalIdentityBody } from '@seal/shared/api/personal-seal'
import { post } from '../../../lib/request/request.ts'
import { personalDraftKey } from './get-draft.ts'

/** POST /personSeal/apply/identity (step 1): checked against the login and the OCR serials; answers the draft. */
export function submitIdentity(body: PersonalIdentityBody) {
  return post<PersonalApplyDraft>('/personSeal/apply/identity', body)
}

export function useSubmitIdentity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitIdentity,
    onSuccess: (draft) => queryClient.setQueryData(personalDraftKey, draft),
  })
}
