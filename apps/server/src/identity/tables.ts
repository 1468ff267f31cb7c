import { boolean, index, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../db/columns.ts'

/** What the sandbox SMS provider "sent": the developer outbox page reads it. */
export const smsOutbox = pgTable(
  'sms_outbox',
  { id: id(), phone: text('phone').notNull(), text: text('text').notNull(), createdAt: createdAt() },
  (t) => [index('sms_outbox_phone_idx').on(t.phone)],
)

/**
 * One face verification: a token is exchanged first (paasExchangeToken), the selfie is checked against
 * it, and the result is queried by serial number. Status 1 start, 2 success, 3 fail (spec 002 §4).
 */
export const faceVerifications = pgTable('face_verifications', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  identityType: text('identity_type').notNull(),
  identityNo: text('identity_no').notNull(),
  realName: text('real_name').notNull(),
  status: text('status', { enum: ['1', '2', '3'] })
    .notNull()
    .default('1'),
  message: text('message'),
  score: real('score'),
  selfieFileId: text('selfie_file_id'),
  requestedBy: text('requested_by'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
})

/**
 * One OCR upload (/paas-ai/ocr/uploadImgBase64): recognised at once, its result kept for the query by
 * serial (busSerialNo). The image itself is not kept (ID images stay on the phone, spec 002 §5), only its
 * SHA-256. imgType 10 ID front, 11 ID back, 20 business licence.
 */
export const ocrRequests = pgTable(
  'ocr_requests',
  {
    id: id(),
    /** 30: a seal impression's face read by the cut-out (seals/face-readings.ts), kept for the reviewer. */
    imgType: text('img_type', { enum: ['10', '11', '20', '30'] }).notNull(),
    requestedBy: text('requested_by').notNull(),
    imageSha256: text('image_sha256').notNull(),
    status: text('status', { enum: ['recognized', 'failed'] }).notNull(),
    /** The recognised fields (ocr-types.ts), or null when recognition failed. */
    result: jsonb('result'),
    /** Why recognition failed: unreadable, wrongSide or unavailable. */
    failure: text('failure'),
    createdAt: createdAt(),
  },
  (t) => [index('ocr_requests_requester_image_idx').on(t.requestedBy, t.imageSha256)],
)

/**
 * The sandbox enterprise registry (docs/providers.md "Enterprise verification"): the units the sandbox
 * four-element and licence checks know, with the outcome each produces on purpose. Seeded with the demo
 * unit and a few more at first start; operators add units through POST /api/admin/sandbox/enterprises.
 * outcome: normal (the four elements are compared), 40075 (the vendor cannot decide: manual review),
 * timeout (the vendor does not answer in time).
 */
export const sandboxEnterprises = pgTable('sandbox_enterprises', {
  socialCreditCode: text('social_credit_code').primaryKey(),
  unitName: text('unit_name').notNull(),
  legalPersonName: text('legal_person_name').notNull(),
  legalPersonIdentityNo: text('legal_person_identity_no').notNull(),
  unitTypeCode: text('unit_type_code').notNull().default('02'),
  regionCode: text('region_code'),
  outcome: text('outcome', { enum: ['normal', '40075', 'timeout'] })
    .notNull()
    .default('normal'),
  createdAt: createdAt(),
})

/**
 * One unit verification (four-element or business-licence check) as asked of the provider and answered:
 * the application it was for, what was compared (the legal person's ID number kept only as a hash) and
 * the result. ranId is the serial the application keeps.
 */
export const enterpriseVerifications = pgTable(
  'enterprise_verifications',
  {
    id: id(),
    ranId: text('ran_id').notNull().unique(),
    requestedBy: text('requested_by').notNull(),
    applicationId: text('application_id'),
    method: text('method', { enum: ['fourElements', 'licence'] }).notNull(),
    provider: text('provider').notNull(),
    socialCreditCode: text('social_credit_code').notNull(),
    unitName: text('unit_name').notNull(),
    legalPersonName: text('legal_person_name').notNull(),
    legalIdentitySha256: text('legal_identity_sha256').notNull(),
    resultStatus: text('result_status').notNull(),
    responseInfo: text('response_info').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('enterprise_verifications_application_idx').on(t.applicationId)],
)

/**
 * The sandbox person registry (docs/providers.md "Real-name verification"): what the carriers' three-element
 * check knows, keyed by phone as theirs is. Seeded with the demo persons and the sandbox units' legal
 * representatives; operators add persons through POST /api/admin/sandbox/persons. outcome: normal (name and
 * ID number are compared), timeout (the check does not answer in time).
 */
export const sandboxPersons = pgTable('sandbox_persons', {
  phone: text('phone').primaryKey(),
  name: text('name').notNull(),
  identityNo: text('identity_no').notNull(),
  outcome: text('outcome', { enum: ['normal', 'timeout'] })
    .notNull()
    .default('normal'),
  createdAt: createdAt(),
})

/**
 * Every real-name check asked of the provider and its answer: for whom (the phone, the name, the ID number
 * kept only as a hash) and the result (pass, mismatch, unknown, timeout).
 */
export const realNameChecks = pgTable(
  'real_name_checks',
  {
    id: id(),
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    identitySha256: text('identity_sha256').notNull(),
    provider: text('provider').notNull(),
    result: text('result', { enum: ['pass', 'mismatch', 'unknown', 'timeout'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('real_name_checks_phone_idx').on(t.phone, t.createdAt)],
)
