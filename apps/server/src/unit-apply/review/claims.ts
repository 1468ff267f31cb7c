import { and, eq, gt, sql } from 'drizzle-orm'
import { REVIEW_CLAIM_MINUTES, reviewMessages, type ReviewClaim } from '@seal/shared/api/unit-apply-admin'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { persons } from '../../auth/tables.ts'
import type { Database } from '../../db/client.ts'
import { businessError, forbidden } from '../../errors.ts'
import { reviewClaims, type ReviewClaimRow, type UnitApplication } from '../tables.ts'
import { loadApplication } from './plan.ts'

/**
 * Claims on applications under review (issue #22): two reviewers cannot decide the same item at once. A
 * claim lives REVIEW_CLAIM_MINUTES and is renewed by claiming again; the decision takes it (or renews
 * it) first and releases it after. Taking is one conditional upsert on the application's row of
 * review_claims: it writes only when no claim exists, the claim is the caller's, or it has expired, so
 * of any number of concurrent claims by different reviewers exactly one holds.
 */

/** Who claims: the operator or API key (kind and id), the name others see, the ID number (null for a key). */
export type Claimant = { key: string; name: string; identityNo: string | null }

/** The claimant of an operator caller (plugins/caller.ts OperatorCaller). */
export const claimantOf = (operator: { kind: string; id: string; name: string; identityNo: string | null }): Claimant => ({
  key: `${operator.kind}:${operator.id}`,
  name: operator.name,
  identityNo: operator.identityNo,
})

export const claimOf = (row: Pick<ReviewClaimRow, 'claimantKey' | 'claimantName' | 'expiresAt'>, claimant: Claimant): ReviewClaim => ({
  operatorName: row.claimantName,
  expiresAt: row.expiresAt.getTime(),
  mine: row.claimantKey === claimant.key,
})

/** The live claim on an application, as the claimant sees it; null when none lives. */
export async function liveClaim(db: Database, applicationId: string, claimant: Claimant): Promise<ReviewClaim | null> {
  const [row] = await db
    .select()
    .from(reviewClaims)
    .where(and(eq(reviewClaims.applicationId, applicationId), gt(reviewClaims.expiresAt, sql`now()`)))
    .limit(1)
  return row ? claimOf(row, claimant) : null
}

/**
 * Every identity number the application names: the applicant, the legal representative, the operator, the
 * seal manager. A reviewer whose own number is among them may neither claim nor decide it.
 */
export async function namedIdentities(db: Database, application: UnitApplication): Promise<Set<string>> {
  const [applicant] = await db.select({ identityNo: persons.identityNo }).from(persons).where(eq(persons.id, application.applicantPersonId)).limit(1)
  const form = application.form
  const numbers = [applicant?.identityNo, application.legalPersonIdentityNo, form.legalPersonIdentityNo, form.operatorIdCardNo, form.sealManagerIdentityNo]
  return new Set(numbers.map(normalisedId).filter(Boolean))
}

const normalisedId = (value: string | null | undefined) => (value ?? '').trim().toUpperCase()

/** Whether the claimant is named in the application (an API key, with no ID number, never is). */
export async function isOwnApplication(db: Database, application: UnitApplication, claimant: Claimant): Promise<boolean> {
  const own = normalisedId(claimant.identityNo)
  return own !== '' && (await namedIdentities(db, application)).has(own)
}

/**
 * POST /admin/applications/:id/claim, and the first step of a decision: takes or renews the claimant's
 * claim on a PENDING_REVIEW application. Refused when the claimant is named in it, or when another live
 * claim exists (its holder and expiry in the refusal's data).
 */
export async function claimApplication(
  db: Database,
  options: { applicationId: string; claimant: Claimant; notPendingMessage?: string },
): Promise<ReviewClaim> {
  const { applicationId, claimant } = options
  const application = await loadApplication(db, applicationId)
  if (application.applyStatus !== applyStatus.PENDING_REVIEW) throw businessError(options.notPendingMessage ?? reviewMessages.claimNotPending)
  if (await isOwnApplication(db, application, claimant)) throw forbidden(reviewMessages.ownApplication)
  // Twice at most: a claim that expires between the upsert and the read of the holder is taken on the second round.
  for (let round = 0; round < 2; round++) {
    const [taken] = await db
      .insert(reviewClaims)
      .values({
        applicationId,
        claimantKey: claimant.key,
        claimantName: claimant.name,
        claimedAt: sql`now()`,
        expiresAt: sql`now() + make_interval(mins => ${REVIEW_CLAIM_MINUTES})`,
      })
      .onConflictDoUpdate({
        target: reviewClaims.applicationId,
        set: { claimantKey: claimant.key, claimantName: claimant.name, claimedAt: sql`now()`, expiresAt: sql`excluded.expires_at` },
        setWhere: sql`${reviewClaims.claimantKey} = excluded.claimant_key or ${reviewClaims.expiresAt} <= now()`,
      })
      .returning()
    if (taken) return claimOf(taken, claimant)
    const holder = await liveClaim(db, applicationId, claimant)
    if (holder) throw businessError(reviewMessages.claimedByOther(holder.operatorName), { operatorName: holder.operatorName, expiresAt: holder.expiresAt })
  }
  throw businessError(reviewMessages.claimedByOther('其他审核员'))
}

/** DELETE /admin/applications/:id/claim and the end of a decision: the claimant's own claim released. */
export async function releaseClaim(db: Database, options: { applicationId: string; claimant: Claimant }): Promise<boolean> {
  const released = await db
    .delete(reviewClaims)
    .where(and(eq(reviewClaims.applicationId, options.applicationId), eq(reviewClaims.claimantKey, options.claimant.key)))
    .returning({ applicationId: reviewClaims.applicationId })
  return released.length > 0
}
