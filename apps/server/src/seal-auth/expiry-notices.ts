import { and, asc, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { configDefaults } from '@seal/shared/api/config'
import { sealStatus } from '@seal/shared/codes/seal-status'
import { beijingDate } from '@seal/shared/text/beijing-time'
import { persons, units } from '../auth/tables.ts'
import { configEntries } from '../config/tables.ts'
import type { Database } from '../db/client.ts'
import { sendSmsNotice } from '../identity/sms-notice.ts'
import type { SmsProvider } from '../identity/sms-provider.ts'
import { seals, sealAuths } from '../seals/tables.ts'
import { authWillExpire, expiryWindowReader } from '../seals/will-expire.ts'

const DAY_MS = 86_400_000
/** Authorisations looked at per statement. */
const BATCH = 100

const holders = alias(persons, 'holder')

/** The notice (our wording; the spec gives none): the seal (and whose, unless its name says), the day it ends, what to do. */
export function expiryNoticeText(notice: { sealName: string; businessName: string; endTime: Date }): string {
  const whose = notice.sealName.startsWith(notice.businessName) ? '' : `（${notice.businessName}）`
  return `您被授权使用的电子印章“${notice.sealName}”${whose}将于${beijingDate(notice.endTime.getTime())}到期，到期后将不能使用；如需继续使用，请联系授权人重新授权。`
}

/**
 * The widest authorisation window any scope has (configuration `authWillExpireDays`, global or per unit or
 * holder): how far ahead the job must look. Each authorisation is then held to its own scope's window.
 */
async function widestWindowDays(db: Database): Promise<number> {
  const rows = await db.select({ value: configEntries.value }).from(configEntries).where(eq(configEntries.key, 'authWillExpireDays'))
  return Math.max(configDefaults.authWillExpireDays, ...rows.map((row) => (typeof row.value === 'number' ? row.value : 0)))
}

type Keyset = { endTime: Date; id: string }

/** Authorisations in force, not yet noticed, ending before `until`, after the keyset `after`, soonest first. */
function candidates(db: Database, range: { now: Date; until: Date; after: Keyset | null }) {
  const { now, until, after } = range
  return db
    .select({ auth: sealAuths, sealName: seals.sealName, unitName: units.name, socialCreditCode: units.socialCreditCode, holder: holders })
    .from(sealAuths)
    .innerJoin(seals, eq(seals.id, sealAuths.sealId))
    .leftJoin(units, eq(units.id, seals.unitId))
    .innerJoin(holders, eq(holders.id, sql`coalesce(${units.legalPersonId}, ${seals.personId})`))
    .where(
      and(
        eq(sealAuths.status, 'active'),
        isNull(sealAuths.expiryNoticeSentAt),
        gte(sealAuths.endTime, now),
        lt(sealAuths.endTime, until),
        lte(sealAuths.startTime, now),
        eq(seals.status, sealStatus.IN_EFFECT),
        after ? or(gt(sealAuths.endTime, after.endTime), and(eq(sealAuths.endTime, after.endTime), gt(sealAuths.id, after.id))) : undefined,
      ),
    )
    .orderBy(asc(sealAuths.endTime), asc(sealAuths.id))
    .limit(BATCH)
}

/**
 * One run of the expiry notices: each authorisation in force that ends within `authWillExpireDays` of its
 * seal's scope (the rule of POST /seal/v4/queryWillExpires) and has not been noticed gets one SMS to the
 * phone its seal user accepted it on. Safe with several processes and overlapping runs: a conditional
 * update claims each authorisation before its SMS goes, and only the claimant sends. A gateway failure
 * gives the claim back, so a later run tries again. The grantor is not told: the lists show them what
 * ends, and one SMS per authorisation would flood a holder whose many authorisations end together.
 */
export async function sendAuthExpiryNotices(options: {
  db: Database
  sms: SmsProvider
  now: Date
  warn: (message: string, error: unknown) => void
}): Promise<{ sent: number }> {
  const { db, now } = options
  const until = new Date(now.getTime() + (await widestWindowDays(db)) * DAY_MS)
  const windowsOf = expiryWindowReader(db)
  let sent = 0
  let after: Keyset | null = null
  for (;;) {
    const batch = await candidates(db, { now, until, after })
    for (const { auth, sealName, unitName, socialCreditCode, holder } of batch) {
      const { authDays } = await windowsOf({ socialCreditCode, holderIdentityNo: holder.identityNo })
      if (!authWillExpire(auth, now.getTime(), authDays)) continue
      const [claimed] = await db
        .update(sealAuths)
        .set({ expiryNoticeSentAt: now })
        .where(and(eq(sealAuths.id, auth.id), eq(sealAuths.status, 'active'), isNull(sealAuths.expiryNoticeSentAt)))
        .returning({ id: sealAuths.id })
      if (!claimed) continue
      const text = expiryNoticeText({ sealName, businessName: unitName ?? holder.name, endTime: auth.endTime })
      if (await sendSmsNotice(options.sms, { phone: auth.granteePhone, text }, (error) => options.warn('授权到期提醒短信发送失败', error))) {
        sent += 1
      } else {
        await db
          .update(sealAuths)
          .set({ expiryNoticeSentAt: null })
          .where(and(eq(sealAuths.id, auth.id), eq(sealAuths.expiryNoticeSentAt, now)))
      }
    }
    if (batch.length < BATCH) return { sent }
    const last = batch.at(-1)!.auth
    after = { endTime: last.endTime, id: last.id }
  }
}
