import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ActiveSealNewAnswer, ActiveSealNewBody } from '@seal/shared/api/activation'
import { post } from '../../../lib/request/request.ts'

/** POST /seal/activeSealNew: the new seal password puts the seal in effect; every seal list is read again. */
export function useActiveSealNew() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ActiveSealNewBody) => post<ActiveSealNewAnswer>('/seal/activeSealNew', body),
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
