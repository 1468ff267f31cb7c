import { useQuery } from '@tanstack/react-query'
import type { QueryWaitActiveBody, WaitActiveSeal } from '@seal/shared/api/activation'
import { post } from '../../../lib/request/request.ts'

export const waitingSealsKey = ['activation', 'waiting'] as const

/** POST /seal/queryWaitActive: the seals waiting for the caller's activation (he is their unit's legal representative). */
export function queryWaitActive(body: QueryWaitActiveBody = {}) {
  return post<WaitActiveSeal[]>('/seal/queryWaitActive', body, { silent: true })
}

/** The waiting seals, shared by the intro, the list and step 1 (which finds its seal among them). */
export function useWaitingSeals() {
  return useQuery({ queryKey: waitingSealsKey, queryFn: () => queryWaitActive() })
}
