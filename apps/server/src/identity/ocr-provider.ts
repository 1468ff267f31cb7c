import { askVendor } from './vendor-call.ts'
import { isCreditCode } from '@seal/shared/rules/credit-code'
import { isIdCard } from '@seal/shared/rules/id-card'
import { recogniseBusinessLicence, recogniseIdCardBack, recogniseIdCardFront } from './ocr-recognise.ts'
import {
  OcrFailure,
  printedPeriod,
  type BusinessLicenceResult,
  type IdCardBackResult,
  type IdCardFrontResult,
} from './ocr-types.ts'

/** Reads ID cards and business licences (spec 001/002 "OCR result"). Every method throws OcrFailure. */
export type OcrProvider = {
  kind: 'sandbox' | 'http'
  recognizeIdCardFront: (image: Buffer) => Promise<IdCardFrontResult>
  recognizeIdCardBack: (image: Buffer) => Promise<IdCardBackResult>
  recognizeBusinessLicense: (image: Buffer) => Promise<BusinessLicenceResult>
}

/**
 * Recognition on this machine with the tesseract command (chi_sim): real reading of the generated and
 * photographed cards, with every number checked (docs/providers.md "OCR").
 */
export function sandboxOcrProvider(): OcrProvider {
  return {
    kind: 'sandbox',
    recognizeIdCardFront: (image) => guarded(() => recogniseIdCardFront(image)),
    recognizeIdCardBack: (image) => guarded(() => recogniseIdCardBack(image)),
    recognizeBusinessLicense: (image) => guarded(() => recogniseBusinessLicence(image)),
  }
}

/** Anything that is not already an OcrFailure (a decoder error, tesseract missing) becomes one. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof OcrFailure) throw error
    throw new OcrFailure('unavailable', error instanceof Error ? error.message : String(error))
  }
}

const HTTP_TIMEOUT_MS = 20_000

type VendorAnswer =
  { ok: true; result: Record<string, unknown> } | { ok: false; reason?: string; message?: string }

/**
 * A vendor OCR service: `POST {url}` with `{ kind: 'idCardFront' | 'idCardBack' | 'businessLicense',
 * imageBase64 }`; it answers `{ ok: true, result }` with this module's result fields, or `{ ok: false,
 * reason: 'unreadable' | 'wrongSide' }`. Its numbers are checked here as our own are; no answer within
 * 20 s, an error status or a malformed answer is a failure ('unavailable'), never a hang.
 */
export function httpOcrProvider(
  url: string,
  options: { key?: string | undefined; timeoutMs?: number } = {},
): OcrProvider {
  const ask = async (kind: string, image: Buffer): Promise<Record<string, unknown>> => {
    const answer = (await askVendor(
      {
        url,
        key: options.key,
        timeoutMs: options.timeoutMs ?? HTTP_TIMEOUT_MS,
        body: { kind, imageBase64: image.toString('base64') },
        vendor: 'OCR service',
      },
      {
        timeout: () => new OcrFailure('unavailable', 'OCR service timed out'),
        unavailable: (reason) => new OcrFailure('unavailable', reason),
      },
    )) as VendorAnswer
    if (answer.ok && (typeof answer.result !== 'object' || answer.result === null))
      throw new OcrFailure('unavailable', 'OCR service gave no result')
    if (!answer.ok)
      throw new OcrFailure(answer.reason === 'wrongSide' ? 'wrongSide' : 'unreadable', answer.message)
    return answer.result
  }
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
  return {
    kind: 'http',
    async recognizeIdCardFront(image) {
      const r = await ask('idCardFront', image)
      const idCardNum = text(r.idCardNum).toUpperCase()
      if (!isIdCard(idCardNum) || idCardNum.length !== 18)
        throw new OcrFailure('unreadable', 'vendor number fails its checksum')
      return {
        idCardNum,
        userName: text(r.userName),
        sex: text(r.sex),
        nation: text(r.nation),
        birthDate: idCardNum.slice(6, 14),
      }
    },
    async recognizeIdCardBack(image) {
      const r = await ask('idCardBack', image)
      const validFrom = text(r.validFrom)
      const expiredDateStr = text(r.expiredDateStr)
      if (!/^\d{8}$/.test(validFrom) || !/^(\d{8}|长期)$/.test(expiredDateStr))
        throw new OcrFailure('unreadable', 'vendor gave no validity period')
      return {
        issuingAuthority: text(r.issuingAuthority),
        validFrom,
        expiredDateStr,
        authorDateStr: printedPeriod(validFrom, expiredDateStr),
      }
    },
    async recognizeBusinessLicense(image) {
      const r = await ask('businessLicense', image)
      const socialCreditCode = text(r.socialCreditCode).toUpperCase()
      if (!isCreditCode(socialCreditCode))
        throw new OcrFailure('unreadable', 'vendor credit code fails its checksum')
      return { unitName: text(r.unitName), socialCreditCode, legalName: text(r.legalName) }
    },
  }
}
