import { samrHashInput, samrStatus } from '@seal/shared/api/gov'
import { sm3Base64 } from '@seal/shared/crypto/sm3'
import type { Database } from '../../db/client.ts'
import { EnterpriseVerificationTimeout } from '../enterprise-provider.ts'
import { sandboxEnterprises } from '../tables.ts'
import { samrMessages, type SamrProvider, type SamrVerdict } from './samr-provider.ts'

/**
 * The sandbox regulator, answering from the sandbox enterprise registry (docs/providers.md
 * "Enterprise verification") by hashes, as the regulator does: it hashes each unit's credit code, name and
 * legal representative (the same normalisation the client applies, SM3, base64) and compares.
 * - no unit with that credit code hash, or one whose name or legal representative differs: 3 (企业信息不匹配!);
 * - a unit whose outcome is `40075`: 1, pre-verification (the regulator has not decided);
 * - a unit whose outcome is `timeout`: EnterpriseVerificationTimeout, at once;
 * - a unit whose every hash matches: 4, identity validated.
 */
export function sandboxSamrProvider(options: { db: Database }): SamrProvider {
  return {
    kind: 'sandbox',
    async authenticate(query) {
      // The registry is the sandbox's few units (and what operators add): each credit code is hashed to find the one asked for.
      for (const unit of await options.db.select().from(sandboxEnterprises)) {
        const text = samrHashInput(unit)
        if (sm3Base64(text.socialCreditCode) !== query.socialCreditCode) continue
        if (unit.outcome === 'timeout') throw new EnterpriseVerificationTimeout()
        if (unit.outcome === '40075') return verdict(samrStatus.PRE_VERIFICATION)
        const matches =
          sm3Base64(text.unitName) === query.unitName &&
          sm3Base64(text.legalPersonName) === query.legalPersonName &&
          sm3Base64(text.legalPersonIdentityNo) === query.legalPersonIdentityNo
        return verdict(matches ? samrStatus.IDENTITY_VALIDATED : samrStatus.FAILURE)
      }
      return verdict(samrStatus.FAILURE)
    },
  }
}

const verdict = (status: SamrVerdict['status']): SamrVerdict => ({ status, msg: samrMessages[status] })
