import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/request.ts'

/** One hash chain's verification (apps/server/src/audit-trail.ts AuditTrailReport). */
export type ChainReport = {
  chain: string
  entries: number
  unlinked: number
  head: { chainSeq: number; entryHash: string } | null
  firstBreak: { chainSeq: number; id: string | null; reason: string } | null
  heads: number
  firstBadHead: { chainSeq: number; reason: string } | null
}
export type AuditTrailReport = { ok: boolean; chains: ChainReport[] }

/** GET /admin/audit/verify: walks both chains from their first entry and checks every signed head (it takes a while on a long chain). */
export const useVerifyChain = () =>
  useMutation({ mutationFn: () => api<AuditTrailReport>('GET', '/admin/audit/verify') })
