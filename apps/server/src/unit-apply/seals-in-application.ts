import { and, inArray, isNull, or, sql } from 'drizzle-orm'
import { openApplyStatuses } from '@seal/shared/codes/apply-status'
import type { Database } from '../db/client.ts'
import type { SealApplication } from '../seals/in-application.ts'
import { unitApplications } from './tables.ts'

/**
 * The applications under way (待签署, 待审核, 制章中) naming any of `sealIds`: as the seal it was opened for
 * (`seal_id`) or as one of its seal items (a renewal or cancellation may name several). A seal is in one such
 * application at most (checks.ts `sealInApplicationProblem`); should two race past that check, the newest
 * answers. Read through `unit_applications_review_idx` (status first): applications under way are few.
 */
export async function sealsInOpenApplications(db: Database, sealIds: readonly string[]): Promise<Map<string, SealApplication>> {
  const found = new Map<string, SealApplication>()
  const ids = [...new Set(sealIds.filter(Boolean))]
  if (ids.length === 0) return found
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
  const rows = await db
    .select({
      id: unitApplications.id,
      businessType: unitApplications.businessType,
      applyStatus: unitApplications.applyStatus,
      applicantPersonId: unitApplications.applicantPersonId,
      sealId: unitApplications.sealId,
      itemSealIds: sql<string[]>`coalesce((select array_agg(item ->> 'sealId') from jsonb_array_elements(${unitApplications.form} -> 'sealInfo') item where item ->> 'sealId' in (${idList})), '{}')`,
    })
    .from(unitApplications)
    .where(
      and(
        inArray(unitApplications.applyStatus, [...openApplyStatuses]),
        isNull(unitApplications.deletedAt),
        or(
          inArray(unitApplications.sealId, ids),
          sql`exists (select 1 from jsonb_array_elements(${unitApplications.form} -> 'sealInfo') item where item ->> 'sealId' in (${idList}))`,
        ),
      ),
    )
    .orderBy(unitApplications.createdAt)
  for (const row of rows) {
    const application = { id: row.id, businessType: row.businessType, applyStatus: row.applyStatus, applicantPersonId: row.applicantPersonId }
    for (const sealId of [row.sealId, ...(row.itemSealIds ?? [])]) if (ids.includes(sealId)) found.set(sealId, application)
  }
  return found
}
