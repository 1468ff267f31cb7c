import {
  samrIdentityHashes,
  type SamrAuthenticationAnswer,
  type SamrIdentityInfo,
} from '@seal/shared/api/gov'
import type { Sm3Mode } from '@seal/shared/crypto/sm3'
import { post } from '../request/request.ts'

/**
 * POST /samr/authentication (001 §7, 002 §7): the unit's and its legal representative's ID information
 * leaves the phone only as SM3 hashes (base64; mode 2 hashes base64-decoded bytes). The legal
 * representative is the logged-in person. Answers the status (1 pre-verification, 2 licence verified,
 * 3 failure, 4 identity validated) and the statuses on the way, as the hand-off's callbacks report them.
 */
export function authenticateWithMarketRegulator(info: SamrIdentityInfo, mode: Sm3Mode = 1) {
  return post<SamrAuthenticationAnswer>('/samr/authentication', samrIdentityHashes(info, mode))
}
