import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { replaceSeal, sealInput, startTrustFixture, type TrustFixture } from '../trust/testing.ts'
import { crlReason } from '../trust/x509.ts'
import { reissueSealCredential, revokeSeal } from './make-seal.ts'
import { deliverPendingSealEvents, subscribeToSealEvents, type SealEvent } from './seal-events.ts'
import { sealEvents, seals } from './tables.ts'

describe('the seal events outbox', () => {
  let f: TrustFixture
  const heard: SealEvent[] = []
  const eventsOf = (sealId: string) =>
    f.db
      .select()
      .from(sealEvents)
      .where(eq(sealEvents.sealId, sealId))
      .orderBy(asc(sealEvents.occurredAt), asc(sealEvents.createdAt))

  beforeAll(async () => {
    f = await startTrustFixture()
  })
  afterAll(() => f.close())

  it('records a making nobody listens to, and delivers it once when a subscriber comes', async () => {
    const made = await replaceSeal(f, await sealInput(f.personOwner))
    const [written] = await eventsOf(made.seal.id)
    expect(written).toMatchObject({
      type: 'seal.made',
      handledAt: null,
      payload: { sealName: made.seal.sealName, reason: null },
    })

    subscribeToSealEvents(f.trust, async (_tx, event) => {
      heard.push(event)
    })
    expect(await deliverPendingSealEvents(f.trust)).toBeGreaterThanOrEqual(1)
    expect(heard.filter((event) => event.id === written!.id)).toHaveLength(1)
    expect((await eventsOf(made.seal.id))[0]!.handledAt).not.toBeNull()

    // Delivered again: nothing is pending, and the subscriber is not called a second time.
    expect(await deliverPendingSealEvents(f.trust)).toBe(0)
    expect(heard.filter((event) => event.id === written!.id)).toHaveLength(1)
  })

  it('writes a reissue and a cancellation with the change, handled by the subscribers in its transaction', async () => {
    heard.length = 0
    const made = await replaceSeal(f, await sealInput(f.unitOwner))
    const start = new Date()
    await reissueSealCredential(f.trust, {
      sealId: made.seal.id,
      owner: f.unitOwner,
      certStartTime: start,
      certEndTime: new Date(start.getTime() + 400 * 86_400_000),
      reasonCode: crlReason.superseded,
    })
    await revokeSeal(f.trust, { sealId: made.seal.id, reason: '印章注销' })
    await revokeSeal(f.trust, { sealId: made.seal.id, reason: '印章注销' })

    const rows = await eventsOf(made.seal.id)
    expect(rows.map((row) => row.type)).toEqual(['seal.made', 'seal.renewed', 'seal.cancelled'])
    expect(rows.every((row) => row.handledAt !== null)).toBe(true)
    expect(heard.map((event) => event.type)).toEqual(['seal.made', 'seal.renewed', 'seal.cancelled'])
    expect(heard[2]).toMatchObject({
      sealId: made.seal.id,
      payload: { reason: '印章注销', sealCode: made.seal.sealCode },
    })
  })

  it('undoes the change when a subscriber fails: the event and the change commit together or not at all', async () => {
    const made = await replaceSeal(f, await sealInput(f.personOwner))
    subscribeToSealEvents(f.trust, async (tx: Database, event) => {
      if (event.type === 'seal.cancelled' && event.sealId === made.seal.id)
        throw new Error('subscriber failed')
      await tx.select().from(seals).limit(1)
    })
    await expect(revokeSeal(f.trust, { sealId: made.seal.id, reason: '印章注销' })).rejects.toThrow(
      'subscriber failed',
    )
    const [seal] = await f.db.select({ status: seals.status }).from(seals).where(eq(seals.id, made.seal.id))
    expect(seal!.status).toBe('1')
    expect((await eventsOf(made.seal.id)).map((row) => row.type)).toEqual(['seal.made'])
  })
})
