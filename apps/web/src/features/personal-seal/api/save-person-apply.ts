import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PersonalApplyBody } from '@seal/shared/api/personal-seal'
import { post } from '../../../lib/request/request.ts'
import { personalDraftKey } from './get-draft.ts'

export type PersonalApplyResult = { applyId: string; sealId: string }

/** POST /seal-apply/apply/save/person (step 6): submits the application; the seal is made. */
export function savePersonApply(body: PersonalApplyBody) {
  return post<PersonalApplyResult>('/seal-apply/apply/save/person', body)
}

export function useSavePersonApply() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePersonApply,
    onSuccess: () => {
      // The draft is closed and a seal now exists: anything cached about either is stale.
      queryClient.removeQueries({ queryKey: personalDraftKey })
      void queryClient.invalidateQueries({ queryKey: ['seals'] })
    },
  })
}
