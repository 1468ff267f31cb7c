import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { accounts, persons } from '../auth/tables.ts'
import { createdAt, id } from '../db/columns.ts'
import { seals } from '../seals/tables.ts'

/**
 * A personal name seal application (spec 002 "Personal name seal routes"), one row per attempt. Every
 * step writes what it proved, so a person who leaves in the middle continues where they stopped, and the
 * final submission checks the whole chain on the server rather than trusting the client's word.
 * The ID card images are never stored (spec 002 §5): only the OCR serials whose results were checked.
 */
export const personalSealApplications = pgTable(
  'personal_seal_applications',
  {
    id: id(),
    personId: text('person_id')
      .notNull()
      .references(() => persons.id),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status', { enum: ['draft', 'done', 'abandoned'] }).notNull().default('draft'),
    tel: text('tel').notNull(),
    identityChecked: boolean('identity_checked').notNull().default(false),
    frontSerial: text('front_serial'),
    backSerial: text('back_serial'),
    faceSerialNo: text('face_serial_no'),
    agreementFiles: jsonb('agreement_files').$type<{ key: string; fileId: string }[]>().notNull().default([]),
    signatureId: text('signature_id'),
    style: text('style', { enum: ['1', '2', '3'] }),
    /** The furthest step reached (route step numbers; 3 = agreements). */
    step: integer('step').notNull().default(1),
    sealId: text('seal_id').references(() => seals.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('personal_seal_applications_person_idx').on(t.personId, t.status)],
)

export type PersonalSealApplication = typeof personalSealApplications.$inferSelect
