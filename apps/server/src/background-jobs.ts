import type { FastifyInstance } from 'fastify'
import { chains, linkChains } from './audit-trail.ts'
import { resendSmsNotice, type SmsNotice } from './identity/sms-notice.ts'
import { queues, startJobQueue, type JobQueue } from './jobs/queue.ts'
import { openApiHousekeeping } from './open-api/housekeeping.ts'
import { createWebhookWorker, queueOverdueDeliveries } from './platforms/webhook-worker.ts'
import { sendAuthExpiryNotices } from './seal-auth/expiry-notices.ts'
import { currentCrl } from './trust/ca.ts'
import { signChainHead } from './trust/chain-heads.ts'

const MINUTE_MS = 60_000

/**
 * The background work of one server process, on the job queue (docs/deploy.md "Background jobs"): every
 * process works every queue, and each job runs in one of them. Started after listening; its `stop` comes
 * before the app closes (main.ts).
 */
export async function startBackgroundJobs(app: FastifyInstance, options: { pollingSeconds?: number } = {}): Promise<JobQueue> {
  const { db, config, trust, log } = app
  const queue = await startJobQueue({ db, log, ...options })
  // A drop in the queue (a hand-off, an idle poll) costs little; a webhook should not wait long for it.
  const periodic = { pollingSeconds: Math.max(2, options.pollingSeconds ?? 2) }

  // Platforms' webhooks (docs/platforms.md "Webhooks"): a job per attempt, ten at a time per process.
  const webhooks = createWebhookWorker({ db, keys: trust.keys, allowPrivateAddresses: config.webhookAllowPrivateAddresses, backoffMs: config.webhookRetryMs, log })
  await queue.work<{ deliveryId: string }>(queues.webhookDelivery, ({ deliveryId }) => webhooks.deliver(deliveryId), { batchSize: 10, ...options })
  await queue.work(
    queues.webhookSweep,
    async () => {
      const queued = await queueOverdueDeliveries(db, new Date())
      if (queued > 0) log.warn({ queued }, '已为逾期未发送的推送重新排队')
    },
    periodic,
  )
  queue.every(queues.webhookSweep, MINUTE_MS)

  // SMS to seal users whose authorisations end soon, at start and every AUTH_EXPIRY_NOTICES_EVERY_MINUTES.
  await queue.work(
    queues.authExpiryNotices,
    async () => {
      const { sent } = await sendAuthExpiryNotices({ db, sms: app.providers.sms, now: new Date(), warn: (message, error) => log.warn({ err: error }, message) })
      if (sent > 0) log.info({ sent }, '已发送授权到期提醒短信')
    },
    periodic,
  )
  queue.every(queues.authExpiryNotices, config.authExpiryNoticeEveryMs)

  // The audit log and the use records are hash-chained a moment after they are written, their heads signed at intervals.
  await queue.work(queues.auditChainLink, () => linkChains(db), periodic)
  queue.every(queues.auditChainLink, config.auditChain.linkEveryMs)
  await queue.work(
    queues.auditChainSign,
    async () => {
      await linkChains(db)
      for (const chain of chains) await signChainHead(trust, chain)
    },
    periodic,
  )
  queue.every(queues.auditChainSign, config.auditChain.signEveryMs)

  // The open API's old nonces, idempotency keys and long-expired tokens.
  await queue.work(queues.openApiHousekeeping, () => openApiHousekeeping(db, new Date()), periodic)
  queue.every(queues.openApiHousekeeping, MINUTE_MS)

  // SMS notices the gateway refused while a request was answered (identity/sms-notice.ts).
  await queue.work<SmsNotice>(queues.smsNotice, (message) => resendSmsNotice(app.providers.sms, message), periodic)

  // The CRL is re-signed a day before it would go stale, here rather than by the first fetch after.
  await queue.work(queues.crlRefresh, async () => void (await currentCrl(trust)), periodic)
  queue.every(queues.crlRefresh, 60 * MINUTE_MS)
  return queue
}
