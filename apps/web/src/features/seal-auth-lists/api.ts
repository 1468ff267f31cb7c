import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AuthorisedPerson, AuthorizationItem, availableSeal } from '@seal/shared/api/seal-auth'
import type { SealItem } from '@seal/shared/api/seals'
import type { AuthStatus } from '@seal/shared/codes/authorization'
import { post } from '../../lib/request/request.ts'

/**
 * The calls of the authorisation lists, the authorised persons and the seal menu's 取消授权 (spec 000 §7,
 * packages/shared/src/api/seal-auth.ts). Who may see and end what is decided by the server from the
 * caller's role on the seal; these only ask.
 */

/** Items a page of the authorisation list (000 §7: "page size comes from page options", not shown). */
export const AUTHORIZATION_PAGE_SIZE = 10
/** The authorised persons of a seal: one page of 30 (000 §9). */
export const AUTHORISED_PERSONS_PAGE_SIZE = 30

export type AuthorizationPage = { list: AuthorizationItem[]; total: number; page: number }
export type AvailableSeal = z.infer<typeof availableSeal>

/** Every cache these screens fill: ended or revoked authorisations refresh them all. */
export const sealAuthListsKey = ['seal-auth-lists'] as const
export const authorizationListKey = (status: AuthStatus) => [...sealAuthListsKey, 'by-status', status] as const

/** POST /sealAuth/querySealListByAll {status, currentPage, pageSize}: one tab of /authorization/{type}, a page at a time. */
export function useAuthorizationPages(status: AuthStatus) {
  return useInfiniteQuery({
    queryKey: authorizationListKey(status),
    queryFn: async ({ pageParam }): Promise<AuthorizationPage> => {
      const answer = await post<{ list: AuthorizationItem[]; total: number }>('/sealAuth/querySealListByAll', {
        status,
        currentPage: pageParam,
        pageSize: AUTHORIZATION_PAGE_SIZE,
      })
      return { ...answer, page: pageParam }
    },
    initialPageParam: 1,
    getNextPageParam: (last) => nextAuthorizationPage(last),
    staleTime: 0,
  })
}

/** The page after `last`, or undefined when it held the last items. */
export function nextAuthorizationPage(last: AuthorizationPage): number | undefined {
  return last.page * AUTHORIZATION_PAGE_SIZE < last.total && last.list.length > 0 ? last.page + 1 : undefined
}

/** POST /sealAuth/queryListBySeal: the seal's authorised persons, the legal person's row first (first page only). */
export function useAuthorisedPersons(seal: SealItem | undefined) {
  return useQuery({
    queryKey: [...sealAuthListsKey, 'persons', seal?.id],
    queryFn: () =>
      post<{ list: AuthorisedPerson[]; total: number }>('/sealAuth/queryListBySeal', {
        sealId: seal!.id,
        sealCode: seal!.sealCode,
        sealTypeCode: seal!.sealTypeCode,
        socialCreditCode: seal!.socialCreditCode,
        currentPage: 1,
        pageSize: AUTHORISED_PERSONS_PAGE_SIZE,
      }),
    enabled: Boolean(seal),
    staleTime: 0,
  })
}

/** POST /sealAuth/v4/cancelAuth {authId}: revoke from the authorisation list. */
export function revokeAuthorization(authId: string) {
  return post<null>('/sealAuth/v4/cancelAuth', { authId })
}

/** POST /sealAuth/cancelAuth {authId}: remove an authorised person of a seal. */
export function removeAuthorisedPerson(authId: string) {
  return post<null>('/sealAuth/cancelAuth', { authId })
}

/** POST /sealAuth/cancelAuthByParams {sealId}: the caller gives up their own authorisation of the seal. */
export function giveUpAuthorization(sealId: string) {
  return post<null>('/sealAuth/cancelAuthByParams', { sealId })
}

/** POST /sealAuth/getAvailableSeal: the seals in effect the caller may authorise (role 1 or 2). */
export function availableSeals(socialCreditCode: string | null | undefined) {
  return post<AvailableSeal[]>('/sealAuth/getAvailableSeal', socialCreditCode ? { socialCreditCode } : {})
}
