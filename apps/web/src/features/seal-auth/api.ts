import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  AuthCreationData,
  AuthFileAnswer,
  AuthorizationItem,
  availableSeal,
  historyAuthPerson,
  sealUserCandidate,
} from '@seal/shared/api/seal-auth'
import { authStatus } from '@seal/shared/codes/authorization'
import { get, post, RequestError } from '../../lib/request/request.ts'
import { showToast } from '../../lib/toast/show-toast.ts'

/*
 * The calls of the grant and acceptance screens (spec 000 §7 "Authorization"; server: apps/server/src/seal-auth).
 */

export type AvailableSeal = z.infer<typeof availableSeal>
export type SealUserCandidate = z.infer<typeof sealUserCandidate>
export type HistoryAuthPerson = z.infer<typeof historyAuthPerson>

/** POST /sealAuth/getAvailableSeal: the seals in effect the caller may authorise, by type code. */
export const availableSeals = () => post<AvailableSeal[]>('/sealAuth/getAvailableSeal', {})
export function useAvailableSeals() {
  return useQuery({ queryKey: ['seal-auth', 'available'], queryFn: availableSeals })
}

/** The seal PIN (holder) or the caller's own use password (manager), checked before choosing the seal (000 §2 /seal-list). */
export function verifySealPassword(seal: AvailableSeal, pin: string) {
  return post<{ success: boolean; mess: string }>('/seal/pinVerifyNew', { sealId: seal.sealId, sealCode: seal.sealCode, sealTypeCode: seal.sealTypeCode, pin })
}

/** POST /sealAuth/queryHistoryAuthPersonInfo: earlier seal users of the unit whose name starts so. */
export function historyAuthPersons(name: string, socialCreditCode: string | null) {
  return post<HistoryAuthPerson[]>('/sealAuth/queryHistoryAuthPersonInfo', { name, socialCreditCode, sealPlatType: 0 }, { silent: true })
}

/** Organisation directory †: the unit's people, 10 a page. */
export function orgPersons(body: { pageNum: number; pageSize: number; name: string; socialCreditCode: string | null }) {
  return post<{ list: SealUserCandidate[]; total: number }>('/sealAuth/queryOrgPersons', body)
}

/** Signer sample check †: whether the caller has handwriting samples. */
export function hasSign() {
  return post<{ hasSign: boolean }>('/sealAuth/hasSign')
}

/** Create pending authorization †: answers the draft's id (stashAuthId). */
export function createAuth(data: AuthCreationData) {
  return post<{ stashAuthId: string }>('/sealAuth/createAuth', data)
}

/** GET /sealAuth/getLowPersonAuthFile: the draft's letter, unsigned, with where the seal and signatures go. */
export function useDraftLetter(stashAuthId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['seal-auth', 'draft-letter', stashAuthId],
    queryFn: () => get<AuthFileAnswer>('/sealAuth/getLowPersonAuthFile', { stashAuthId }),
    enabled: enabled && Boolean(stashAuthId),
    staleTime: Infinity,
  })
}

/** GET /sealAuth/getUseSealAuthFile: the letter the grantor signed, for the seal user. */
export function useGranteeLetter(authId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['seal-auth', 'grantee-letter', authId],
    queryFn: () => get<AuthFileAnswer>('/sealAuth/getUseSealAuthFile', { authId }),
    enabled: enabled && Boolean(authId),
    staleTime: Infinity,
  })
}

/** POST /sealAuth/submitLowPersonAuthFile: the grantor signs with handwriting and the seal password. */
export function submitGrantorSign(body: { stashAuthId: string; authFileId: string; lawPersonSignId: string; password: string }) {
  return post<{ authId: string; authFileId: string; smsSent: boolean }>('/sealAuth/submitLowPersonAuthFile', body)
}

/** POST /sealAuth/submitUseSealPersonAuthFile: the seal user countersigns; the authorisation is in force. */
export function submitGranteeSign(body: { authId: string; authFileId: string; useSealPersonSignId: string }) {
  return post<{ authId: string; authFileId: string }>('/sealAuth/submitUseSealPersonAuthFile', body)
}

/** The caller's authorisations on one tab of the list (POST /sealAuth/querySealListByAll). */
export function authorisationsOnTab(status: 1 | 2 | 3, currentPage = 1, pageSize = 50) {
  return post<{ list: AuthorizationItem[]; total: number }>('/sealAuth/querySealListByAll', { status, currentPage, pageSize })
}

/**
 * POST /sealAuth/queryAuthDetail †: one authorisation made to the caller, by id; null when the server knows
 * none of theirs by that id (数据不存在), so the screen says so instead of a failure.
 */
export async function authorisationDetail(authId: string): Promise<AuthorizationItem | null> {
  try {
    return await post<AuthorizationItem>('/sealAuth/queryAuthDetail', { authId }, { silent: true })
  } catch (error) {
    if (error instanceof RequestError && error.kind === 'business') return null
    // Anything else (network, timeout) is said as the request module says it.
    if (error instanceof RequestError && error.kind !== 'unauthorized') showToast({ content: error.message, duration: 3000 })
    throw error
  }
}

/** The authorisation `authId` while it waits for the caller to accept (authStatus 1); null once handled or unknown. */
export function useWaitingAuthorisation(authId: string) {
  return useQuery({
    queryKey: ['seal-auth', 'waiting', authId],
    queryFn: async () => {
      const item = await authorisationDetail(authId)
      return item?.mine && item.authStatus === authStatus.AUTHORIZING ? item : null
    },
    enabled: Boolean(authId),
  })
}

/** Seal status check †: 1 while the seal is in effect. */
export function sealStatus(sealId: string) {
  return post<{ status: number }>('/sealAuth/sealStatus', { sealId })
}

/** POST /sealAuth/sendSmsCode and /sealAuth/telAuth: the seal user proves the phone the authorisation was sent to. */
export function sendAcceptCode(body: { idnum: string; name: string; tel: string }) {
  return post<{ resendAfterSeconds: number }>('/sealAuth/sendSmsCode', body)
}
export function proveAcceptPhone(body: { idnum: string; name: string; tel: string; code: string }) {
  return post<null>('/sealAuth/telAuth', body)
}

/** POST /sealAuth/confirmPersonNew: the seal user confirms; with a password use method, sets the use password. */
export function confirmPerson(body: { sealId: string; useType: number; usePasswod?: string; confirmUsePassowrd?: string }) {
  return post<null>('/sealAuth/confirmPersonNew', body)
}

/** The letter PDF as the parties read it (GET /sealAuth/authFile/:fileId †), for StoredPdf's `path`. */
export const letterPath = (fileId: string) => `/sealAuth/authFile/${encodeURIComponent(fileId)}`
