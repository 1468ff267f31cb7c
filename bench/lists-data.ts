// The data set of the list benchmarks: 25,000 persons, 25,000 units, 100k seals and 1M use records,
// made in SQL with INSERT … SELECT generate_series (seconds on PostgreSQL, not hours row by row).
// The benchmarked person (bp-0, phone 13900000000) represents 10 units holding 73 seals (issue 23's shape), has a personal
// name seal, and the first unit's 公章 (bs-0) carries 300k use records, so page 9999 exists.
// A tenth of the uses are 5 platforms' (bplat-0 … bplat-4), the rest name their user (a person of the set).
import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import type { Database } from '../apps/server/src/db/client.ts'

export const benchData = {
  person: { id: 'bp-0', phone: '13900000000' },
  enterpriseUnitId: 'bu-0',
  busySealId: 'bs-0',
  personalSealId: 'bs-personal',
  storageKey: 'bench/seal.png',
}

export type Scale = { seals: number; records: number; busyRecords: number }
export const fullScale: Scale = { seals: 100_000, records: 1_000_000, busyRecords: 300_000 }

const run = (db: Database, text: string) => db.execute(sql.raw(text))

/** Rows of a raw query, from either driver (both answer `{ rows }`). */
export async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

/** True when the data set of this scale is already there (the generator is then skipped). */
export async function hasBenchData(db: Database, scale: Scale): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from seal_use_records where id like 'br-%'`,
  )
  return row!.n === scale.records
}

/** Fills an empty, migrated database; `filesRoot` is the server's file store folder (DATA_DIR/files). */
export async function generateBenchData(
  db: Database,
  filesRoot: string,
  scale: Scale,
  log = console.log,
): Promise<void> {
  const started = Date.now()
  const step = async (what: string, text: string) => {
    const t = Date.now()
    await run(db, text)
    log(`  ${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`)
  }
  const picture = await renderOrganizationSeal({
    unitName: '基准华东第0号科技有限公司',
    sealTypeCode: '01',
    sealCode: '3101000000001',
  })
  mkdirSync(join(filesRoot, 'bench'), { recursive: true })
  writeFileSync(join(filesRoot, benchData.storageKey), picture.png)

  const units = Math.ceil((scale.seals - 73) / 4) + 10
  const names = `array['张伟','王芳','李娜','赵敏','陈静','刘强','杨磊','黄军']`
  await step(
    'persons',
    `insert into persons (id, name, identity_type, identity_no, phone, verified_at)
     select 'bp-' || i, (${names})[i % 8 + 1], '111', '8' || lpad(i::text, 17, '0'), '139' || lpad(i::text, 8, '0'), now() - interval '1 year'
     from generate_series(0, ${units - 1}) i`,
  )
  // bp-0 represents units 0–9; every other unit has its own legal representative.
  await step(
    'units',
    `insert into units (id, name, social_credit_code, legal_person_id)
     select 'bu-' || i, '基准' || (array['华东','华南','西北','东北','西南'])[i % 5 + 1] || '第' || i || '号科技有限公司',
            '91' || lpad(i::text, 16, '0'), 'bp-' || case when i < 10 then 0 else i end
     from generate_series(0, ${units - 1}) i`,
  )
  const sha = createHash('sha256').update(picture.png).digest('hex')
  // One stored picture that every seal shows (a stored file has one row: files.storage_key is unique).
  await step(
    'files',
    `insert into files (id, original_name, media_type, size, sha256, storage_key)
     values ('bf-0', 'seal.png', 'image/png', ${picture.png.length}, '${sha}', '${benchData.storageKey}')`,
  )
  // Seals 0–72 belong to bp-0's 10 units (28 to the first, 5 to each other); the rest, 4 to a unit.
  // A unit holds at most one seal of each type 01–05 (seals_one_unit_seal_per_type_idx); the others are 99.
  await step(
    'seals',
    `insert into seals (id, owner_kind, unit_id, seal_name, seal_type_code, seal_code, status, image_file_id, image_sha256,
                        cert_start_time, cert_end_time, failure_reason, revoked_at, revoked_by_person_id, created_at)
     select 'bs-' || i, 'unit',
            'bu-' || case when i < 28 then 0 when i < 73 then 1 + (i - 28) / 5 else 10 + (i - 73) / 4 end,
            case when p.pos < 5 then (array['公章','财务专用章','发票专用章','合同专用章','业务专用章'])[p.pos + 1] else '其他专用章' || p.pos end,
            case when p.pos < 5 then (array['01','02','03','04','05'])[p.pos + 1] else '99' end, lpad(i::text, 13, '3'),
            case when i % 17 = 5 then '2' else '1' end, 'bf-0', '${sha}',
            now() - interval '400 days', now() + (i % 400) * interval '1 day',
            case when i % 17 = 5 then '印章遗失' end, case when i % 17 = 5 then now() end,
            case when i % 17 = 5 then 'bp-0' end, now() - i * interval '1 minute'
     from generate_series(0, ${scale.seals - 1}) i,
          -- the seal's place within its unit: a unit holds one seal of each of 01–05, further seals are 99
          lateral (select case when i < 28 then i when i < 73 then (i - 28) % 5 else (i - 73) % 4 end as pos) p`,
  )
  await step(
    'personal seal',
    `insert into seals (id, owner_kind, person_id, seal_name, seal_type_code, seal_code, status, image_file_id, image_sha256,
                        cert_start_time, cert_end_time)
     values ('${benchData.personalSealId}', 'person', 'bp-0', '张伟', '1000', '1000000000001', '1', 'bf-0', '${sha}',
             now() - interval '1 day', now() + interval '3 years')`,
  )

  await step(
    'platforms',
    `insert into platforms (id, client_name, platform_type, client_id, secret_wrapped)
     select 'bplat-' || i, '基准平台' || i, '1', 'bench-platform-' || i, 'none' from generate_series(0, 4) i`,
  )

  // Bulk load without the record indexes, then build them once.
  const definitions = await rowsOf<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes where tablename = 'seal_use_records' and indexname not like '%pkey'`,
  )
  for (const index of definitions) await run(db, `drop index "${index.indexname}"`)
  const busy = scale.busyRecords
  const others = scale.records - busy
  // Every tenth use is a platform's (no user); the others name their user, a person of the data set.
  // Each record comes linked into the use records' chain (placeholder hashes, in writing order), or the
  // server's chainer would spend the benchmark linking a million of them.
  const record = (seal: string, age: string, chainSeq: string) => `'br-' || i, ${seal},
            case when i % 10 = 9 then null else 'bp-' || (i % ${units}) end,
            case when i % 10 = 9 then null else (${names})[(i % ${units}) % 8 + 1] end,
            case when i % 10 = 9 then 'bplat-' || (i / 10) % 5 end,
            case when i % 10 = 9 then '基准平台' || (i / 10) % 5 end,
            (array['采购合同','租赁协议','劳动合同','保密协议','授权委托书','报价单'])[i % 6 + 1] || '-' || i || '.pdf',
            md5(i::text) || md5(i::text),
            (array['年度采购合同盖章','办公室租赁','员工入职','项目保密','业务授权'])[i % 5 + 1] || ' 第' || i || '号',
            now() - ${age},
            ${chainSeq}, md5((${chainSeq} - 1)::text) || md5((${chainSeq} - 1)::text), md5((${chainSeq})::text) || md5((${chainSeq})::text)`
  // Other seals' records first (older), then the busy seal's, oldest first, so seq follows time. Each comes
  // numbered among its seal's records (seal_ordinal, in writing order) as the server's trigger would number
  // it; the seals' counts are written after.
  await step(
    `use records of other seals (${others})`,
    `insert into seal_use_records (id, seal_id, user_person_id, user_name, platform_id, platform_name, file_name, document_sha256, remark, created_at,
                                   chain_seq, prev_hash, entry_hash, seal_ordinal)
     select ${record('seal', `(${scale.records} - i) * interval '30 seconds'`, `i - ${busy} + 1`)},
            row_number() over (partition by seal order by i)
     from (select i, 'bs-' || (73 + (i::bigint * 7919) % ${scale.seals - 73}) as seal from generate_series(${busy}, ${scale.records - 1}) i) s
     order by i`,
  )
  await step(
    `use records of ${benchData.busySealId} (${busy})`,
    `insert into seal_use_records (id, seal_id, user_person_id, user_name, platform_id, platform_name, file_name, document_sha256, remark, created_at,
                                   chain_seq, prev_hash, entry_hash, seal_ordinal)
     select ${record(`'${benchData.busySealId}'`, `(${busy} - i) * interval '10 seconds'`, `i + ${others} + 1`)}, i + 1
     from generate_series(0, ${busy - 1}) i`,
  )
  await step('use counts', 'insert into seal_use_counts (seal_id, records) select seal_id, count(*) from seal_use_records group by seal_id')
  for (const index of definitions) await step(`index ${index.indexname}`, index.indexdef)
  await step('vacuum analyze', 'vacuum analyze')
  log(`  data set ready in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}
