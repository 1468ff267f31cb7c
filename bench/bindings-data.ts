// The binding records of the binding benchmark (bench/bindings.bench.ts), on top of the list benchmarks'
// data set (lists-data.ts: 100k seals, 1M use records): 12 platforms and 100,012 bindings, made in SQL.
//
// - bp-0 (the legal representative of 10 units, 73 seals) has 5,000 binding records: each of its seals
//   bound to each platform over and over (6 rounds; the last round in effect, the earlier ones cancelled),
//   one a hour back from now, so page 400 exists; and a name seal bound to every platform.
// - bp-0 also manages 20 seals of other units (management authorisations in force): their bindings show.
// - The other 95,000 bindings are one per seal (seals 73…95,072), half of them to the busy platform bpf-0,
//   the rest spread over the other 11; 30% cancelled, those of cancelled seals ended; one in ten made by a
//   manager under an authorisation, one in five of those authorisations revoked since (not in effect).
import { sql } from 'drizzle-orm'
import type { Database } from '../apps/server/src/db/client.ts'
import { benchData, rowsOf } from './lists-data.ts'

export const bindingData = {
  platforms: 12,
  busyPlatformId: 'bpf-0',
  smallPlatformId: 'bpf-7',
  ownRecords: 5_000,
  otherRecords: 95_000,
  managedSeals: 20,
  /** A legal representative of one unit (4 seals) among 100k bindings: the usual person. */
  usualPerson: { id: 'bp-5000', unitId: 'bu-5000' },
}

const run = (db: Database, text: string) => db.execute(sql.raw(text))

/** True when the binding records are there already. */
export async function hasBindingData(db: Database): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from seal_bindings where id like 'bb-%'`)
  return row!.n === bindingData.ownRecords + bindingData.otherRecords + bindingData.platforms
}

/** Adds the platforms, authorisations and bindings to a database that holds the lists' data set. */
export async function generateBindingData(db: Database, log = console.log): Promise<void> {
  const started = Date.now()
  const step = async (what: string, text: string) => {
    const t = Date.now()
    await run(db, text)
    log(`  ${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`)
  }
  const { platforms, ownRecords, otherRecords, managedSeals } = bindingData
  // The unit of seal i and its legal representative, as lists-data.ts made them.
  const unitOf = (i: string) => `(case when ${i} < 28 then 0 when ${i} < 73 then 1 + (${i} - 28) / 5 else 10 + (${i} - 73) / 4 end)`
  const holderOf = (i: string) => `'bp-' || (case when ${unitOf(i)} < 10 then 0 else ${unitOf(i)} end)`

  // Secrets are placeholders: the benchmark rotates the secret of the platforms it calls the open API as.
  await step(
    'platforms',
    `insert into platforms (id, client_name, platform_type, usage_notes, totality, client_id, secret_wrapped, rate_limit_per_minute, created_at)
     select 'bpf-' || i, '基准对接平台' || i || (array['政府采购','电子税务','政务服务','招标投标'])[i % 4 + 1], (i % 4 + 1)::text,
            '用于基准测试的对接平台', case when i % 3 = 0 then null else 100000 end, 'pf_bench_' || i, 'placeholder', 1000000,
            now() - interval '1 year' + i * interval '1 minute'
     from generate_series(0, ${platforms - 1}) i`,
  )
  await step(
    'authorisations',
    `insert into seal_auths (id, seal_id, grantee_person_id, grantee_phone, grantor_person_id, grantor_role, auth_use_type, use_type,
                             status, start_time, end_time, accepted_at, revoked_at, created_at)
     select 'bsa-' || i, 'bs-' || (73 + i - ${ownRecords}), 'bp-' || (5 + (i * 31) % 20000), '13900000000', ${holderOf(`(73 + i - ${ownRecords})`)}, 1, '2', '2',
            case when i % 50 = 9 then 'revoked' else 'active' end, now() - interval '300 days',
            case when i % 70 = 19 then now() - interval '1 day' else now() + interval '300 days' end,
            now() - interval '300 days', case when i % 50 = 9 then now() - interval '10 days' end, now() - interval '300 days'
     from generate_series(${ownRecords}, ${ownRecords + otherRecords - 1}) i
     where i % 10 = 9`,
  )
  await step(
    'bp-0 manages 20 seals',
    `insert into seal_auths (id, seal_id, grantee_person_id, grantee_phone, grantor_person_id, grantor_role, auth_use_type, use_type,
                             status, start_time, end_time, accepted_at, created_at)
     select 'bsa-m-' || k, 'bs-' || (200 + k * 4), '${benchData.person.id}', '${benchData.person.phone}', ${holderOf(`(200 + k * 4)`)}, 1, '2', '2',
            'active', now() - interval '100 days', now() + interval '300 days', now() - interval '100 days', now() - interval '100 days'
     from generate_series(0, ${managedSeals - 1}) k`,
  )

  const drops = await rowsOf<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes where tablename = 'seal_bindings' and indexname not like '%pkey'`,
  )
  for (const index of drops) await run(db, `drop index "${index.indexname}"`)
  // bp-0's seals: record j binds seal j % 73 to platform (j / 73) % 12; of each (seal, platform) only the
  // last round is in effect (and not for a cancelled seal: lists-data cancels seals with i % 17 = 5).
  const lastRound = ownRecords - 73 * platforms
  await step(
    `bindings of bp-0's seals (${ownRecords})`,
    `insert into seal_bindings (id, seal_id, platform_id, person_id, use_type, bind_state, bound_at, cancelled_at, created_at)
     select 'bb-' || j, 'bs-' || (j % 73), 'bpf-' || ((j / 73) % ${platforms}), '${benchData.person.id}', '2',
            case when j >= ${lastRound} and (j % 73) % 17 <> 5 then '1' else '0' end,
            now() - (${ownRecords} - j) * interval '1 hour',
            case when j >= ${lastRound} and (j % 73) % 17 <> 5 then null else now() - (${ownRecords} - j) * interval '1 hour' + interval '30 minutes' end,
            now() - (${ownRecords} - j) * interval '1 hour'
     from generate_series(0, ${ownRecords - 1}) j`,
  )
  await step(
    'bindings of the name seal',
    `insert into seal_bindings (id, seal_id, platform_id, person_id, use_type, bind_state, bound_at, created_at)
     select 'bb-p-' || k, '${benchData.personalSealId}', 'bpf-' || k, '${benchData.person.id}', '2', '1',
            now() - (k + 1) * interval '3 days', now() - (k + 1) * interval '3 days'
     from generate_series(0, ${platforms - 1}) k`,
  )
  const seal = `(73 + i - ${ownRecords})`
  await step(
    `bindings of other seals (${otherRecords})`,
    `insert into seal_bindings (id, seal_id, platform_id, person_id, auth_id, use_type, bind_state, bound_at, cancelled_at, created_at)
     select 'bb-' || i, 'bs-' || ${seal}, 'bpf-' || case when i % 2 = 0 then 0 else 1 + (i / 2) % ${platforms - 1} end,
            case when i % 10 = 9 then 'bp-' || (5 + (i * 31) % 20000) else ${holderOf(seal)} end,
            case when i % 10 = 9 then 'bsa-' || i end, '2',
            case when i % 10 in (1, 4, 7) or ${seal} % 17 = 5 then '0' else '1' end,
            now() - (${ownRecords + otherRecords} - i) * interval '3 minutes',
            case when i % 10 in (1, 4, 7) or ${seal} % 17 = 5 then now() - (${ownRecords + otherRecords} - i) * interval '3 minutes' + interval '1 day' end,
            now() - (${ownRecords + otherRecords} - i) * interval '3 minutes'
     from generate_series(${ownRecords}, ${ownRecords + otherRecords - 1}) i`,
  )
  for (const index of drops) await step(`index ${index.indexname}`, index.indexdef)
  await step('analyze', 'analyze seal_bindings; analyze seal_auths; analyze platforms')
  log(`  binding records ready in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}
