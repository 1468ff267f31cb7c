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
import { sealHeldByCaller, loadSealHolder, type SealReference } from './roles.ts'
import type { Seal } from './tables.ts'

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
  const found = await loadSealHolder(trust.db, options.sealId)
  if (!found) throw notFound()
  const credential = await usableCredential(trust, found.seal)
  return unlock(trust, found.seal, credential)
}

type Credential = typeof sealCredentials.$inferSelect

/** The seal's active credential, if the seal may be used now; else the reason, in words a user understands. */
async function usableCredential(trust: Trust, seal: Seal): Promise<Credential> {
  if (seal.status === sealStatusWide.CANCELLED || seal.status === sealStatusWide.REVOKED)
    throw businessError(trustMessages.sealCancelled)
  if (seal.status === sealStatusWide.EXPIRED) throw businessError(trustMessages.certificateExpired)
  if (seal.status === sealStatusWide.PENDING_ACTIVATION || seal.status === sealStatusWide.AWAITING_MAKING)
    throw businessError(trustMessages.sealNotActivated)
  if (seal.status !== sealStatusWide.VALID) throw businessError(trustMessages.sealNotInEffect)
  const [credential] = await trust.db
    .select()
    .from(sealCredentials)
    .where(eq(sealCredentials.sealId, seal.id))
    .orderBy(desc(sealCredentials.createdAt))
    .limit(1)
  if (!credential) throw businessError(trustMessages.sealNotInEffect)
  if (credential.status === 'revoked') throw businessError(trustMessages.certificateRevoked)
  const now = trust.now()
  if (now < credential.notBefore) throw businessError(trustMessages.certificateNotYetValid)
  if (now > credential.notAfter) throw businessError(trustMessages.certificateExpired)
  return credential
}

async function unlock(trust: Trust, seal: Seal, credential: Credential): Promise<PdfSigner> {
  const ca = await loadCertificateAuthority(trust)
  const pkcs8 = await trust.keys.unwrap(credential.wrappedPrivateKey, sealKeyContext(seal.id, credential.id))
  try {
    const privateKey = await importSigningKey(pkcs8, credential.algorithm)
    return cryptoKeySigner({
      certificateChain: [credential.certificateDer, ca.issuing.certificateDer, ca.root.certificateDer],
      privateKey,
    })
  } finally {
    pkcs8.fill(0)
  }
}
