import { and, eq, inArray, isNull } from 'drizzle-orm'
import { maskLegalPhone } from '@seal/shared/text/masking'
import { recordAudit } from '../audit/record.ts'
import type { Database } from '../db/client.ts'
import { forgetCallers } from './sessions.ts'
import { accounts, persons, sessions } from './tables.ts'

// What a verified identity (the real-name check of identity/real-name/verify.ts, or the face check before
// login) does to persons, accounts and their sessions.

/** Marks a person verified (once: the first method stays on record). */
export async function markVerified(db: Database, personId: string, method: 'three-element' | 'face'): Promise<void> {
  await db
    .update(persons)
    .set({ verifiedAt: new Date(), verificationMethod: method })
    .where(and(eq(persons.id, personId), isNull(persons.verifiedAt)))
  forgetCallers(db, { personId })
}

/**
 * A verified claim of an ID number takes it back from the unverified person who declared it first: the row
 * (and with it whatever the ID number is linked to — a unit that names it as legal representative, an
 * application, an authorisation) now belongs to the verified phone; every session of the declared phone ends.
 * Answers the row, or undefined when the holder is verified (the claim is refused) or nobody holds the number.
 */
export async function reclaimIdentity(
  db: Database,
  claim: { phone: string; name: string; identityType: string; identityNo: string; ip?: string | undefined },
): Promise<typeof persons.$inferSelect | undefined> {
  const reclaimed = await db.transaction(async (tx) => {
    const [holder] = await tx
      .select()
      .from(persons)
      .where(and(eq(persons.identityType, claim.identityType), eq(persons.identityNo, claim.identityNo)))
      .for('update')
    if (!holder || holder.verifiedAt) return undefined
    const [row] = await tx
      .update(persons)
      .set({ phone: claim.phone, name: claim.name, verifiedAt: new Date(), verificationMethod: 'three-element' })
      .where(eq(persons.id, holder.id))
      .returning()
    const holderAccounts = tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.personId, holder.id))
    await tx.update(sessions).set({ revokedAt: new Date() }).where(and(inArray(sessions.accountId, holderAccounts), isNull(sessions.revokedAt)))
    await recordAudit(tx as unknown as Database, {
      action: 'identity.reclaimed',
      target: holder.id,
      detail: { formerPhone: maskLegalPhone(holder.phone), phone: maskLegalPhone(claim.phone), formerName: holder.name },
      ip: claim.ip,
    })
    return row
  })
  if (reclaimed) forgetCallers(db, { personId: reclaimed.id })
  return reclaimed
}
