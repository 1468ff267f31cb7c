import { useMutation } from '@tanstack/react-query'
import type { EditPasswordBody, EditPinBody, SealVerifyAnswer, SealVerifyBody } from '@seal/shared/api/seal-pin'
import { post } from '../../lib/request/request.ts'

/** POST /sealAuth/sealVerify (step 1): the current password; a pass carries the key for step 2. Identity type 111 as the spec sends it. */
export function useVerifyCurrentPin() {
  return useMutation({ mutationFn: (body: SealVerifyBody) => post<SealVerifyAnswer>('/sealAuth/sealVerify', { identityType: '111', ...body }) })
}

/** POST /sealAuth/editPassword (step 2 after step 1), or POST /seal/editPinNew (with a key directly, or after a face check). */
export function useSetNewPin() {
  return useMutation({
    mutationFn: (request: { via: 'editPassword'; body: EditPasswordBody } | { via: 'editPinNew'; body: EditPinBody }) =>
      request.via === 'editPassword'
        ? post<null>('/sealAuth/editPassword', { identityType: '111', ...request.body })
        : post<null>('/seal/editPinNew', request.body),
  })
}
