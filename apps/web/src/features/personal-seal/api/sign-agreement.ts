import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '../../../lib/request/request.ts'
import { personalDraftKey } from './get-draft.ts'

export type SignedAgreement = { key: string; fileId: string }

/** POST /apply/signAgreement: signs the agreements with a handwriting sample; answers the signed files. */
export function signAgreement(input: { identity: string; name: string; signatureId: string }) {
  return post<SignedAgreement[]>('/apply/signAgreement', {
    identity: input.identity,
    name: input.name,
    handwritingInfo: { signatureId: input.signatureId },
  })
}

export function useSignAgreement() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signAgreement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personalDraftKey }),
  })
}
