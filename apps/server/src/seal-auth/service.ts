import { and, count, eq, gt, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { AuthorizationLetterPositions } from '@seal/pdf/documents/authorization-letter'
import { acceptancePath, authUseTypeNeeds, sealAuthMessages, type authCreationData } from '@seal/shared/api/seal-auth'
import type { z } from 'zod'
import { authUseType, sealRole } from '@seal/shared/codes/authorization'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { messages } from '@seal/shared/messages'
import { isSealPassword, sealPasswordsMatch, stripWhitespace } from '@seal/shared/rules/seal-password'
import { authPeriodProblem } from '@seal/shared/rules/authorization'
import { beijingDate } from '@seal/shared/text/beijing-time'
import type { Caller } from '../plugins/caller.ts'
import { realNameMessages } from '../identity/real-name/verify.ts'
import { sendSmsCode, verifySmsCode, type SmsSender } from '../auth/sms-codes.ts'
import { persons, units } from '../auth/tables.ts'
import { uniqueViolationOf } from '../db/errors.ts'
import type { Database } from '../db/client.ts'
import { businessError, notFound } from '../errors.ts'
import { saveFile, saveFileOnce } from '../files/service.ts'
import type { FileStore } from '../files/store.ts'
import { files } from '../files/tables.ts'
import { sendSmsNotice } from '../identity/sms-notice.ts'
import type { SmsProvider } from '../identity/sms-provider.ts'
import { handwritingImage, referenceSampleCount } from '../signing/handwriting.ts'
import { signWithImage } from '../signing/seal-document.ts'
import type { Trust } from '../trust/context.ts'
import { trustMessages } from '../trust/messages.ts'
import { assertSealPin, hashSealPin } from '../trust/pin.ts'
import { loadSealHolder, sealAccess, type SealAccess, type SealHolder } from '../seals/roles.ts'
import { signerForAuthorizedUse } from '../seals/seal-signer.ts'
import { assertUsePassword } from '../seals/use-password.ts'
import { serviceSigner } from '../trust/service-signer.ts'
import { timestampAuthority } from '../trust/timestamping.ts'
import { inWorker } from '../workers/pool.ts'
import { acceptanceMark } from './acceptance-mark.ts'
import { sealAuths, type SealAuth } from '../seals/tables.ts'


/** A phone proven by telAuth counts for acceptance this long. */
export const PHONE_PROOF_TTL_MS = 30 * 60_000
/** Handwriting samples a seal user with the signature use method must have (000 §9). */
export const ACCEPTANCE_SAMPLES = 5
const ACCEPT_SMS_PURPOSE = 'seal-auth'
/**
 * Unsigned authorisation letters one person may start on one seal in DRAFT_WINDOW_MS: rows are not free, real
 * use is a few. A window, not a total: a draft cannot be deleted, and old abandoned ones must not shut anyone out.
 */
export const MAX_OPEN_DRAFTS = 20
const DRAFT_WINDOW_MS = 24 * 60 * 60_000

const sealIsUsable = (found: SealHolder) => found.seal.status === sealStatusWide.VALID

/**
 * Create pending authorization (000 §4 "Authorization creation"): the holder (role 1) or a manager (role 2,
 * who may only authorise use) names a seal user, a use method and a period; nothing is granted until the
 * letter is signed. The seal user is the person of that ID number (created if new to us, with the name and
 * phone given); a person we know under another name is refused.
 */
export async function createDraft(db: Database, caller: Caller, data: z.output<typeof authCreationData>, now: Date): Promise<string> {
  const access = await sealAccess(db, caller, { sealId: data.sealId, sealCode: data.sealCode ?? undefined, sealTypeCode: data.sealTypeCode ?? undefined }, { roles: [sealRole.LEGAL_PERSON, sealRole.MANAGER], now })
  if (!sealIsUsable(access)) throw businessError(trustMessages.sealNotInEffect)
  if (access.role === sealRole.MANAGER && data.authUseType !== authUseType.USE) throw businessError(sealAuthMessages.managerOnlyUse)
  const periodProblem = authPeriodProblem(data, { now: now.getTime(), certEndTime: access.seal.certEndTime.getTime() })
  if (periodProblem) throw businessError(periodProblem)

  const grantee = await personByIdentity(db, { name: data.name, identityNo: data.personIdentity, phone: data.phone })
  if (grantee.id === access.holder.personId || grantee.id === caller.person.id) throw businessError(sealAuthMessages.selfAuthorisation)
  if (await liveAuthOf(db, access.seal.id, grantee.id)) throw businessError(sealAuthMessages.alreadyAuthorised)

  // The count and the insert under one lock per seal and grantor, so concurrent creates cannot all pass on
  // the same count (as uploads do, files/service.ts).
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`seal-auth-draft:${access.seal.id}:${caller.person.id}`}))`)
    const [open] = await tx
      .select({ drafts: count() })
      .from(sealAuths)
      .where(and(eq(sealAuths.sealId, access.seal.id), eq(sealAuths.grantorPersonId, caller.person.id), eq(sealAuths.status, 'draft'), gt(sealAuths.createdAt, new Date(now.getTime() - DRAFT_WINDOW_MS))))
    if ((open?.drafts ?? 0) >= MAX_OPEN_DRAFTS) throw businessError(sealAuthMessages.tooManyDrafts)
    const [row] = await tx
      .insert(sealAuths)
      .values({
        sealId: access.seal.id,
        granteePersonId: grantee.id,
        granteePhone: data.phone,
        grantorPersonId: caller.person.id,
        grantorRole: access.role,
        authUseType: String(data.authUseType),
        useType: String(data.useType),
        scope: data.scope ?? null,
        startTime: new Date(data.startTime),
        endTime: new Date(data.endTime),
      })
      .returning({ id: sealAuths.id })
    return row!.id
  })
}

async function personByIdentity(db: Database, input: { name: string; identityNo: string; phone: string }) {
  const identityNo = input.identityNo.toUpperCase()
  const [known] = await db
    .select()
    .from(persons)
    .where(and(eq(persons.identityType, '111'), eq(persons.identityNo, identityNo)))
    .limit(1)
  if (known) {
    if (known.name !== input.name) throw businessError('用章人姓名与身份证号不一致')
    return known
  }
  const [created] = await db
    .insert(persons)
    .values({ name: input.name, identityType: '111', identityNo, phone: input.phone })
    .onConflictDoNothing()
    .returning()
  if (created) return created
  return personByIdentity(db, input)
}

async function liveAuthOf(db: Database, sealId: string, personId: string) {
  const [row] = await db
    .select()
    .from(sealAuths)
    .where(and(eq(sealAuths.sealId, sealId), eq(sealAuths.granteePersonId, personId), or(eq(sealAuths.status, 'pending'), eq(sealAuths.status, 'active'))))
    .limit(1)
  return row
}

async function authById(db: Database, id: string): Promise<SealAuth> {
  const [row] = await db.select().from(sealAuths).where(eq(sealAuths.id, id)).limit(1)
  if (!row) throw notFound()
  return row
}

/** The caller's own draft, with their role on the seal checked again (it may have changed since). */
async function ownDraft(db: Database, caller: Caller, stashAuthId: string, now: Date): Promise<{ auth: SealAuth; access: SealAccess }> {
  const auth = await authById(db, stashAuthId)
  if (auth.grantorPersonId !== caller.person.id) throw notFound()
  if (auth.status !== 'draft') throw businessError(sealAuthMessages.draftGone)
  const access = await sealAccess(db, caller, { sealId: auth.sealId }, { roles: [sealRole.LEGAL_PERSON, sealRole.MANAGER], now })
  return { auth, access }
}

/** The caller's own authorisation as seal user, pending (to accept) or any (to read). */
async function ownGrant(db: Database, caller: Caller, authId: string, status?: SealAuth['status']): Promise<SealAuth> {
  const auth = await authById(db, authId)
  if (auth.granteePersonId !== caller.person.id || caller.kind !== 'personal') throw notFound()
  if (status && auth.status !== status) throw businessError(sealAuthMessages.notPending)
  return auth
}

// ---------------------------------------------------------------------------------------------------------
// The letter

type Letter = { pdf: Uint8Array; positions: AuthorizationLetterPositions }

async function letterOf(db: Database, auth: SealAuth, signedOn?: Date): Promise<Letter> {
  const found = await loadSealHolder(db, auth.sealId)
  if (!found) throw notFound()
  const [grantee] = await db.select().from(persons).where(eq(persons.id, auth.granteePersonId)).limit(1)
  const authorizer = found.unit
    ? { kind: 'unit' as const, unitName: found.unit.name, socialCreditCode: found.unit.socialCreditCode, legalRepresentative: found.holder.name, ...(auth.grantorRole === sealRole.MANAGER ? { signatoryTitle: '印章管理员' } : {}) }
    : { kind: 'person' as const, name: found.holder.name, personIdentity: found.holder.identityNo }
  return inWorker({
    kind: 'authorizationLetter',
    input: {
      authorizer,
      seal: { sealName: found.seal.sealName, sealTypeCode: found.seal.sealTypeCode, sealCode: found.seal.sealCode },
      authorized: { name: grantee!.name, personIdentity: grantee!.identityNo, phone: auth.granteePhone },
      useType: auth.useType,
      authUseType: auth.authUseType,
      startTime: auth.startTime.getTime(),
      endTime: auth.endTime.getTime(),
      ...(auth.scope ? { scope: auth.scope } : {}),
      letterNo: auth.id,
      createdAt: auth.createdAt,
      ...(signedOn ? { signedOn } : {}),
    },
  })
}

/** Stores bytes as the caller's file once: the same letter asked for again is the same file. */
const storeOnce = (db: Database, store: FileStore, accountId: string, bytes: Uint8Array, name: string) =>
  saveFileOnce({ db, store, ownerAccountId: accountId, bytes: Buffer.from(bytes), originalName: name })

const LETTER_TITLE = '印章使用授权书'

/** GET /sealAuth/getLowPersonAuthFile, getManagerAuthFile: the unsigned letter of the caller's draft, to preview and sign. */
export async function draftLetter(options: { db: Database; store: FileStore; caller: Caller; stashAuthId: string; now: Date }) {
  const { db, caller } = options
  const { auth } = await ownDraft(db, caller, options.stashAuthId, options.now)
  const letter = await letterOf(db, auth)
  const file = await storeOnce(db, options.store, caller.accountId, letter.pdf, `${LETTER_TITLE}.pdf`)
  return { authFileId: file.id, stashAuthId: auth.id, authId: null, ...boxesOf(letter.positions) }
}

const boxesOf = (p: AuthorizationLetterPositions) => ({
  sealLocation: p.sealLocation,
  signLocation: p.signLocation,
  dateLocation: p.dateLocation,
  authorizedSignLocation: p.authorizedSignLocation,
  authorizedDateLocation: p.authorizedDateLocation,
})

/**
 * POST /sealAuth/submitLowPersonAuthFile: the grantor signs the letter. The seal password is checked first
 * (the seal PIN for the holder, the manager's own use password for a manager; both counted and locking),
 * then the letter gets two PAdES signatures: the unit's seal (its own key) and the grantor's handwriting
 * (the service's document-signing certificate). The draft becomes pending in one conditional update, and
 * the seal user is told by SMS.
 */
export async function signAsGrantor(options: {
  trust: Trust
  store: FileStore
  sms: SmsProvider
  caller: Caller
  body: { stashAuthId: string; lawPersonSignId: string; password: string }
  log: FastifyBaseLogger
}): Promise<{ authId: string; authFileId: string; smsSent: boolean }> {
  const { trust, store, caller, body } = options
  const db = trust.db
  const now = trust.now()
  const { auth, access } = await ownDraft(db, caller, body.stashAuthId, now)
  if (!sealIsUsable(access)) throw businessError(trustMessages.sealNotInEffect)
  const handwriting = await handwritingImage({ db, store, caller, signatureId: body.lawPersonSignId })
  if (access.role === sealRole.LEGAL_PERSON) await assertSealPin(db, { sealId: access.seal.id, pin: body.password, now })
  else await assertUsePassword(db, access.auth!, body.password, now)

  const letter = await letterOf(db, auth, now)
  const [image] = await db.select().from(files).where(eq(files.id, access.seal.imageFileId)).limit(1)
  const sealed = await signWithImage({
    pdf: letter.pdf,
    signer: await signerForAuthorizedUse(trust, { sealId: access.seal.id }),
    image: new Uint8Array(await store.get(image!.storageKey)),
    placement: letter.positions.sealLocation,
    signerName: access.seal.sealName,
    reason: `${LETTER_TITLE}（${access.unit?.name ?? access.holder.name}盖章）`,
    signingTime: now,
    timestampAuthority: timestampAuthority(trust),
  })
  const signed = await signWithImage({
    pdf: sealed,
    signer: await serviceSigner(trust),
    image: handwriting,
    placement: letter.positions.signLocation,
    signerName: caller.person.name,
    reason: `${caller.person.name}（${access.role === sealRole.MANAGER ? '印章管理员' : '法定代表人'}）手写签署《${LETTER_TITLE}》`,
    signingTime: now,
    timestampAuthority: timestampAuthority(trust),
  })
  // The signed letter is durable before the authorisation points at it (decisions.md "Crash safety").
  const file = await saveFile({ db, store, ownerAccountId: caller.accountId, bytes: Buffer.from(signed), originalName: `${LETTER_TITLE}（授权方已签署）.pdf` })

  let moved: { id: string }[]
  try {
    moved = await db
      .update(sealAuths)
      .set({ status: 'pending', letterFileId: file.id, signedAt: now })
      .where(and(eq(sealAuths.id, auth.id), eq(sealAuths.status, 'draft')))
      .returning({ id: sealAuths.id })
  } catch (error) {
    if (uniqueViolationOf(error)) throw businessError(sealAuthMessages.alreadyAuthorised)
    throw error
  }
  if (moved.length === 0) throw businessError(sealAuthMessages.draftGone)

  const sealName = access.seal.sealName
  const smsSent = await sendSmsNotice(
    options.sms,
    {
      phone: auth.granteePhone,
      // The link opens the acceptance of this very authorisation (after the login, which keeps where it was going).
      text: `${access.unit?.name ?? access.holder.name}授权您使用电子印章“${sealName}”，有效期${beijingDate(auth.startTime.getTime())}至${beijingDate(auth.endTime.getTime())}，请登录电子印章服务确认授权：${acceptLink(trust, auth.id)}`,
    },
    (error) => options.log.warn({ err: error }, 'authorisation notice SMS failed'),
    { db },
  )
  return { authId: auth.id, authFileId: file.id, smsSent }
}

/** Where the seal user accepts one authorisation: /authorization-start/personal with its authId. */
export const acceptLink = (trust: Pick<Trust, 'publicUrl'>, authId: string) => `${trust.publicUrl}${acceptancePath(authId)}`

// ---------------------------------------------------------------------------------------------------------
// The seal user's acceptance (000 §2 personal steps, §4 "Signature collection")

/** POST /sealAuth/sendSmsCode: a code to the phone an authorisation waiting for the caller was sent to. */
export async function sendAcceptCode(options: { db: Database; sms: SmsSender; caller: Caller; tel: string }) {
  const { db, caller } = options
  const [waiting] = await db
    .select({ id: sealAuths.id })
    .from(sealAuths)
    .where(and(eq(sealAuths.granteePersonId, caller.person.id), eq(sealAuths.status, 'pending'), eq(sealAuths.granteePhone, options.tel)))
    .limit(1)
  if (!waiting || caller.kind !== 'personal') throw businessError(sealAuthMessages.phoneMismatch)
  if (!caller.person.verified) throw businessError(realNameMessages.notVerified)
  return sendSmsCode({ db, sms: options.sms, phone: options.tel, purpose: ACCEPT_SMS_PURPOSE })
}

/** POST /sealAuth/telAuth: the code proves the phone for every authorisation waiting for the caller on it. */
export async function proveAcceptPhone(options: { db: Database; caller: Caller; tel: string; code: string; now: Date }) {
  const { db, caller } = options
  if (caller.kind !== 'personal') throw businessError(sealAuthMessages.phoneMismatch)
  await verifySmsCode({ db, phone: options.tel, purpose: ACCEPT_SMS_PURPOSE, code: options.code, now: options.now })
  await db
    .update(sealAuths)
    .set({ phoneVerifiedAt: options.now })
    .where(and(eq(sealAuths.granteePersonId, caller.person.id), eq(sealAuths.status, 'pending'), eq(sealAuths.granteePhone, options.tel)))
}

/** The pending authorisation of this seal waiting for the caller; a seal no longer in effect ends the acceptance. */
async function pendingGrantOfSeal(db: Database, caller: Caller, sealId: string): Promise<SealAuth> {
  const [auth] = await db
    .select()
    .from(sealAuths)
    .where(and(eq(sealAuths.sealId, sealId), eq(sealAuths.granteePersonId, caller.person.id), eq(sealAuths.status, 'pending')))
    .limit(1)
  if (!auth || caller.kind !== 'personal') throw notFound()
  // A grantee must be who the holder meant: the real person of that ID number (docs/decisions.md "Who is who").
  if (!caller.person.verified) throw businessError(realNameMessages.notVerified)
  return auth
}

async function assertSealStillValid(db: Database, sealId: string) {
  const found = await loadSealHolder(db, sealId)
  if (!found || !sealIsUsable(found)) throw businessError(messages.sealCancelledAcceptFailed)
}

/**
 * POST /sealAuth/confirmPersonNew: the seal user confirms the authorisation; with a password use method they
 * set their use password here (the seal password rules, typed twice).
 */
export async function confirmAsGrantee(db: Database, caller: Caller, body: { sealId: string; usePasswod?: string | null; confirmUsePassowrd?: string | null }) {
  const auth = await pendingGrantOfSeal(db, caller, body.sealId)
  await assertSealStillValid(db, auth.sealId)
  if (!authUseTypeNeeds.password(Number(auth.useType))) return
  const password = stripWhitespace(body.usePasswod ?? '')
  if (!password) throw businessError(sealAuthMessages.passwordMissing)
  if (!isSealPassword(password)) throw businessError(messages.sealPasswordRule)
  if (!sealPasswordsMatch(password, stripWhitespace(body.confirmUsePassowrd ?? ''))) throw businessError(messages.passwordsDiffer)
  await db
    .update(sealAuths)
    .set({ usePasswordHash: await hashSealPin(password), failedAttempts: 0, lockedUntil: null })
    .where(and(eq(sealAuths.id, auth.id), eq(sealAuths.status, 'pending')))
}

/** GET /sealAuth/getUseSealAuthFile: the letter the grantor signed, for the seal user to read and countersign. */
export async function granteeLetter(options: { db: Database; caller: Caller; authId: string }) {
  const { db, caller } = options
  const auth = await ownGrant(db, caller, options.authId)
  if (auth.status === 'draft' || !auth.letterFileId) throw notFound()
  const letter = await letterOf(db, auth)
  return { authFileId: auth.letterFileId, stashAuthId: null, authId: auth.id, ...boxesOf(letter.positions) }
}

/**
 * POST /sealAuth/submitUseSealPersonAuthFile: the seal user countersigns the letter and the authorisation is
 * in force. Everything acceptance asks for is checked here, whatever the screens did before: the seal still
 * in effect, the phone proven recently, the use password set (password use), five handwriting samples
 * (signature use).
 */
export async function acceptAsGrantee(options: { trust: Trust; store: FileStore; caller: Caller; body: { authId: string; useSealPersonSignId: string } }) {
  const { trust, store, caller, body } = options
  const db = trust.db
  const now = trust.now()
  const auth = await ownGrant(db, caller, body.authId, 'pending')
  await assertSealStillValid(db, auth.sealId)
  if (!auth.phoneVerifiedAt || now.getTime() - auth.phoneVerifiedAt.getTime() > PHONE_PROOF_TTL_MS) throw businessError(sealAuthMessages.phoneNotVerified)
  const useType = Number(auth.useType)
  if (authUseTypeNeeds.password(useType) && !auth.usePasswordHash) throw businessError(sealAuthMessages.passwordMissing)
  if (authUseTypeNeeds.signature(useType) && (await referenceSampleCount(db, caller.person)) < ACCEPTANCE_SAMPLES) throw businessError(sealAuthMessages.samplesMissing)

  const handwriting = await handwritingImage({ db, store, caller, signatureId: body.useSealPersonSignId })
  const [letterFile] = await db.select().from(files).where(eq(files.id, auth.letterFileId!)).limit(1)
  const { positions } = await letterOf(db, auth)
  const mark = await acceptanceMark({ handwriting, positions, acceptedOn: now })
  const signed = await signWithImage({
    pdf: new Uint8Array(await store.get(letterFile!.storageKey)),
    signer: await serviceSigner(trust),
    image: mark.image,
    placement: mark.placement,
    signerName: caller.person.name,
    reason: `${caller.person.name}（用章人）手写签署《${LETTER_TITLE}》，接受授权`,
    signingTime: now,
    timestampAuthority: timestampAuthority(trust),
  })
  const file = await saveFile({ db, store, ownerAccountId: caller.accountId, bytes: Buffer.from(signed), originalName: `${LETTER_TITLE}.pdf` })
  const moved = await db
    .update(sealAuths)
    .set({ status: 'active', letterFileId: file.id, acceptedAt: now })
    .where(and(eq(sealAuths.id, auth.id), eq(sealAuths.status, 'pending')))
    .returning({ id: sealAuths.id })
  if (moved.length === 0) throw businessError(sealAuthMessages.notPending)
  return { authFileId: file.id, authId: auth.id }
}

// ---------------------------------------------------------------------------------------------------------
// Ending an authorisation

/**
 * POST /sealAuth/cancelAuth, /sealAuth/v4/cancelAuth: the holder (role 1) or a manager (role 2) ends an
 * authorisation of a seal; a manager cannot end another manager's (000 §5). A second call finds it ended.
 */
export async function cancelAuth(db: Database, caller: Caller, authId: string, now: Date) {
  const auth = await authById(db, authId)
  const access = await sealAccess(db, caller, { sealId: auth.sealId }, { roles: [sealRole.LEGAL_PERSON, sealRole.MANAGER], now }).catch(() => {
    throw notFound()
  })
  if (access.role === sealRole.MANAGER && Number(auth.authUseType) === authUseType.MANAGE) throw businessError(messages.cannotRemoveManagerAuthorization)
  await revoke(db, auth, caller)
}

/** POST /sealAuth/cancelAuthByParams: the seal user gives up their own authorisation of a seal. */
export async function cancelOwnAuth(db: Database, caller: Caller, sealId: string) {
  const found = await loadSealHolder(db, sealId)
  if (!found) throw notFound()
  if (found.holder.personId === caller.person.id) throw businessError(messages.legalPersonCannotRemoveSelf)
  const auth = await liveAuthOf(db, sealId, caller.person.id)
  if (!auth || caller.kind !== 'personal') throw notFound()
  await revoke(db, auth, caller)
}

async function revoke(db: Database, auth: SealAuth, caller: Caller) {
  const moved = await db
    .update(sealAuths)
    .set({ status: 'revoked', revokedAt: new Date(), revokedByPersonId: caller.person.id })
    .where(and(eq(sealAuths.id, auth.id), sql`${sealAuths.status} <> 'revoked'`))
    .returning({ id: sealAuths.id })
  if (moved.length === 0) throw businessError(sealAuthMessages.notPending)
}

/**
 * The seal manager an application names (001 §2 step 1 "seal manager", with the manager password of step 2)
 * becomes role 2 on each seal made for it: an accepted management authorisation for the certificate's
 * period, the manager's password as its use password. The application's signed documents are its letter.
 * Runs in the transaction that records the made seal.
 */
export async function grantManagerOfApplication(
  tx: Database,
  input: { sealId: string; unitId: string; manager: { name: string; identityNo: string; phone: string }; pinHash: string; start: Date; end: Date },
) {
  const identityNo = input.manager.identityNo.toUpperCase()
  await tx.insert(persons).values({ name: input.manager.name, identityType: '111', identityNo, phone: input.manager.phone }).onConflictDoNothing()
  const [manager] = await tx.select().from(persons).where(and(eq(persons.identityType, '111'), eq(persons.identityNo, identityNo))).limit(1)
  const [unit] = await tx.select({ legalPersonId: units.legalPersonId }).from(units).where(eq(units.id, input.unitId)).limit(1)
  if (!manager || !unit || manager.id === unit.legalPersonId) return
  await tx
    .insert(sealAuths)
    .values({
      sealId: input.sealId,
      granteePersonId: manager.id,
      granteePhone: input.manager.phone,
      grantorPersonId: unit.legalPersonId,
      grantorRole: sealRole.LEGAL_PERSON,
      authUseType: String(authUseType.MANAGE),
      useType: '2',
      status: 'active',
      startTime: input.start,
      endTime: input.end,
      usePasswordHash: input.pinHash,
      signedAt: input.start,
      acceptedAt: input.start,
    })
    .onConflictDoNothing()
}

/**
 * After a change or renewal reissues a seal (001 §2 step 2 "authorisation list"): kept authorisations take
 * the periods the application gives them, within the new certificate; with reservedAuth off, every live
 * authorisation of the seal ends. Runs in the transaction that records the reissued seal.
 */
export async function carryAuthorisations(
  tx: Database,
  input: { sealId: string; reserved: boolean; periods: { authId: string; sealId: string; authStartTime: number | null; authEndTime: number | null }[]; certEndTime: Date; now: Date },
) {
  const live = and(eq(sealAuths.sealId, input.sealId), or(eq(sealAuths.status, 'pending'), eq(sealAuths.status, 'active')))
  if (!input.reserved) {
    await tx.update(sealAuths).set({ status: 'revoked', revokedAt: input.now }).where(live)
    return
  }
  for (const period of input.periods) {
    if (period.sealId !== input.sealId || !period.authId || !period.authStartTime || !period.authEndTime) continue
    const end = new Date(Math.min(period.authEndTime, input.certEndTime.getTime()))
    await tx
      .update(sealAuths)
      .set({ startTime: new Date(period.authStartTime), endTime: end })
      .where(and(live, eq(sealAuths.id, period.authId)))
  }
}
