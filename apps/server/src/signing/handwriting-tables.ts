import { boolean, index, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core'
import type { SignData, SignDevice } from '@seal/shared/api/handwriting'
import { accounts } from '../auth/tables.ts'
import { files } from '../files/tables.ts'
import { createdAt, id } from '../db/columns.ts'

/**
 * Every handwritten signature submitted: reference samples (purpose `sample`, passed) are what later
 * signatures are compared with; rejected samples and verifications are kept as evidence only. Samples
 * belong to the person (ID type and number), not the account, so the same person's personal and
 * enterprise logins share them.
 */
export const handwritingSamples = pgTable(
  'handwriting_samples',
  {
    id: id(),
    identityType: text('identity_type').notNull(),
    identityNo: text('identity_no').notNull(),
    personName: text('person_name').notNull(),
    /** The account whose session submitted it. */
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    purpose: text('purpose', { enum: ['sample', 'verify'] }).notNull(),
    pass: boolean('pass').notNull(),
    /** False when there was nothing to compare with (a person's first sample). */
    compared: boolean('compared').notNull(),
    score: real('score').notNull(),
    /** The strokes as captured, so a reference can be compared again when the method improves. */
    signData: jsonb('sign_data').$type<SignData>().notNull(),
    /** The rendered PNG, owned by the submitting account. */
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    device: jsonb('device').$type<SignDevice>(),
    fingerprint: text('fingerprint'),
    /** The signature the person chose for their seal (002 §3 signChoose); one per person at most. */
    chosen: boolean('chosen').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('handwriting_samples_person_idx').on(t.identityType, t.identityNo)],
)
