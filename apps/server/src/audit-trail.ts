import { routeRoles } from '@seal/shared/api/operators'
import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '@seal/shared/api/envelope'
import { auditChain } from './audit/audit-chain.ts'
import { linkAll, verifyChain, type ChainReport } from './audit/chain.ts'
import type { Database } from './db/client.ts'
import { useRecordChain } from './records/use-record-chain.ts'
import { signChainHead, verifyChainHeads, type HeadsReport } from './trust/chain-heads.ts'
import type { Trust } from './trust/context.ts'

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

/**
 * The chainer of one server process: links new rows every `linkEveryMs` and signs the heads every
 * `signEveryMs` (0: never). Every process may run one (the linker takes an advisory lock). Answers a stop
 * that finishes the round under way and links what is left.
 */
export function startChainer(options: { trust: Trust; linkEveryMs: number; signEveryMs: number; log: FastifyBaseLogger }): () => Promise<void> {
  const { trust, log } = options
  let running: Promise<void> = Promise.resolve()
  const round = (what: () => Promise<unknown>, failure: string) => {
    running = running.then(what).then(
      () => undefined,
      (error: unknown) => log.error({ err: error }, failure),
    )
  }
  const link = setInterval(() => round(() => linkChains(trust.db), '审计链链接失败'), options.linkEveryMs)
  link.unref()
  const sign =
    options.signEveryMs > 0
      ? setInterval(
          () =>
            round(async () => {
              await linkChains(trust.db)
              for (const chain of chains) await signChainHead(trust, chain)
            }, '审计链签名失败'),
          options.signEveryMs,
        )
      : undefined
  sign?.unref()
  return async () => {
    clearInterval(link)
    if (sign) clearInterval(sign)
    round(() => linkChains(trust.db), '审计链链接失败')
    await running
  }
}

/** GET /api/admin/audit/verify: the operator's check of the audit trail (the console of issue #22 shows it). */
export const auditTrailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/audit/verify', { config: { operatorRoles: routeRoles.auditRead }, schema: { tags: ['admin'], summary: '校验审计链与用章记录链（逐条核对哈希与已签名的链头）' } }, async () => {
    await linkChains(app.db)
    return ok(await verifyAuditTrail(app.db))
  })
}
