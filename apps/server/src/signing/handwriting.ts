import { and, asc, desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { imageLimitMessages, pixelLimits, withinPixels } from '@seal/shared/image-limits'
import {
  handwritingLimits,
  handwritingMessages,
  type HandwritingList,
  type HandwritingPurpose,
  type HandwritingSaveResult,
  type SignData,
  type SignDevice,
} from '@seal/shared/api/handwriting'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import type { FileStore } from '../files/store.ts'
import { findFileById, saveUpload, type UploadQuota } from '../files/service.ts'
import { recordAudit } from '../audit/record.ts'
import { businessError, forbidden, notFound } from '../errors.ts'
import { compareWithSamples } from './handwriting-compare.ts'
import { handwritingSamples } from './handwriting-tables.ts'

/** How many of a person's latest reference samples a new signature is compared with. */
export const MAX_REFERENCES = 10
/** The score a first sample reports: it is its own reference (and passes), with `compared: false`. */
export const FIRST_SAMPLE_SCORE = 1

type Person = { identityType: string; identityNo: string }

/**
 * Saves a handwritten signature of the caller (POST /sign/handwriting/save).
 *
 * - `sample`: the person's first sample has nothing to compare with: it becomes the reference and answers
 *   pass with score 1 and `compared: false` (score 0 would read as 缺少签字留样数据 on the client). Later
 *   samples are compared with the stored ones; one that passes becomes a reference too, one that does not
 *   is kept as evidence only and answers pass false with its score (识别不通过).
 * - `verify`: compared with the references and never becomes one; no reference answers score 0.
 */
export async function saveHandwriting(options: {
  db: Database
  store: FileStore
  uploadQuota: UploadQuota
  caller: Caller
  input: {
    identity: string
    name: string
    purpose: HandwritingPurpose
    signData: SignData
    signImage?: string
    device?: SignDevice
    fingerprint?: string
  }
}): Promise<HandwritingSaveResult> {
  const { db, store, caller, input } = options
  assertSelf(caller, input)
  const person = personOf(caller)

  const png = input.signImage ? await checkedPng(input.signImage) : await renderStrokes(input.signData)
  const references = await referenceSamples(db, person)
  const first = references.length === 0
  const comparison = first
    ? { pass: input.purpose === 'sample', score: input.purpose === 'sample' ? FIRST_SAMPLE_SCORE : 0 }
    : compareWithSamples(
        input.signData,
        references.map((r) => r.signData),
      )

  // The person's own picture, every save stored: within the account's upload quota like an upload.
  const file = await saveUpload({ db, store, ownerAccountId: caller.accountId, bytes: png, originalName: 'signature.png' }, options.uploadQuota)
  const [row] = await db
    .insert(handwritingSamples)
    .values({
      ...person,
      personName: caller.person.name,
      accountId: caller.accountId,
      purpose: input.purpose,
      pass: comparison.pass,
      compared: !first,
      score: comparison.score,
      signData: input.signData,
      fileId: file.id,
      device: input.device ?? null,
      fingerprint: input.fingerprint ?? null,
    })
    .returning({ id: handwritingSamples.id })
  await recordAudit(db, {
    accountId: caller.accountId,
    action: 'handwriting.save',
    target: row!.id,
    detail: { purpose: input.purpose, pass: comparison.pass, score: comparison.score, compared: !first },
  })

  return {
    pass: comparison.pass,
    verifyRes: { score: comparison.score },
    compared: !first,
    signatureId: row!.id,
    signatureFileId: file.id,
    sampleCount: await db.$count(handwritingSamples, referenceOf(person)),
  }
}

/** The caller's reference samples, oldest first, with their pictures (GET /sign/handwriting/list). */
export async function listHandwriting(options: {
  db: Database
  store: FileStore
  caller: Caller
}): Promise<HandwritingList> {
  const { db, store, caller } = options
  const rows = await db
    .select()
    .from(handwritingSamples)
    .where(referenceOf(personOf(caller)))
    .orderBy(asc(handwritingSamples.createdAt), asc(handwritingSamples.id))
  const list = await Promise.all(
    rows.map(async (row) => {
      const file = await findFileById(db, row.fileId)
      const bytes = await store.get(file.storageKey)
      return {
        signatureId: row.id,
        signatureKey: row.fileId,
        signaturePreview: `data:${file.mediaType};base64,${bytes.toString('base64')}`,
        signChoose: row.chosen,
        score: row.score,
        createdAt: row.createdAt.getTime(),
      }
    }),
  )
  return { list, sampleCount: list.length }
}

/** The picture of one of the caller's reference samples (PNG bytes), e.g. to sign a document with it. */
export async function handwritingImage(options: { db: Database; store: FileStore; caller: Caller; signatureId: string }): Promise<Uint8Array> {
  const { db, store, caller, signatureId } = options
  const [row] = await db
    .select({ fileId: handwritingSamples.fileId })
    .from(handwritingSamples)
    .where(and(referenceOf(personOf(caller)), eq(handwritingSamples.id, signatureId)))
    .limit(1)
  if (!row) throw notFound(handwritingMessages.notFound)
  const file = await findFileById(db, row.fileId)
  return new Uint8Array(await store.get(file.storageKey))
}

/**
 * The picture of the sample the caller chose as their signature (选择签名 of the personal name seal), or
 * undefined when they chose none: the 用章 screen may put it beside their name seal.
 */
export async function chosenHandwritingImage(options: { db: Database; store: FileStore; caller: Caller }): Promise<Uint8Array | undefined> {
  const { db, store, caller } = options
  const [row] = await db
    .select({ fileId: handwritingSamples.fileId })
    .from(handwritingSamples)
    .where(and(referenceOf(personOf(caller)), eq(handwritingSamples.chosen, true)))
    .limit(1)
  if (!row) return undefined
  const file = await findFileById(db, row.fileId)
  return new Uint8Array(await store.get(file.storageKey))
}

/** Whether the caller has chosen one of their samples as their signature. */
export async function hasChosenHandwriting(db: Database, caller: Caller): Promise<boolean> {
  const rows = await db
    .select({ id: handwritingSamples.id })
    .from(handwritingSamples)
    .where(and(referenceOf(personOf(caller)), eq(handwritingSamples.chosen, true)))
    .limit(1)
  return rows.length > 0
}

/** Marks one of the caller's reference samples as their signature (step 4, 选择签名); the others are unmarked. */
export async function chooseHandwriting(options: {
  db: Database
  caller: Caller
  signatureId: string
}): Promise<{ signatureId: string; signatureKey: string }> {
  const { db, caller, signatureId } = options
  const person = personOf(caller)
  const [row] = await db
    .select({ id: handwritingSamples.id, fileId: handwritingSamples.fileId })
    .from(handwritingSamples)
    .where(and(referenceOf(person), eq(handwritingSamples.id, signatureId)))
    .limit(1)
  if (!row) throw notFound(handwritingMessages.notFound)
  await db.transaction(async (tx) => {
    await tx
      .update(handwritingSamples)
      .set({ chosen: false })
      .where(and(samePerson(person), eq(handwritingSamples.chosen, true)))
    await tx.update(handwritingSamples).set({ chosen: true }).where(eq(handwritingSamples.id, row.id))
  })
  return { signatureId: row.id, signatureKey: row.fileId }
}

/**
 * Whether a person has a handwriting sample on file: the authorization flow asks this before a signer is
 * chosen (000 §2 "check the signer has a handwriting sample"; 001 §7 signature check → hasSign).
 */
export async function hasHandwritingSample(db: Database, person: Person): Promise<boolean> {
  const rows = await db
    .select({ id: handwritingSamples.id })
    .from(handwritingSamples)
    .where(referenceOf(person))
    .limit(1)
  return rows.length > 0
}

async function referenceSamples(db: Database, person: Person) {
  return db
    .select({ signData: handwritingSamples.signData })
    .from(handwritingSamples)
    .where(referenceOf(person))
    .orderBy(desc(handwritingSamples.createdAt))
    .limit(MAX_REFERENCES)
}

const samePerson = (person: Person) =>
  and(
    eq(handwritingSamples.identityType, person.identityType),
    eq(handwritingSamples.identityNo, person.identityNo),
  )

const referenceOf = (person: Person) =>
  and(samePerson(person), eq(handwritingSamples.purpose, 'sample'), eq(handwritingSamples.pass, true))

function personOf(caller: Caller): Person {
  return { identityType: caller.person.identityType, identityNo: caller.person.identityNo }
}

/** The payload names the writer; the session decides who that may be: only the caller themself. */
function assertSelf(caller: Caller, input: { identity: string; name: string }) {
  const sameIdentity = input.identity.trim().toUpperCase() === caller.person.identityNo.toUpperCase()
  const sameName = input.name.trim() === caller.person.name.trim()
  if (!sameIdentity || !sameName) throw forbidden(handwritingMessages.notYourself)
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** The board's PNG, checked to be what it claims: a PNG within the limits that really decodes. */
async function checkedPng(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
  if (bytes.length > handwritingLimits.maxImageBytes) throw businessError(handwritingMessages.imageTooLarge)
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    throw businessError(handwritingMessages.badImage)
  }
  let size: { width: number; height: number }
  try {
    const meta = await sharp(bytes).metadata()
    if (meta.format !== 'png' || !meta.width || !meta.height) throw new Error('not a png')
    size = { width: meta.width, height: meta.height }
  } catch {
    throw businessError(handwritingMessages.badImage)
  }
  // The picture is drawn into the agreements later: its pixels are bounded here, on its header.
  if (!withinPixels(size, 'handwriting')) throw businessError(imageLimitMessages.tooManyPixels)
  return bytes
}

/** Draws the strokes when the client sent no picture: black ink on transparent, trimmed to the ink. */
async function renderStrokes(data: SignData): Promise<Buffer> {
  // Twice the board's size, unless that would pass the handwriting pixel budget (the board may claim 10000×10000).
  const scale = Math.min(2, Math.sqrt(pixelLimits.handwriting / Math.max(1, data.width * data.height)))
  const paths = data.strokes
    .map((stroke) => {
      const [first, ...rest] = stroke.points
      if (!first) return ''
      const d =
        `M${first.x} ${first.y}` + (rest.length ? rest.map((p) => `L${p.x} ${p.y}`).join('') : `l0.01 0`)
      return `<path d="${d}"/>`
    })
    .join('')
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(data.width * scale)}" height="${Math.ceil(data.height * scale)}" viewBox="0 0 ${data.width} ${data.height}">` +
    `<g fill="none" stroke="#000" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">${paths}</g></svg>`
  const full = await sharp(Buffer.from(svg)).png().toBuffer()
  // Trimming fails when nothing was drawn inside the canvas (all strokes off it): keep the full picture then.
  return sharp(full)
    .trim()
    .png()
    .toBuffer()
    .catch(() => full)
}

/** How many reference samples a person has (the authorization flow asks for five, 000 §9). */
export async function referenceSampleCount(db: Database, person: Person): Promise<number> {
  return db.$count(handwritingSamples, referenceOf(person))
}

/** A signature stays good for one use this long after it passed its comparison. */
export const VERIFIED_SIGNATURE_TTL_MS = 5 * 60_000

/**
 * Whether `signatureId` is a signature the caller wrote just now (purpose `verify`) that matched their
 * samples: what an authorised user with the signature use method shows before each use of the seal.
 */
export async function isFreshPassedSignature(db: Database, caller: Caller, signatureId: string, now: Date, options: { orNewSample?: boolean } = {}): Promise<boolean> {
  const [row] = await db
    .select({ pass: handwritingSamples.pass, purpose: handwritingSamples.purpose, createdAt: handwritingSamples.createdAt })
    .from(handwritingSamples)
    .where(and(samePerson(personOf(caller)), eq(handwritingSamples.id, signatureId)))
    .limit(1)
  // A sample just written counts only where setting up is meant (switching to the signature method): a
  // person's first sample passes without a comparison.
  const kindAllowed = row?.purpose === 'verify' || (options.orNewSample === true && row?.purpose === 'sample')
  return Boolean(row?.pass) && kindAllowed && now.getTime() - row!.createdAt.getTime() <= VERIFIED_SIGNATURE_TTL_MS
}
