import { routeRoles } from '@seal/shared/api/operators'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '@seal/shared/api/envelope'
import { auditChain } from './audit/audit-chain.ts'
import { linkAll, verifyChain, type ChainReport } from './audit/chain.ts'
import type { Database } from './db/client.ts'
import { useRecordChain } from './records/use-record-chain.ts'
import { verifyChainHeads, type HeadsReport } from './trust/chain-heads.ts'

/** The service's hash chains: the audit log and the use records (docs/decisions.md "An audit trail no one can rewrite"). */
export const chains = [auditChain, useRecordChain]

/** Links every row written since the last round, in each chain. */
export async function linkChains(db: Database): Promise<void> {
  for (const chain of chains) await linkAll(db, chain)
}

export type AuditTrailReport = { ok: boolean; chains: (ChainReport & HeadsReport)[] }

/**
 * Verifies both chains from their first entry and every signed head: `ok` only if no entry was edited,
 * deleted or moved and every head still holds. `npm run audit:verify` and GET /api/admin/audit/verify.
 */
export async function verifyAuditTrail(db: Database): Promise<AuditTrailReport> {
  const reports = []
  for (const chain of chains) {
    const report = await verifyChain(db, chain)
    reports.push({ ...report, ...(await verifyChainHeads(db, chain, report)) })
  }
  return { ok: reports.every((report) => !report.firstBreak && !report.firstBadHead), chains: reports }
}

/** GET /api/admin/audit/verify: the operator's check of the audit trail (the console of issue #22 shows it). */
export const auditTrailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/audit/verify', { config: { operatorRoles: routeRoles.auditRead }, schema: { tags: ['admin'], summary: '校验审计链与用章记录链（逐条核对哈希与已签名的链头）' } }, async () => {
    await linkChains(app.db)
    return ok(await verifyAuditTrail(app.db))
  })
}
