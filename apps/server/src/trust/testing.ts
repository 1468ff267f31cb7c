import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { sealStatusHeld, sealStatusWide } from '@seal/shared/codes/seal-status'
import sharp from 'sharp'
import { persons, units } from '../auth/tables.ts'
import type { Caller } from '../plugins/caller.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { migratedSnapshot } from '../test/migrated-databases.ts'
import { memoryFileStore } from '../files/store.ts'
import { makeSeal, type MadeSeal, type MakeSealInput, type SealOwner } from '../seals/make-seal.ts'
import { seals } from '../seals/tables.ts'
import { ephemeralSecrets } from '../secrets.ts'
import { demo, seedDemo } from '../seed.ts'
import { ensureCertificateAuthority } from './ca.ts'
import { createTrust, type Trust } from './context.ts'

/**
 * Test support for the trust module: an in-memory database with the demo unit and people, a CA, and a
 * clock the test can move. Real code throughout; only the time is the test's.
 */
export type TrustFixture = {
  db: Database
  trust: Trust
  /** The trust clock: real time unless the test fixes it (`clock.fixed = date`; back with `null`). */
  clock: { fixed: Date | null }
  unitOwner: Extract<SealOwner, { kind: 'unit' }>
  personOwner: Extract<SealOwner, { kind: 'person' }>
  callerFor: (who: 'person' | 'legal' | 'enterprise') => Promise<Caller>
  close: () => Promise<void>
}

export async function startTrustFixture(): Promise<TrustFixture> {
  const database = await openDatabase({ dataDir: ':memory:', snapshot: migratedSnapshot() })
  await seedDemo(database.db)
  const clock: { fixed: Date | null } = { fixed: null }
  const trust = createTrust({
    db: database.db,
    secrets: ephemeralSecrets(),
    files: memoryFileStore(),
    publicUrl: 'https://seal.example.cn',
    timestamping: { provider: 'none', timeoutMs: 10_000 },
    now: () => clock.fixed ?? new Date(),
  })
  await ensureCertificateAuthority(trust)
  const [unit] = await database.db
    .select()
    .from(units)
    .where(eq(units.socialCreditCode, demo.unit.socialCreditCode))
  const [person] = await database.db
    .select()
    .from(persons)
    .where(eq(persons.identityNo, demo.person.identityNo))
  const [legal] = await database.db
    .select()
    .from(persons)
    .where(eq(persons.identityNo, demo.legalPerson.identityNo))
  const callerFor = async (who: 'person' | 'legal' | 'enterprise'): Promise<Caller> => {
    const p = who === 'person' ? person! : legal!
    return {
      sessionId: `session-${who}`,
      accountId: `account-${who}`,
      kind: who === 'enterprise' ? 'enterprise' : 'personal',
      channel: 'h5',
      person: {
        id: p.id,
        name: p.name,
        identityType: p.identityType,
        identityNo: p.identityNo,
        verified: p.verifiedAt !== null,
        phone: p.phone,
      },
      unit:
        who === 'enterprise'
          ? {
              id: unit!.id,
              name: unit!.name,
              socialCreditCode: unit!.socialCreditCode,
              unitTypeCode: unit!.unitTypeCode,
            }
          : null,
    }
  }
  return {
    db: database.db,
    trust,
    clock,
    unitOwner: {
      kind: 'unit',
      unitId: unit!.id,
      unitName: unit!.name,
      socialCreditCode: unit!.socialCreditCode,
    },
    personOwner: { kind: 'person', personId: person!.id, name: person!.name, identityNo: person!.identityNo },
    callerFor,
    close: database.close,
  }
}

/**
 * Makes a seal for an owner that these tests reuse, cancelling first the seal of that type the owner
 * holds: the database lets a person hold one name seal and a unit one seal of each named type.
 */
export async function replaceSeal(f: Pick<TrustFixture, 'db' | 'trust'>, input: MakeSealInput): Promise<MadeSeal> {
  const owner = input.owner.kind === 'unit' ? eq(seals.unitId, input.owner.unitId) : eq(seals.personId, input.owner.personId)
  await f.db
    .update(seals)
    .set({ status: sealStatusWide.CANCELLED })
    .where(and(owner, eq(seals.sealTypeCode, input.sealTypeCode), inArray(seals.status, [...sealStatusHeld])))
  return makeSeal(f.trust, input)
}

/** A small red seal-like PNG; `variant` changes its pixels, so its hash. */
export async function sealImage(variant = 0): Promise<Uint8Array> {
  const bytes = await sharp({
    create: { width: 64, height: 64, channels: 4, background: { r: 200 + variant, g: 20, b: 20, alpha: 1 } },
  })
    .png()
    .toBuffer()
  return new Uint8Array(bytes)
}

const DAY = 24 * 3600_000

/** A seal valid from now for `days`, with PIN abc123 unless told otherwise. */
export async function sealInput(
  owner: SealOwner,
  overrides: Partial<MakeSealInput> = {},
  now = new Date(),
): Promise<MakeSealInput> {
  return {
    owner,
    sealName: owner.kind === 'unit' ? '合同专用章' : owner.name,
    sealTypeCode: owner.kind === 'unit' ? '04' : '1000',
    image: await sealImage(),
    certStartTime: now,
    certEndTime: new Date(now.getTime() + 365 * DAY),
    pin: 'abc123',
    ...overrides,
  }
}

/** Runs openssl on files written to a temporary folder; returns what it printed (stdout, then stderr). */
export function openssl(args: string[], files: Record<string, Uint8Array | string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'trust-'))
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content)
    const run = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' })
    return `${run.stdout ?? ''}${run.stderr ?? ''}`
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
