import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Runs the verifiers other people wrote over a signed PDF: poppler's pdfsig (NSS), mupdf's `mutool sign
 * -v` (OpenSSL) and `openssl cms -verify` over the extracted signature and signed bytes. None of them
 * shares code with ours, which is the point. pdfsig exits 0 even when a signature fails, so every result
 * here is read from the tools' text.
 */

function withFile<T>(pdf: Uint8Array, use: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'seal-verify-'))
  try {
    const path = join(dir, 'signed.pdf')
    writeFileSync(path, pdf)
    return use(path, dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export type PdfsigSignature = {
  /** "Signature Validation: Signature is Valid." */
  valid: boolean
  /** "Certificate Validation: Certificate is Trusted." */
  trusted: boolean
  /** "Total document signed" rather than "Not total document signed". */
  totalDocumentSigned: boolean
  commonName: string
  text: string
}

/** pdfsig's report, one entry per signature, with the given NSS database as its trust store. */
export function pdfsig(pdf: Uint8Array, nssDir: string): PdfsigSignature[] {
  const output = withFile(pdf, (path) =>
    execFileSync('pdfsig', ['-nssdir', `sql:${nssDir}`, path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  )
  return output
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((text) => ({
      valid: text.includes('Signature Validation: Signature is Valid.'),
      trusted: text.includes('Certificate Validation: Certificate is Trusted.'),
      totalDocumentSigned: /^\s+- Total document signed$/m.test(text),
      commonName: /Signer Certificate Common Name: (.*)$/m.exec(text)?.[1] ?? '',
      text,
    }))
}

export type MutoolSignature = {
  /** No "Digest error": the signed bytes match the signature. */
  valid: boolean
  /** "The document is unchanged since signing." (the last revision is covered). */
  unchanged: boolean
  text: string
}

/** `mutool sign -v`, one entry per signature. mutool has no trust store option, so only digests are judged. */
export function mutoolVerify(pdf: Uint8Array): MutoolSignature[] {
  const result = withFile(pdf, (path) => spawnSync('mutool', ['sign', '-v', path], { encoding: 'utf8' }))
  const output = `${result.stdout}${result.stderr}`
  return output
    .split(/^Verifying signature \d+:$/im)
    .slice(1)
    .map((text) => ({
      valid:
        !text.includes('Digest error') &&
        !text.includes('Verification error') &&
        (text.includes('The document is unchanged since signing.') ||
          text.includes('The signature is valid but there have been edits since signing.')),
      unchanged: text.includes('The document is unchanged since signing.'),
      text,
    }))
}

export type ExtractedSignature = { byteRange: number[]; cms: Uint8Array; signedBytes: Uint8Array }

/**
 * Every signature's /ByteRange and /Contents, found by scanning the file's text, not with our PDF
 * reader: the CMS (trailing zero padding removed) and the bytes it claims to sign.
 */
export function extractSignatures(pdf: Uint8Array): ExtractedSignature[] {
  const text = Buffer.from(pdf).toString('latin1')
  const found: ExtractedSignature[] = []
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const byteRange = match.slice(1, 5).map(Number)
    const [a = 0, b = 0, c = 0, d = 0] = byteRange
    const hex = text.slice(b + 1, c - 1)
    const der = Buffer.from(hex, 'hex')
    found.push({
      byteRange,
      cms: new Uint8Array(der.subarray(0, derLength(der))),
      signedBytes: new Uint8Array(Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)])),
    })
  }
  return found
}

/** `openssl cms -verify` of each signature over its signed bytes, trusting the given CA file. */
export function opensslVerify(pdf: Uint8Array, caFile: string): { ok: boolean; output: string }[] {
  return extractSignatures(pdf).map((signature) =>
    withFile(signature.signedBytes, (content, dir) => {
      const p7s = join(dir, 'signature.p7s')
      writeFileSync(p7s, signature.cms)
      const result = spawnSync(
        'openssl',
        ['cms', '-verify', '-binary', '-inform', 'DER', '-in', p7s, '-content', content, '-CAfile', caFile, '-purpose', 'any', '-out', '/dev/null'],
        { encoding: 'utf8' },
      )
      return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` }
    }),
  )
}

/** The length of a DER element from its header (the padding after it is not part of it). */
function derLength(der: Uint8Array): number {
  const first = der[1] ?? 0
  if (first < 0x80) return 2 + first
  const count = first & 0x7f
  let length = 0
  for (let i = 0; i < count; i++) length = length * 256 + (der[2 + i] ?? 0)
  return 2 + count + length
}

/**
 * Renders one page with pdftoppm at the given resolution and returns the PNG: its visible area (the CropBox,
 * which poppler clips by the MediaBox), as viewers show it; pdftoppm would draw the whole MediaBox otherwise.
 */
export function renderPage(pdf: Uint8Array, page: number, dpi = 80): Buffer {
  return withFile(pdf, (path, dir) => {
    execFileSync('pdftoppm', ['-png', '-cropbox', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', path, join(dir, 'page')])
    return readFileSync(join(dir, 'page.png'))
  })
}
