import { channel } from 'node:diagnostics_channel'
import { createHash, randomInt, randomUUID } from 'node:crypto'
import { and, desc, eq, ne } from 'drizzle-orm'
import { sealStatusWide, type SealStatusWide } from '@seal/shared/codes/seal-status'
import { messages } from '@seal/shared/messages'
import { beijingDate } from '@seal/shared/text/beijing-time'
import { recordAudit } from '../audit/record.ts'
import type { Database } from '../db/client.ts'
import { uniqueViolationOf } from '../db/errors.ts'
import { businessError, invalidInput, notFound } from '../errors.ts'
import { storeFileBytes } from '../files/service.ts'
import { files } from '../files/tables.ts'
import { currentCrl, issuingCaKey, loadCertificateAuthority } from '../trust/ca.ts'
import { crlUrl, issuingCaUrl, type Trust } from '../trust/context.ts'
import { sealKeyContext } from '../trust/key-wrap.ts'
import { trustMessages } from '../trust/messages.ts'
import { checkPinRule, hashSealPin } from '../trust/pin.ts'
import { sealCredentials, sealPins } from '../trust/tables.ts'
import {
  buildName,
  crlReason,
  generateKeyPair,
  issueCertificate,
  keyIdentifier,
  oids,
  randomSerial,
  readSubject,
  sealInfoExtension,
  wholeSeconds,
  type CrlReasonCode,
  type KeyAlgorithm,
  type NameAttribute,
} from '../trust/x509.ts'
import { recordSealEvent } from './seal-events.ts'
import { ONE_PERSONAL_SEAL_INDEX, ONE_UNIT_SEAL_PER_TYPE_INDEX, seals, type Seal } from './tables.ts'
import { SEAL_MADE_CHANNEL } from '../plugins/metric-channels.ts'

/** Counted by /metrics (seals_made_total). */
const sealMade = channel(SEAL_MADE_CHANNEL)

export type SealOwner =
  | { kind: 'unit'; unitId: string; unitName: string; socialCreditCode: string }
  | { kind: 'person'; personId: string; name: string; identityNo: string; identityType?: string }

export type MakeSealInput = {
  owner: SealOwner
  sealName: string
  /** 01 … 05, 99, 1000 (@seal/shared/codes/seal-type). */
  sealTypeCode: string
  /** The filing number (备案号); when absent (无备案号) a code is assigned. */
  sealCode?: string | undefined
  /** The seal image, PNG. Its SHA-256 is bound into the certificate. */
  image: Uint8Array
  certStartTime: Date
  certEndTime: Date
  algorithm?: KeyAlgorithm
  /** The seal PIN; may be left for activation (`setSealPin`) when the seal is made pending activation. */
  pin?: string | undefined
  /**
   * Instead of `pin`: its argon2id hash (`hashSealPin`), when the PIN was chosen earlier and only its hash
   * kept (an enterprise application hashes it at step 2). Give one of the two, never both.
   */
  pinHash?: string | undefined
  /** Wide reading; 1 (valid) unless the flow makes it pending activation (4) first. */
  status?: SealStatusWide
  /** 1 signature, 2 password (default), 3 both. */
  useType?: string
  /** The account that caused the making, kept as the image file's owner and in the audit trail. */
  actorAccountId?: string | null
  /**
   * What the flow writes with the seal, in the same transaction (closing its application): the seal and
   * the flow's record are both there after a crash, or neither is.
   */
  inSameTransaction?: (tx: Database, seal: Seal) => Promise<void>
}

export type SealCredentialSummary = {
  id: string
  algorithm: KeyAlgorithm
  serialNumber: string
  certificateDer: Uint8Array
  notBefore: Date
  notAfter: Date
}

export type MadeSeal = { seal: Seal; credential: SealCredentialSummary }

/** What `hashSealPin` stores: an argon2id PHC string. */
const ARGON2ID_HASH = /^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/**
 * Makes a seal: a fresh key pair (ECDSA P-256 unless RSA 2048 is asked for), a certificate from the issuing
 * CA naming the owner, the seal type and code and the image's SHA-256, valid certStartTime..certEndTime;
 * the wrapped key, the image (files service) and the PIN hash. The image's bytes are stored first, then
 * every row is written in one transaction. The database refuses a second seal where the spec allows only
 * one (a person's name seal, a unit's seal of a named type), whatever the concurrency: that refusal is
 * answered with the spec's message.
 *
 * Certificate subject:
 * - unit: C=CN, O=<unit name>, organizationIdentifier=NTRCN-<credit code> (ETSI EN 319 412-1 form), CN=<seal name>;
 * - person: C=CN, CN=<name>, serialNumber=<hex SHA-256 of "identityType:identityNo">.
 *   Why a hash and not the ID number: a seal certificate travels inside every signed PDF to anyone who gets
 *   the document, and an ID number is sensitive personal information (PIPL art. 28) that the spec itself
 *   masks on every screen. A party who knows the signer's ID can still confirm the match by hashing it.
 *   It is pseudonymisation, not secrecy: the ID space is small enough to search, so it is no access control.
 */
export async function makeSeal(trust: Trust, input: MakeSealInput): Promise<MadeSeal> {
  const sealName = input.sealName.trim()
  if (!sealName) throw invalidInput(trustMessages.sealNameRequired)
  if (!isPng(input.image)) throw invalidInput(trustMessages.sealImageNotPng)
  const certStartTime = wholeSeconds(input.certStartTime)
  const certEndTime = wholeSeconds(input.certEndTime)
  if (!(certEndTime.getTime() > certStartTime.getTime())) throw invalidInput(trustMessages.certPeriodInvalid)
  if (input.pin !== undefined && input.pinHash !== undefined)
    throw new Error('makeSeal: give pin or pinHash, not both')
  if (input.pin !== undefined) checkPinRule(input.pin, 'strict')
  if (input.pinHash !== undefined && !ARGON2ID_HASH.test(input.pinHash))
    throw invalidInput(trustMessages.pinHashInvalid)

  const ca = await loadCertificateAuthority(trust)
  if (certEndTime > ca.issuing.notAfter || certStartTime < ca.issuing.notBefore)
    throw businessError(trustMessages.certBeyondCa)

  const algorithm = input.algorithm ?? 'ECDSA_P256'
  const sealId = randomUUID()
  const sealCode = input.sealCode?.trim() || assignSealCode(trust.now())
  const imageSha256 = createHash('sha256').update(input.image).digest('hex')
  const credential = await issueSealCredential(trust, ca, {
    sealId,
    owner: input.owner,
    sealName,
    sealTypeCode: input.sealTypeCode,
    sealCode,
    imageSha256,
    algorithm,
    notBefore: certStartTime,
    notAfter: certEndTime,
  })
  const { id: credentialId, serialNumber, certificateDer } = credential
  const pinHash = input.pin === undefined ? input.pinHash : await hashSealPin(input.pin)
  const image = await storeFileBytes({
    store: trust.files,
    ownerAccountId: input.actorAccountId ?? null,
    bytes: Buffer.from(input.image),
    originalName: `${sealName}.png`,
  })

  let seal: Seal
  try {
    seal = await trust.db.transaction(async (tx) => {
      await tx.insert(files).values(image)
      const [row] = await tx
        .insert(seals)
        .values({
          id: sealId,
          ownerKind: input.owner.kind,
          unitId: input.owner.kind === 'unit' ? input.owner.unitId : null,
          personId: input.owner.kind === 'person' ? input.owner.personId : null,
          sealName,
          sealTypeCode: input.sealTypeCode,
          sealCode,
          status: input.status ?? sealStatusWide.VALID,
          useType: input.useType ?? '2',
          imageFileId: image.id,
          imageSha256,
          certStartTime,
          certEndTime,
        })
        .returning()
      await tx.insert(sealCredentials).values(credential)
      if (pinHash) await tx.insert(sealPins).values({ sealId, pinHash })
      await recordAudit(tx as unknown as Database, {
        accountId: input.actorAccountId,
        action: 'seal.made',
        target: sealId,
        detail: { serialNumber, algorithm, sealTypeCode: input.sealTypeCode },
      })
      await recordSealEvent(trust, tx as unknown as Database, {
        type: 'seal.made',
        seal: row!,
        at: trust.now(),
      })
      await input.inSameTransaction?.(tx as unknown as Database, row!)
      return row!
    })
  } catch (error) {
    // Nothing points at the image: remove it now (start-up would otherwise sweep it).
    await trust.files.remove(image.storageKey).catch(() => {})
    throw heldSealRefusal(error) ?? error
  }
  sealMade.publish({ sealId: seal.id })
  return {
    seal,
    credential: {
      id: credentialId,
      algorithm,
      serialNumber,
      certificateDer,
      notBefore: certStartTime,
      notAfter: certEndTime,
    },
  }
}

type NewCredential = typeof sealCredentials.$inferInsert & {
  id: string
  serialNumber: string
  certificateDer: Uint8Array
}

/**
 * A fresh key pair and its certificate from the issuing CA for one seal (made or reissued): the row to
 * insert into seal_credentials, the private key already wrapped for this seal and credential.
 */
async function issueSealCredential(
  trust: Trust,
  ca: Awaited<ReturnType<typeof loadCertificateAuthority>>,
  input: {
    sealId: string
    owner: SealOwner
    sealName: string
    sealTypeCode: string
    sealCode: string
    imageSha256: string
    algorithm: KeyAlgorithm
    notBefore: Date
    notAfter: Date
  },
): Promise<NewCredential> {
  const credentialId = randomUUID()
  const keys = await generateKeyPair(input.algorithm)
  const serialNumber = randomSerial()
  const certificateDer = await issueCertificate({
    serialNumber,
    subject: buildName(subjectOf(input.owner, input.sealName)),
    subjectPublicKey: keys.publicKey,
    issuer: ca.issuing.certificate.subject,
    issuerPrivateKey: await issuingCaKey(trust, ca),
    notBefore: input.notBefore,
    notAfter: input.notAfter,
    extensions: {
      ca: false,
      // nonRepudiation (contentCommitment): a seal commits its owner to the document, as a seal on paper does.
      keyUsage: ['digitalSignature', 'nonRepudiation'],
      subjectKeyId: keyIdentifier(keys.spki),
      authorityKeyId: ca.issuing.subjectKeyId,
      crlUrl: crlUrl(trust),
      caIssuersUrl: issuingCaUrl(trust),
      extra: [
        sealInfoExtension({
          sealTypeCode: input.sealTypeCode,
          sealCode: input.sealCode,
          imageSha256: input.imageSha256,
        }),
      ],
    },
  })
  const wrappedPrivateKey = await trust.keys.wrap(keys.pkcs8, sealKeyContext(input.sealId, credentialId))
  keys.pkcs8.fill(0)
  return {
    id: credentialId,
    sealId: input.sealId,
    algorithm: input.algorithm,
    publicKeyDer: keys.spki,
    wrappedPrivateKey,
    wrappingKeyId: trust.keys.keyId,
    certificateDer,
    serialNumber,
    notBefore: input.notBefore,
    notAfter: input.notAfter,
  }
}

/** The spec's answer when a unique index says the owner already holds such a seal. */
function heldSealRefusal(error: unknown) {
  const index = uniqueViolationOf(error)
  if (index === ONE_PERSONAL_SEAL_INDEX) return businessError(messages.personalSealExists)
  if (index === ONE_UNIT_SEAL_PER_TYPE_INDEX) return businessError(messages.sealTypeAlreadyHeld)
  return undefined
}

function subjectOf(owner: SealOwner, sealName: string): NameAttribute[] {
  if (owner.kind === 'unit') {
    return [
      { type: '2.5.4.6', value: 'CN', kind: 'printable' },
      { type: '2.5.4.10', value: owner.unitName },
      { type: '2.5.4.97', value: `NTRCN-${owner.socialCreditCode.toUpperCase()}`, kind: 'printable' },
      { type: '2.5.4.3', value: sealName },
    ]
  }
  const identity = `${owner.identityType ?? '111'}:${owner.identityNo.toUpperCase()}`
  return [
    { type: '2.5.4.6', value: 'CN', kind: 'printable' },
    { type: '2.5.4.3', value: owner.name },
    { type: '2.5.4.5', value: createHash('sha256').update(identity).digest('hex'), kind: 'printable' },
  ]
}

/**
 * The unit a unit seal's certificate names (subjectOf): its name (O) and credit code (organizationIdentifier
 * without NTRCN-). What a seal says of its unit, whatever the unit record says now.
 */
export function unitNamedBy(certificateDer: Uint8Array): { unitName: string; socialCreditCode: string } {
  const subject = readSubject(certificateDer)
  return {
    unitName: subject.get(oids.organization) ?? '',
    socialCreditCode: (subject.get(oids.organizationIdentifier) ?? '').replace(/^NTRCN-/, ''),
  }
}

const isPng = (bytes: Uint8Array) =>
  bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b)

/** A code for a seal without a filing number: the day it was made (China time) and 8 random digits. */
function assignSealCode(now: Date): string {
  const day = beijingDate(now.getTime()).replaceAll('-', '')
  return `${day}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
}

export type RevokeSealInput = {
  sealId: string
  /** Shown to users as the failure reason (e.g. 印章注销). */
  reason: string
  revokedByPersonId?: string | null
  /** RFC 5280 reason in the CRL; cessationOfOperation (the seal is cancelled) unless given. */
  reasonCode?: CrlReasonCode
  actorAccountId?: string | null
  /** The operator or API key that revoked it (the console), named in the audit log. */
  operator?: { id: string; name: string } | null
  ip?: string
}

/**
 * Cancels a seal: status 2 (cancelled), its certificates revoked, and the CRL, which follows the revoked
 * certificates in the database, re-signed at once. Calling
 * it again for a cancelled seal changes nothing and answers no serials (cascades may repeat safely).
 */
export async function revokeSeal(
  trust: Trust,
  input: RevokeSealInput,
): Promise<{ revokedSerialNumbers: string[] }> {
  const now = trust.now()
  const reasonCode = input.reasonCode ?? crlReason.cessationOfOperation
  const revoked = await trust.db.transaction(async (tx) => {
    const [seal] = await tx
      .select({ id: seals.id, status: seals.status })
      .from(seals)
      .where(eq(seals.id, input.sealId))
      .limit(1)
    if (!seal) throw notFound()
    if (seal.status !== sealStatusWide.CANCELLED) {
      const [cancelled] = await tx
        .update(seals)
        .set({
          status: sealStatusWide.CANCELLED,
          failureReason: input.reason,
          revokedAt: now,
          revokedByPersonId: input.revokedByPersonId ?? null,
          updatedAt: now,
        })
        .where(eq(seals.id, input.sealId))
        .returning()
      // The seal's bindings end, and their platforms are told, with the cancellation (the outbox's subscribers).
      await recordSealEvent(trust, tx as unknown as Database, {
        type: 'seal.cancelled',
        seal: cancelled!,
        reason: input.reason,
        at: now,
      })
    }
    const serials = await tx
      .update(sealCredentials)
      .set({
        status: 'revoked',
        revokedAt: now,
        revocationReasonCode: reasonCode,
        revocationReason: input.reason,
      })
      .where(and(eq(sealCredentials.sealId, input.sealId), ne(sealCredentials.status, 'revoked')))
      .returning({ serialNumber: sealCredentials.serialNumber })
    if (serials.length > 0) {
      await recordAudit(tx as unknown as Database, {
        accountId: input.actorAccountId,
        operator: input.operator ?? null,
        action: 'seal.revoked',
        target: input.sealId,
        detail: { reason: input.reason, reasonCode },
        ...(input.ip ? { ip: input.ip } : {}),
      })
    }
    return serials
  })
  // Signed now so the next fetch is fast; the served CRL follows the database even if this never runs.
  if (revoked.length > 0) await currentCrl(trust)
  return { revokedSerialNumbers: revoked.map((r) => r.serialNumber) }
}

export type ReissueSealInput = {
  sealId: string
  /** Who the certificate names now (a change of unit name or credit code names the new one). */
  owner: SealOwner
  /** A new seal name (a change renaming the unit); the seal's own name unless given. */
  sealName?: string | undefined
  /** A new seal image, PNG; the seal keeps its picture unless given. */
  image?: Uint8Array | undefined
  certStartTime: Date
  certEndTime: Date
  /** Why the earlier certificates leave: superseded (renewal) or affiliationChanged (a change of the owner). */
  reasonCode: CrlReasonCode
  /** Kept with the revoked certificates; 证书更新 unless given. */
  reason?: string | undefined
  actorAccountId?: string | null
  /** What the flow writes with the new certificate, in the same transaction (its application's outcome). */
  inSameTransaction?: (tx: Database, seal: Seal) => Promise<void>
}

/**
 * Renews or changes a seal: a fresh key pair and certificate for the same seal row (its id, PIN and
 * authorisations stay; the signer takes the newest credential), the earlier certificates revoked with
 * the given reason so the CRL lists them, and the seal's validity, name and picture updated, all in one
 * transaction that holds the seal row. A cancelled seal is not reissued.
 */
export async function reissueSealCredential(trust: Trust, input: ReissueSealInput): Promise<MadeSeal> {
  const [current] = await trust.db.select().from(seals).where(eq(seals.id, input.sealId)).limit(1)
  if (!current) throw notFound()
  const sealName = (input.sealName ?? current.sealName).trim()
  if (!sealName) throw invalidInput(trustMessages.sealNameRequired)
  if (input.image && !isPng(input.image)) throw invalidInput(trustMessages.sealImageNotPng)
  const certStartTime = wholeSeconds(input.certStartTime)
  const certEndTime = wholeSeconds(input.certEndTime)
  if (!(certEndTime.getTime() > certStartTime.getTime())) throw invalidInput(trustMessages.certPeriodInvalid)
  const ca = await loadCertificateAuthority(trust)
  if (certEndTime > ca.issuing.notAfter || certStartTime < ca.issuing.notBefore)
    throw businessError(trustMessages.certBeyondCa)

  const [previous] = await trust.db
    .select({ algorithm: sealCredentials.algorithm })
    .from(sealCredentials)
    .where(eq(sealCredentials.sealId, current.id))
    .orderBy(desc(sealCredentials.createdAt))
    .limit(1)
  const imageSha256 = input.image
    ? createHash('sha256').update(input.image).digest('hex')
    : current.imageSha256
  const credential = await issueSealCredential(trust, ca, {
    sealId: current.id,
    owner: input.owner,
    sealName,
    sealTypeCode: current.sealTypeCode,
    sealCode: current.sealCode,
    imageSha256,
    algorithm: previous?.algorithm ?? 'ECDSA_P256',
    notBefore: certStartTime,
    notAfter: certEndTime,
  })
  const image = input.image
    ? await storeFileBytes({
        store: trust.files,
        ownerAccountId: input.actorAccountId ?? null,
        bytes: Buffer.from(input.image),
        originalName: `${sealName}.png`,
      })
    : null
  const now = trust.now()
  const reason = input.reason ?? trustMessages.certificateReissued

  let result: { seal: Seal; revoked: number }
  try {
    result = await trust.db.transaction(async (tx) => {
      // Held until commit: two reissues of one seal run one after the other, the later revoking the earlier.
      const [locked] = await tx
        .select({ status: seals.status })
        .from(seals)
        .where(eq(seals.id, current.id))
        .for('update')
      if (!locked || locked.status === sealStatusWide.CANCELLED || locked.status === sealStatusWide.REVOKED)
        throw businessError(trustMessages.sealCancelled)
      if (image) await tx.insert(files).values(image)
      await tx.insert(sealCredentials).values(credential)
      const revoked = await tx
        .update(sealCredentials)
        .set({
          status: 'revoked',
          revokedAt: now,
          revocationReasonCode: input.reasonCode,
          revocationReason: reason,
        })
        .where(
          and(
            eq(sealCredentials.sealId, current.id),
            ne(sealCredentials.id, credential.id),
            ne(sealCredentials.status, 'revoked'),
          ),
        )
        .returning({ serialNumber: sealCredentials.serialNumber })
      const [row] = await tx
        .update(seals)
        .set({
          sealName,
          certStartTime,
          certEndTime,
          ...(image ? { imageFileId: image.id, imageSha256 } : {}),
          updatedAt: now,
        })
        .where(eq(seals.id, current.id))
        .returning()
      await recordSealEvent(trust, tx as unknown as Database, {
        type: input.reasonCode === crlReason.superseded ? 'seal.renewed' : 'seal.changed',
        seal: row!,
        reason,
        at: now,
      })
      await recordAudit(tx as unknown as Database, {
        accountId: input.actorAccountId,
        action: 'seal.reissued',
        target: current.id,
        detail: {
          serialNumber: credential.serialNumber,
          revokedSerialNumbers: revoked.map((r) => r.serialNumber),
          reasonCode: input.reasonCode,
        },
      })
      await input.inSameTransaction?.(tx as unknown as Database, row!)
      return { seal: row!, revoked: revoked.length }
    })
  } catch (error) {
    if (image) await trust.files.remove(image.storageKey).catch(() => {})
    throw error
  }
  // Signed now so the next fetch is fast; the served CRL follows the database even if this never runs.
  if (result.revoked > 0) await currentCrl(trust)
  return {
    seal: result.seal,
    credential: {
      id: credential.id,
      algorithm: credential.algorithm,
      serialNumber: credential.serialNumber,
      certificateDer: credential.certificateDer,
      notBefore: certStartTime,
      notAfter: certEndTime,
    },
  }
}
