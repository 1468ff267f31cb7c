import { useMutation } from '@tanstack/react-query'
import type { ActiveSealPreAnswer, ActiveSealPreBody } from '@seal/shared/api/activation'
import { post } from '../../../lib/request/request.ts'

/** POST /seal/activeSealPre: both ID card photos (stored file ids) for one seal; answers the single-use ranId. */
export function useActiveSealPre() {
  return useMutation({ mutationFn: (body: ActiveSealPreBody) => post<ActiveSealPreAnswer>('/seal/activeSealPre', body) })
}
