import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { faceVerifications } from '../identity/tables.ts'
import {
  changeSealPin,
  issuePinChangeKey,
  PIN_LOCK_MS,
  resetSealPinAfterIdentityCheck,
  setSealPin,
  verifySealPin,
} from './pin.ts'
import { sealPins } from './tables.ts'
import { replaceSeal, sealInput, startTrustFixture, type TrustFixture } from './testing.ts'

describe('the seal PIN', () => {
  let f: TrustFixture
  beforeAll(async () => {
    f = await startTrustFixture()
  })
  afterAll(() => f.close())

  const newSeal = async (pin = 'abc123') =>
    (await replaceSeal(f, await sealInput(f.personOwner, { pin }))).seal.id

  it('is stored as an argon2id hash with the OWASP parameters', async () => {
    const sealId = await newSeal()
    const [row] = await f.db.select().from(sealPins).where(eq(sealPins.sealId, sealId))
    expect(row!.pinHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/)
  })

  it('accepts the right PIN, with surrounding spaces removed as the inputs do', async () => {
    const sealId = await newSeal()
    expect(await verifySealPin(f.db, { sealId, pin: 'abc123' })).toEqual({ ok: true })
    expect(await verifySealPin(f.db, { sealId, pin: ' abc 123 ' })).toEqual({ ok: true })
  })

  it('says how many tries are left, then locks after the fifth wrong PIN and says until when', async () => {
    const sealId = await newSeal()
    const now = new Date('2026-05-01T02:00:00Z')
    const messages: string[] = []
    for (let i = 0; i < 5; i++) {
      const check = await verifySealPin(f.db, { sealId, pin: 'wrong1', now })
      if (!check.ok) messages.push(check.message)
    }
    expect(messages.slice(0, 4)).toEqual([
      '印章密码错误，还可尝试4次',
      '印章密码错误，还可尝试3次',
      '印章密码错误，还可尝试2次',
      '印章密码错误，还可尝试1次',
    ])
    expect(messages[4]).toBe('印章密码已锁定，请于10:30后重试')

    const rightButLocked = await verifySealPin(f.db, {
      sealId,
      pin: 'abc123',
      now: new Date(now.getTime() + 29 * 60_000),
    })
    expect(rightButLocked).toMatchObject({
      ok: false,
      reason: 'locked',
      message: '印章密码已锁定，请于10:30后重试',
    })

    const after = new Date(now.getTime() + PIN_LOCK_MS + 1000)
    expect(await verifySealPin(f.db, { sealId, pin: 'abc123', now: after })).toEqual({ ok: true })
  })

  it('starts counting afresh once a lock has run out', async () => {
    const sealId = await newSeal()
    const now = new Date()
    for (let i = 0; i < 5; i++) await verifySealPin(f.db, { sealId, pin: 'wrong1', now })
    const later = new Date(now.getTime() + PIN_LOCK_MS + 1000)
    const check = await verifySealPin(f.db, { sealId, pin: 'wrong1', now: later })
    expect(check).toMatchObject({
      ok: false,
      reason: 'wrong',
      remainingAttempts: 4,
      message: '印章密码错误，还可尝试4次',
    })
  })

  it('forgets earlier wrong tries after a right PIN', async () => {
    const sealId = await newSeal()
    await verifySealPin(f.db, { sealId, pin: 'wrong1' })
    await verifySealPin(f.db, { sealId, pin: 'wrong1' })
    await verifySealPin(f.db, { sealId, pin: 'abc123' })
    expect(await verifySealPin(f.db, { sealId, pin: 'wrong1' })).toMatchObject({ remainingAttempts: 4 })
  })

  it('says the PIN is not set yet for a seal made without one', async () => {
    const { seal } = await replaceSeal(f, await sealInput(f.personOwner, { pin: undefined, status: '4' }))
    expect(await verifySealPin(f.db, { sealId: seal.id, pin: 'abc123' })).toMatchObject({
      ok: false,
      reason: 'not-set',
      message: '印章密码未设置，请先激活印章',
    })
    await setSealPin(f.db, { sealId: seal.id, pin: 'first1' })
    expect(await verifySealPin(f.db, { sealId: seal.id, pin: 'first1' })).toEqual({ ok: true })
  })

  it('refuses a new PIN that breaks the rule: all digits when setting, too short when changing', async () => {
    const sealId = await newSeal()
    await expect(setSealPin(f.db, { sealId, pin: '12345678' })).rejects.toThrow(
      '请输入6-16位密码（数字/字母/特殊符号任意两种）',
    )
    await expect(setSealPin(f.db, { sealId, pin: 'abcdefg' })).rejects.toThrow(
      '请输入6-16位密码（数字/字母/特殊符号任意两种）',
    )
    const proof = { currentPin: 'abc123' }
    await expect(
      changeSealPin(f.db, { sealId, personId: f.personOwner.personId, newPin: '123', proof }),
    ).rejects.toThrow('请输入6-16位密码')
  })

  it('changes the PIN with the current one, and step 2 of the change accepts digits only', async () => {
    const sealId = await newSeal()
    await changeSealPin(f.db, {
      sealId,
      personId: f.personOwner.personId,
      newPin: '246810',
      proof: { currentPin: 'abc123' },
    })
    expect(await verifySealPin(f.db, { sealId, pin: '246810' })).toEqual({ ok: true })
    expect(await verifySealPin(f.db, { sealId, pin: 'abc123' })).toMatchObject({ ok: false })
    await expect(
      changeSealPin(f.db, {
        sealId,
        personId: f.personOwner.personId,
        newPin: 'xyz789',
        proof: { currentPin: 'nope12' },
      }),
    ).rejects.toThrow(/印章密码错误，还可尝试\d次/)
  })

  it('changes the PIN once with a change key, for the person it was issued to and only in time', async () => {
    const sealId = await newSeal()
    const personId = f.personOwner.personId
    const now = new Date()
    const key = await issuePinChangeKey(f.db, { sealId, personId, now })
    await expect(
      changeSealPin(f.db, { sealId, personId: randomUUID(), newPin: 'new123', proof: { key } }),
    ).rejects.toThrow('验证已过期，请重新验证印章密码')
    await expect(
      changeSealPin(f.db, {
        sealId,
        personId,
        newPin: 'new123',
        proof: { key },
        now: new Date(now.getTime() + 11 * 60_000),
      }),
    ).rejects.toThrow('验证已过期')
    await changeSealPin(f.db, { sealId, personId, newPin: 'new123', proof: { key }, now })
    expect(await verifySealPin(f.db, { sealId, pin: 'new123' })).toEqual({ ok: true })
    await expect(
      changeSealPin(f.db, { sealId, personId, newPin: 'again123', proof: { key }, now }),
    ).rejects.toThrow('验证已过期')
  })

  it('resets a forgotten, locked PIN after a recent successful face check of the holder, once per check', async () => {
    const sealId = await newSeal()
    const holder = { personId: f.personOwner.personId, identityNo: f.personOwner.identityNo }
    const now = new Date()
    for (let i = 0; i < 5; i++) await verifySealPin(f.db, { sealId, pin: 'wrong1', now })
    const face = async (overrides: Partial<typeof faceVerifications.$inferInsert> = {}) => {
      const [row] = await f.db
        .insert(faceVerifications)
        .values({
          tokenHash: randomUUID(),
          identityType: '111',
          identityNo: f.personOwner.identityNo,
          realName: f.personOwner.name,
          status: '2',
          expiresAt: now,
          completedAt: now,
          ...overrides,
        })
        .returning()
      return row!.id
    }
    const failed = await face({ status: '3' })
    const someoneElse = await face({ identityNo: '310104198506124562' })
    const old = await face({ completedAt: new Date(now.getTime() - 11 * 60_000) })
    for (const faceSerialNo of [failed, someoneElse, old, 'no-such-serial']) {
      await expect(
        resetSealPinAfterIdentityCheck(f.db, { sealId, holder, faceSerialNo, newPin: 'reset123', now }),
      ).rejects.toThrow('人脸识别结果无效或已使用，请重新进行人脸识别')
    }
    const good = await face()
    await resetSealPinAfterIdentityCheck(f.db, { sealId, holder, faceSerialNo: good, newPin: 'reset123', now })
    expect(await verifySealPin(f.db, { sealId, pin: 'reset123', now })).toEqual({ ok: true })
    await expect(
      resetSealPinAfterIdentityCheck(f.db, { sealId, holder, faceSerialNo: good, newPin: 'other123', now }),
    ).rejects.toThrow('已使用')
  })
})
