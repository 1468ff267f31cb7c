import { useQuery } from '@tanstack/react-query'
import type { ApplySealType, SealRecord } from '@seal/shared/api/older-apply'
import { isCreditCode } from '@seal/shared/rules/credit-code'
import { post } from '../../../lib/request/request.ts'

/** POST /seal/queryMake: the unit's seal records (carrierTypeCode 1), or those bearing a physical seal code. */
export function queryMake(body: { socialCreditCode: string; sealCode?: string; useUnitName?: string }) {
  return post<SealRecord[]>('/seal/queryMake', { carrierTypeCode: 1, ...body }, { silent: true })
}

/** POST /seal/queryCannotMakeBySocialCreditCode: the types the unit holds or applies for. */
export function queryCannotMake(socialCreditCode: string) {
  return post<{ sealTypeCode: string; sealTypeName: string; applying: boolean }[]>(
    '/seal/queryCannotMakeBySocialCreditCode',
    { socialCreditCode },
    { silent: true },
  )
}

/** POST /apply/get/applySealTypeCode: the seal types offered, with canMake. */
export function applySealTypes(socialCreditCode: string) {
  return post<ApplySealType[]>('/apply/get/applySealTypeCode', { socialCreditCode }, { silent: true })
}

/**
 * Step 1's three questions about a unit's seals (001 §4 "Seal-type choice"), asked together once the credit
 * code is valid; 获取印章信息失败，请重试 when any fails.
 */
export function useUnitSealFacts(socialCreditCode: string) {
  const code = socialCreditCode.trim().toUpperCase()
  return useQuery({
    queryKey: ['older-apply', 'seal-facts', code],
    queryFn: async () => {
      const [types, records, cannot] = await Promise.all([
        applySealTypes(code),
        queryMake({ socialCreditCode: code }),
        queryCannotMake(code),
      ])
      return { types, records, cannot }
    },
    enabled: isCreditCode(code),
    staleTime: 30_000,
  })
}
