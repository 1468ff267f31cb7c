import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PersonalApplyDraft } from '@seal/shared/api/personal-seal'
import { post } from '../../../lib/request/request.ts'
import { personalDraftKey } from './get-draft.ts'

/** POST /personSeal/apply/face (step 2): records the serial of a face verification that succeeded. */
export function submitFace(serialNo: string) {
  return post<PersonalApplyDraft>('/personSeal/apply/face', { serialNo })
}

export function useSubmitFace() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitFace,
    onSuccess: (draft) => queryClient.setQueryData(personalDraftKey, draft),
  })
}
