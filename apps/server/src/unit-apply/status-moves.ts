import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client.ts'
import { sendSmsNotice } from '../identity/sms-notice.ts'
import type { SmsProvider } from '../identity/sms-provider.ts'
import type { Trust } from '../trust/context.ts'
import { applyServerMessages } from './messages.ts'
import { reviewSubmitted } from './review/run.ts'
import { unitApplications, type UnitApplication } from './tables.ts'

/**
 * An application's status moves and what follows them: review after a move to PENDING_REVIEW, the legal
 * representative's SMS after one to PENDING_SIGN. The wizard (service.ts) and the signature (signing.ts)
 * both move applications, so this sits below them both.
 */

/**
 * A status change taken only from the statuses named, in one conditional UPDATE: of two requests at once
 * one moves it and the other finds it moved. False when nothing moved.
 */
export async function moveStatus(db: Database, options: { id: string; from: string[]; set: Partial<typeof unitApplications.$inferInsert> }): Promise<boolean> {
  const moved = await db
    .update(unitApplications)
    .set({ ...options.set, updatedAt: new Date() })
    .where(and(eq(unitApplications.id, options.id), inArray(unitApplications.applyStatus, options.from), isNull(unitApplications.deletedAt)))
    .returning({ id: unitApplications.id })
  return moved.length > 0
}

/** The review hook after a move to PENDING_REVIEW; it never undoes the move. */
export async function runReview(trust: Trust, applicationId: string, log: FastifyBaseLogger): Promise<void> {
  try {
    await reviewSubmitted(trust, applicationId)
  } catch (error) {
    log.error({ err: error, applicationId }, 'review after submission failed; the application waits for a reviewer')
  }
}

/**
 * An operator's application now waits for the legal representative: they are told by SMS at the phone the
 * application gives for them. A gateway failure is only reported; the submission stands.
 */
export async function noticeLegalRepresentative(
  options: { sms: SmsProvider; db: Database },
  row: Pick<UnitApplication, 'unitName' | 'form'>,
  warn: (error: unknown) => void,
): Promise<void> {
  const text = applyServerMessages.legalSignNotice(row.form.operatorRealName, row.unitName)
  await sendSmsNotice(options.sms, { phone: row.form.legalTel, text }, warn, { db: options.db })
}
