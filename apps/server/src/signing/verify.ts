import { createHash } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { PdfLimitError } from '@seal/pdf/sign/pdf-limits'
import { PdfVerifyError, type SignatureReport as PdfSignatureReport } from '@seal/pdf/verify/verify-pdf'
import type { SignatureReport, VerifyResult } from '@seal/shared/api/verify'
import { businessError } from '../errors.ts'
import { seals } from '../seals/tables.ts'
import { currentCrl, loadCertificateAuthority } from '../trust/ca.ts'
import type { Trust } from '../trust/context.ts'
import { sealCredentials } from '../trust/tables.ts'
import { inWorker } from '../workers/pool.ts'

export const verifyMessages = {
  notPdf: '请上传PDF格式的文件',
  unreadable: '文件无法解析，请确认是完整的PDF文件',
  tooLarge: 'PDF文件过大或已损坏，无法验章',
} as const

/**
 * Verifies every signature of an uploaded PDF against our CA and its current CRL (issue #3 item 8).
 * Seals we made are named from our records (seal name, type, code); foreign certificates are reported
 * by their subject only, and are untrusted unless they chain to our root.
 */
export async function verifyDocument(trust: Trust, file: { bytes: Buffer; fileName: string }): Promise<VerifyResult> {
  if (file.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw businessError(verifyMessages.notPdf)
  const ca = await loadCertificateAuthority(trust)
  let reports: PdfSignatureReport[]
  try {
    // Parsed in a worker thread: a hostile file costs a worker, not every other request.
    const options = { trustedRoots: [ca.root.certificateDer], crls: [await currentCrl(trust)], now: trust.now() }
    reports = await inWorker({ kind: 'verify', pdf: new Uint8Array(file.bytes), options })
  } catch (error) {
    if (error instanceof PdfVerifyError) throw businessError(verifyMessages.unreadable)
    if (error instanceof PdfLimitError) throw businessError(verifyMessages.tooLarge)
    throw error
  }
  const serials = reports.map((report) => report.chain[0]?.serialNumber).filter((serial): serial is string => Boolean(serial))
  const known = serials.length
    ? await trust.db
        .select({ serialNumber: sealCredentials.serialNumber, seal: seals })
        .from(sealCredentials)
        .innerJoin(seals, eq(seals.id, sealCredentials.sealId))
        .where(inArray(sealCredentials.serialNumber, serials))
    : []
  const sealBySerial = new Map(known.map((row) => [row.serialNumber, row.seal]))

  return {
    fileName: file.fileName,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    signatures: reports.map((report, position): SignatureReport => {
      const seal = sealBySerial.get(report.chain[0]?.serialNumber ?? '')
      const subject = report.signer
      const creditCode = subject?.organizationIdentifier?.replace(/^NTRCN-/, '') ?? null
      return {
        index: position,
        signer: {
          kind: seal ? seal.ownerKind : subject?.organization ? 'unit' : subject ? 'person' : 'unknown',
          commonName: subject?.commonName ?? report.signerName ?? '未知签署人',
          unitName: subject?.organization ?? null,
          socialCreditCode: creditCode,
          sealName: seal?.sealName ?? null,
          sealTypeCode: seal?.sealTypeCode ?? null,
          sealCode: seal?.sealCode ?? null,
        },
        signedAt: report.signingTime?.getTime() ?? null,
        timestampedAt: report.timestamp?.valid ? report.timestamp.genTime.getTime() : null,
        timestampAuthority: report.timestamp?.valid ? report.timestamp.authority : null,
        documentUnchanged: report.documentUnchanged && report.signatureValid,
        coversWholeDocument: report.coversWholeDocument,
        modifiedAfter: report.modifiedAfter,
        chain: report.chain.map((certificate) => ({
          subject: certificate.subject.text,
          notBefore: certificate.notBefore.getTime(),
          notAfter: certificate.notAfter.getTime(),
        })),
        chainTrusted: report.chainTrusted,
        revoked: report.revoked,
        revokedAt: report.revokedAt?.getTime() ?? null,
        expired: report.expired,
        valid: report.intact,
        // A seal cancelled after it signed changes the verdict, though the signature still holds.
        verdict: !report.intact ? 'invalid' : report.revoked ? 'revoked' : 'valid',
        problems: report.problems,
      }
    }),
  }
}
