import { desc, eq } from 'drizzle-orm'
import { cryptoKeySigner } from '@seal/pdf/sign/crypto-key-signer'
import type { PdfSigner } from '@seal/pdf/sign/sign-pdf'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import type { Caller } from '../plugins/caller.ts'
import { businessError, notFound } from '../errors.ts'
import { loadCertificateAuthority } from '../trust/ca.ts'
import type { Trust } from '../trust/context.ts'
import { sealKeyContext } from '../trust/key-wrap.ts'
import { trustMessages } from '../trust/messages.ts'
import { assertSealPin } from '../trust/pin.ts'
import { sealCredentials } from '../trust/tables.ts'
import { importSigningKey } from '../trust/x509.ts'
import { sealHeldByCaller, type SealReference } from './roles.ts'
import { seals, type Seal } from './tables.ts'

export type { PdfSigner }

/**
 * The signer for one use of a seal by its holder: checks that the caller holds the seal (else 数据不存在),
 * that the seal is in effect and its certificate valid now and not revoked (each with its own message),
 * then the PIN (counted, locking after five wrong ones), and only then unwraps the key, in memory, into a
 * non-extractable WebCrypto key. The chain is leaf, issuing CA, root.
 *
 * @example
 * const signer = await signerForSeal(app.trust, { sealId, pin, caller })
 * const signed = await signPdf({ pdf, signer, appearance })
 * await recordSealUse(app.db, { sealId, userPersonId: caller.person.id, fileName, documentSha256 })
 */
export async function signerForSeal(
  trust: Trust,
  options: SealReference & { pin: string; caller: Caller },
): Promise<PdfSigner> {
  const { seal } = await sealHeldByCaller(trust.db, options.caller, options)
  const credential = await usableCredential(trust, seal)
  await assertSealPin(trust.db, { sealId: seal.id, pin: options.pin, now: trust.now() })
  return unlock(trust, seal, credential)
}

/**
 * The signer for a use already authorised elsewhere, for flows whose user is not the holder: an authorised
 * seal user who passed the authorisation's own password check (spec 000 §6 "others use the authorised-user
 * password check"). Checks the seal's state and certificate, not who asks: the caller of this function is
 * responsible for that check.
 */
export async function signerForAuthorizedUse(trust: Trust, options: { sealId: string }): Promise<PdfSigner> {
  // The seal and its latest credential in one statement (a platform's sealing asks for both every time).
  const [found] = await trust.db
    .select({ seal: seals, credential: sealCredentials })
    .from(seals)
    .leftJoin(sealCredentials, eq(sealCredentials.sealId, seals.id))
    .where(eq(seals.id, options.sealId))
    .orderBy(desc(sealCredentials.createdAt))
    .limit(1)
  if (!found) throw notFound()
  const credential = checked(found.seal, () => {
    assertSealInEffect(found.seal)
    return credentialInForce(trust, found.credential ?? undefined)
  })
  return unlock(trust, found.seal, credential)
}

type Credential = typeof sealCredentials.$inferSelect

/** The seal's active credential, if the seal may be used now; else the reason, in words a user understands. */
async function usableCredential(trust: Trust, seal: Seal): Promise<Credential> {
  checked(seal, () => assertSealInEffect(seal))
  const [credential] = await trust.db
    .select()
    .from(sealCredentials)
    .where(eq(sealCredentials.sealId, seal.id))
    .orderBy(desc(sealCredentials.createdAt))
    .limit(1)
  return checked(seal, () => credentialInForce(trust, credential))
}

/** A check of the seal's use: when it refuses, the seal's kept signer (if any) goes at once. */
function checked<T>(seal: Seal, check: () => T): T {
  try {
    return check()
  } catch (error) {
    keptSigners.delete(seal.id)
    throw error
  }
}

function assertSealInEffect(seal: Seal): void {
  if (seal.status === sealStatusWide.CANCELLED || seal.status === sealStatusWide.REVOKED)
    throw businessError(trustMessages.sealCancelled)
  if (seal.status === sealStatusWide.EXPIRED) throw businessError(trustMessages.certificateExpired)
  if (seal.status === sealStatusWide.PENDING_ACTIVATION || seal.status === sealStatusWide.AWAITING_MAKING)
    throw businessError(trustMessages.sealNotActivated)
  if (seal.status !== sealStatusWide.VALID) throw businessError(trustMessages.sealNotInEffect)
}

function credentialInForce(trust: Trust, credential: Credential | undefined): Credential {
  if (!credential) throw businessError(trustMessages.sealNotInEffect)
  if (credential.status === 'revoked') throw businessError(trustMessages.certificateRevoked)
  const now = trust.now()
  if (now < credential.notBefore) throw businessError(trustMessages.certificateNotYetValid)
  if (now > credential.notAfter) throw businessError(trustMessages.certificateExpired)
  return credential
}

/**
 * The seal's signer: its key and its certificate chain (leaf, issuing CA, root), from `keptSigners` when
 * this credential's was made in the last minute.
 */
async function unlock(trust: Trust, seal: Seal, credential: Credential): Promise<PdfSigner> {
  const now = performance.now()
  const kept = keptSigners.get(seal.id)
  if (kept && kept.until > now && kept.credentialId === credential.id && sameBytes(kept.wrapped, credential.wrappedPrivateKey) && sameBytes(kept.certificateDer, credential.certificateDer)) {
    return kept.signer
  }
  const ca = await loadCertificateAuthority(trust)
  const pkcs8 = await trust.keys.unwrap(credential.wrappedPrivateKey, sealKeyContext(seal.id, credential.id))
  try {
    const signer = cryptoKeySigner({
      certificateChain: [credential.certificateDer, ca.issuing.certificateDer, ca.root.certificateDer],
      privateKey: await importSigningKey(pkcs8, credential.algorithm),
    })
    for (const [sealId, entry] of keptSigners) if (entry.until <= now) keptSigners.delete(sealId)
    if (keptSigners.size >= SIGNERS_KEPT) keptSigners.delete(keptSigners.keys().next().value!)
    keptSigners.set(seal.id, { credentialId: credential.id, wrapped: credential.wrappedPrivateKey, certificateDer: credential.certificateDer, signer, until: now + SIGNER_KEPT_MS })
    return signer
  } finally {
    pkcs8.fill(0)
  }
}

/**
 * Seal signers made in the last minute, by seal. Unwrapping the key (AES-GCM), importing it and reading
 * the CA's certificates cost about 1.5 ms of the main thread and a query a use, which a platform sealing
 * flat out paid on every request. Kept in this process's memory, the key non-extractable, and only for the
 * credential as stored (its id, wrapped key and certificate; the CA's certificates never change once
 * made, trust/ca.ts). Every use still checks the seal, its credential and the certificate period first
 * (`usableCredential`, `signerForAuthorizedUse`), so a cancelled seal or a revoked certificate is refused
 * at once, and that refusal drops the signer (`checked`). A signer is made again a minute after it was.
 */
const keptSigners = new Map<string, { credentialId: string; wrapped: Uint8Array; certificateDer: Uint8Array; signer: PdfSigner; until: number }>()
const SIGNER_KEPT_MS = 60_000
const SIGNERS_KEPT = 256

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0
