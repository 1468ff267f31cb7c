import { sql, type AnyColumn } from 'drizzle-orm'
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { UnitApplicationForm } from '@seal/shared/api/unit-apply'
import type { OfflineMaterialsReceipt, SealImpressionReading } from '@seal/shared/api/unit-apply-admin'
import type { ChangeOriginal } from '@seal/shared/rules/unit-apply'
import { accounts, persons, units } from '../auth/tables.ts'
import { createdAt, id } from '../db/columns.ts'
import { tripled } from '../db/search.ts'

/** The stored form: everything typed and uploaded, never the passwords (their hashes are columns). */
export type StoredForm = Omit<UnitApplicationForm, 'id' | 'legalPassword' | 'legalPasswordConfirm' | 'sealManagerPassword' | 'sealManagerPasswordConfirm'> & {
  /**
   * A change's starting point (001 §3 orgUnitName, orgLegalName, orgLegalNo): the unit on record for the
   * seal, set by the server on every save of the draft (checks.ts changeOriginalOf), never from the body.
   */
  changeOriginal?: ChangeOriginal | null
  /**
   * The draft 重新申请 made from this (failed, withdrawn or refused) application, set by the server
   * (service.ts `reapply`): pressing it again goes to that draft while it is one.
   */
  reappliedAs?: string
  /**
   * What the impression check read on each seal's photo (seals/face-readings.ts), found again by the photo
   * on every save of the draft, never from the body; the reviewer's detail shows it.
   */
  impressionReadings?: SealImpressionReading[]
  /**
   * The legal representative set legalPinHash himself when he signed this operator's application (signing.ts
   * submitSign); set by the server only. Review makes no seal of an operator's application without it.
   */
  legalPinSetAtSigning?: boolean
  /**
   * The door the application came through (issue #21): absent for the new wizard (/new/seal/home),
   * OFFLINE for the operator's offline materials (/seal-apply/operator/*, `offlineApply/*`), OLDER for the
   * older step wizard, change and renewal pages (/seal-apply/step-*, /seal-change/*, /seal-renewal/*).
   * One application model behind all three: the same statuses, review and making. Set by the server only.
   */
  door?: 'OFFLINE' | 'OLDER'
  /**
   * What only the offline door keeps (offline-apply/): the paper materials' courier record (recheckByApplyId),
   * 稍后上传 chosen at step-2-2 (pendingUpload), the registration place as typed. Set by the server only.
   */
  offline?: OfflineExtras
}

export type OfflineExtras = {
  delivery?: { deliverCompany: string; deliverNo: string; authType: string; deliverTime: number } | null
  /** The reviewer's record that the paper arrived and what it held (POST /admin/offline-materials/:id/receipt). */
  receipt?: OfflineMaterialsReceipt | null
  pendingUpload?: boolean
  registrationPlace?: string
}

/** A seal item's outcome; `itemId` is the item's `_id` (review records one outcome per item). */
export type SealItemOutcome = { itemId?: string; sealTypeCode: string; sealName: string; sealId: string | null; failReason: string | null }
export type SignedFile = { key: string; title: string; fileId: string }

/**
 * An enterprise seal application of the new wizard (spec 001 §3 "Application (new wizard)"), one row per
 * application, draft to result. The form is kept whole as typed (jsonb, the shared contract's shape);
 * what lists, the agency centre and reviewers filter on is copied into columns with their indexes.
 * The legal representative's and manager's seal PINs are hashed (argon2id) the moment step 2 is saved.
 */
export const unitApplications = pgTable(
  'unit_applications',
  {
    id: id(),
    /** Who applies: the legal representative's or the operator's account and person. */
    applicantAccountId: text('applicant_account_id')
      .notNull()
      .references(() => accounts.id),
    applicantPersonId: text('applicant_person_id')
      .notNull()
      .references(() => persons.id),
    /** LEGAL_APPLY or OPERATOR_APPLY. */
    applyType: text('apply_type').notNull(),
    /** APPLY, CHANGE, RENEWAL, CANCEL, RETRIEVE. */
    businessType: text('business_type').notNull(),
    step: text('step').notNull().default('1'),
    /** TEMPORARY_SAVE … LEGAL_REFUSED (@seal/shared/codes/apply-status). */
    applyStatus: text('apply_status').notNull().default('TEMPORARY_SAVE'),
    /** The unit, once known (an enterprise login, or made on approval). */
    unitId: text('unit_id').references(() => units.id),
    socialCreditCode: text('social_credit_code').notNull().default(''),
    unitName: text('unit_name').notNull().default(''),
    /** The legal representative named on the application: the agency centre finds their to-dos by it. */
    legalPersonIdentityNo: text('legal_person_identity_no').notNull().default(''),
    /** Comma-separated seal types (the record list's sealType). */
    sealTypes: text('seal_types').notNull().default(''),
    /** The seal the wizard was opened for (change, renewal, cancellation). */
    sealId: text('seal_id').notNull().default(''),
    /**
     * The channel the applicant last saved it through (the session's, auth/tables.ts): its configuration and
     * its list of paper materials apply. Null on applications saved before channels were recorded.
     */
    channel: text('channel'),
    form: jsonb('form').$type<StoredForm>().notNull(),
    legalPinHash: text('legal_pin_hash'),
    managerPinHash: text('manager_pin_hash'),
    companyVerifyPass: boolean('company_verify_pass'),
    companyVerifyReason: text('company_verify_reason'),
    serialNo: text('serial_no'),
    faceSerialNo: text('face_serial_no'),
    signedFiles: jsonb('signed_files').$type<SignedFile[]>().notNull().default([]),
    /**
     * The verified legal representative who signed the documents (submitSign). Automatic review approves
     * nothing without it (docs/decisions.md "Who is who").
     */
    legalSignedBy: text('legal_signed_by'),
    failReason: text('fail_reason'),
    failSealItems: jsonb('fail_seal_items').$type<SealItemOutcome[]>().notNull().default([]),
    successSealItems: jsonb('success_seal_items').$type<SealItemOutcome[]>().notNull().default([]),
    /** Set by the reviewer (the operator API) or by automatic review. */
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** 删除: a draft the applicant deleted stays for the audit trail but leaves every list. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // The record list: the caller's applications of one tab, newest first.
    index('unit_applications_applicant_idx')
      .on(t.applicantPersonId, t.applyType, t.createdAt.desc(), t.id.desc())
      .where(sql`deleted_at is null`),
    // The agency centre: applications waiting for (or handled by) a legal representative.
    index('unit_applications_legal_idx').on(t.legalPersonIdentityNo, t.applyStatus, t.submittedAt.desc()),
    // Reviewers: by status, oldest submission first.
    index('unit_applications_review_idx').on(t.applyStatus, t.submittedAt),
    // The backlog list and its count (backlog.ts): a legal representative's to-dos in order, the status read
    // from the index, so counting thousands of handled items needs no row (measured, decisions.md).
    index('unit_applications_backlog_idx')
      .on(t.legalPersonIdentityNo, sql`btrim(${t.form} ->> 'legalPersonName')`, t.submittedAt.desc(), t.id.desc(), t.applyStatus)
      .where(sql`apply_type = 'OPERATOR_APPLY' and submitted_at is not null and deleted_at is null and coalesce(form ->> 'unitTypeCode', '') <> '06'`),
    // Reviewers' contains-search of the unit name (db/search.ts tripled text).
    index('unit_applications_unit_name_trgm_idx').using('gin', sql`${tripled(t.unitName)} gin_trgm_ops`),
    // The review queue's `q`: unit name, credit code and the names on it, in one tripled text (reviewSearchText).
    index('unit_applications_review_search_trgm_idx').using('gin', sql`${tripled(reviewSearchText(t))} gin_trgm_ops`),
    // The review queue by door: status, door, oldest submission first.
    index('unit_applications_review_door_idx').on(t.applyStatus, reviewDoorOf(t), t.submittedAt, t.id),
    // The offline materials desk: offline applications once submitted, oldest first (offline-apply/materials.ts).
    index('unit_applications_offline_materials_idx')
      .on(t.submittedAt, t.id)
      .where(sql`deleted_at is null and submitted_at is not null and form ->> 'door' = 'OFFLINE'`),
    index('unit_applications_unit_idx').on(t.socialCreditCode, t.applyStatus),
    // The dashboard's decided-times figure: applications decided in a period, read from the index alone.
    index('unit_applications_reviewed_idx').on(t.reviewedAt, t.submittedAt, t.applyStatus),
  ],
)

export type UnitApplication = typeof unitApplications.$inferSelect

/**
 * The text the review queue's `q` searches: the unit name, the credit code, the legal representative's and
 * the operator's names (the applicant is one of them). Index and query spell it the same way.
 */
export function reviewSearchText(t: { unitName: AnyColumn; socialCreditCode: AnyColumn; form: AnyColumn }) {
  return sql`(${t.unitName} || ' ' || ${t.socialCreditCode} || ' ' || coalesce(${t.form} ->> 'legalPersonName', '') || ' ' || coalesce(${t.form} ->> 'operatorRealName', ''))`
}

/** The door as the queue names it: ONLINE (no door recorded: the new wizard), OFFLINE, OLDER. */
export function reviewDoorOf(t: { form: AnyColumn }) {
  return sql`coalesce(${t.form} ->> 'door', 'ONLINE')`
}

/**
 * A reviewer's claim on an application (issue #22): while it lives (15 minutes, renewed by claiming
 * again) no other reviewer may claim or decide it. One row per application (the primary key): taking it
 * is one conditional upsert, so of two reviewers claiming at once exactly one holds it.
 */
export const reviewClaims = pgTable('review_claims', {
  applicationId: text('application_id')
    .primaryKey()
    .references(() => unitApplications.id, { onDelete: 'cascade' }),
  /** Who holds it: the operator's or API key's kind and id (`operator:<id>`, `apiKey:<id>`). */
  claimantKey: text('claimant_key').notNull(),
  /** The name shown to other reviewers. */
  claimantName: text('claimant_name').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
export type ReviewClaimRow = typeof reviewClaims.$inferSelect
