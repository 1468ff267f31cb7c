import { and, asc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { reviewMessages, type OfflineMaterialsItem, type OfflineMaterialsQuery, type OfflineMaterialsReceipt, type OfflineReceiptBody } from '@seal/shared/api/unit-apply-admin'
import { persons } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { containsPattern, containsText } from '../db/search.ts'
import { businessError, invalidInput, notFound } from '../errors.ts'
import { unitApplications, type UnitApplication } from '../unit-apply/tables.ts'
import { materialsFor } from '@seal/shared/rules/offline-materials'
import { consigneeForIdentity } from './consignee.ts'

const a = unitApplications
const delivery = sql`${a.form} -> 'offline' -> 'delivery'`
const receipt = sql`${a.form} -> 'offline' -> 'receipt'`
const present = (value: SQL) => sql`jsonb_typeof(${value}) = 'object'`

/** Offline applications once submitted: the rows unit_applications_offline_materials_idx holds (its predicate spelt as a literal, so the planner matches it). */
const offlineSubmitted = [isNull(a.deletedAt), isNotNull(a.submittedAt), sql`${a.form} ->> 'door' = 'OFFLINE'`]

/**
 * The offline materials desk (GET /admin/offline-materials, issue #22): offline applications whose paper
 * was mailed (a courier record) or recorded as received, oldest submission first, keyset-paged by
 * (submitted_at, id). One query over the partial index of submitted offline applications; `q` matches part
 * of the unit name (its trigram index) or of the waybill number.
 */
export async function listOfflineMaterials(db: Database, query: OfflineMaterialsQuery): Promise<{ records: OfflineMaterialsItem[]; lastId: string | null; hasMore: boolean }> {
  const filters: (SQL | undefined)[] = [
    ...offlineSubmitted,
    or(present(delivery), present(receipt)),
    query.received === undefined ? undefined : query.received ? present(receipt) : sql`not coalesce(${present(receipt)}, false)`,
    query.q ? or(containsText(a.unitName, query.q), sql`${delivery} ->> 'deliverNo' ilike ${containsPattern(query.q)}`) : undefined,
    query.lastId ? sql`(${a.submittedAt}, ${a.id}) > (select c.submitted_at, c.id from ${a} c where c.id = ${query.lastId})` : undefined,
  ]
  const rows = await db
    .select({ application: a, applicant: { name: persons.name, identityNo: persons.identityNo } })
    .from(a)
    .innerJoin(persons, eq(persons.id, a.applicantPersonId))
    .where(and(...filters))
    .orderBy(asc(a.submittedAt), asc(a.id))
    .limit(query.pageSize + 1)
  const page = rows.slice(0, query.pageSize)
  const records = await Promise.all(page.map((row) => itemOf(db, row)))
  const hasMore = rows.length > query.pageSize
  return { records, lastId: hasMore ? (page.at(-1)?.application.id ?? null) : null, hasMore }
}

/**
 * POST /admin/offline-materials/:id/receipt: the package arrived, with what the reviewer found in it and
 * what is missing, each a name of the application's current list (a name the list no longer holds, or never
 * held, is refused); recorded again, it replaces the earlier receipt. One conditional UPDATE of the
 * submitted offline application.
 */
export async function recordReceipt(
  db: Database,
  options: { applicationId: string; body: OfflineReceiptBody; operatorName: string },
): Promise<OfflineMaterialsItem> {
  const { body } = options
  const checked = [...new Set(body.checked)]
  const missing = [...new Set(body.missing)]
  if (checked.some((name) => missing.includes(name))) throw invalidInput(reviewMessages.receiptMaterialTwice)
  const before = await deskRow(db, options.applicationId)
  if (!before) throw notFound('未查询到申请记录')
  const { materials } = await itemOf(db, before)
  const unknown = [...checked, ...missing].filter((name) => !materials.includes(name))
  if (unknown.length > 0) throw invalidInput(reviewMessages.receiptMaterialUnknown(unknown))
  const value: OfflineMaterialsReceipt = { receivedAt: Date.now(), receivedBy: options.operatorName, checked, missing, note: body.note || null }
  const [updated] = await db
    .update(a)
    .set({
      form: sql`jsonb_set(${a.form}, '{offline}', coalesce(${a.form} -> 'offline', '{}'::jsonb) || ${JSON.stringify({ receipt: value })}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(and(eq(a.id, options.applicationId), ...offlineSubmitted))
    .returning({ id: a.id })
  if (!updated) throw businessError(reviewMessages.receiptNotOffline)
  return itemOf(db, (await deskRow(db, options.applicationId))!)
}

type DeskRow = { application: UnitApplication; applicant: { name: string; identityNo: string } }

/** An application with its applicant, deleted ones left out. */
async function deskRow(db: Database, applicationId: string): Promise<DeskRow | undefined> {
  const [row] = await db
    .select({ application: a, applicant: { name: persons.name, identityNo: persons.identityNo } })
    .from(a)
    .innerJoin(persons, eq(persons.id, a.applicantPersonId))
    .where(and(eq(a.id, applicationId), isNull(a.deletedAt)))
    .limit(1)
  return row
}

/**
 * One row of the desk, with the materials its unit is asked for: the list of the application's channel
 * and unit type, from the consignee configured for its channel, unit and applicant (cached per scope).
 */
async function itemOf(db: Database, row: DeskRow): Promise<OfflineMaterialsItem> {
  const { application } = row
  const consignee = await consigneeForIdentity(db, {
    channel: application.channel,
    socialCreditCode: application.socialCreditCode,
    identityNo: row.applicant.identityNo,
  })
  const unitTypeCode = application.form.unitTypeCode ?? ''
  return {
    id: application.id,
    unitName: application.unitName,
    socialCreditCode: application.socialCreditCode,
    unitTypeCode,
    businessType: application.businessType as OfflineMaterialsItem['businessType'],
    applyStatus: application.applyStatus as OfflineMaterialsItem['applyStatus'],
    applicantName: row.applicant.name,
    submittedAt: application.submittedAt?.getTime() ?? null,
    delivery: application.form.offline?.delivery ?? null,
    receipt: application.form.offline?.receipt ?? null,
    channel: application.channel,
    materials: materialsFor(consignee, { unitTypeCode, channel: application.channel }),
  }
}
