import { messages, messageTemplates } from '@seal/shared/messages'
import { idBackProblem, idFrontProblem, type ExpectedHolder } from '@seal/shared/rules/id-card-photos'
import { RequestError } from '../../lib/request/request.ts'
import { idCardReading, storeIdCardImage, uploadIdCardImage } from './api/read-id-card.ts'

export type IdSide = 'front' | 'back'
/** The stored file to send to the pre-step, or the message to show under the picture. */
export type Recognised = { fileId: string } | { message: string }

/** The server's own words when it gave some (a business answer), else undefined. */
const said = (error: unknown) => (error instanceof RequestError && error.kind !== 'network' && error.message) || undefined

/**
 * One side of the legal representative's ID card (spec 001 §5 "Upload and recognition"): read by OCR
 * (imgType 10 or 11), checked with the rule the server applies again (@seal/shared/rules/id-card-photos) —
 * the portrait side must be the logged-in legal representative's, the emblem side still valid — and only
 * then stored as a file of his, whose id the pre-step sends.
 */
export async function recogniseIdCard(input: { dataUrl: string; side: IdSide; expected: ExpectedHolder; now?: number }): Promise<Recognised> {
  let serial: string
  try {
    serial = (await uploadIdCardImage({ fileBase64: input.dataUrl, imgType: input.side === 'front' ? '10' : '11' })).busSerialNo
  } catch (error) {
    const reason = said(error) ?? messages.serverError
    return { message: reason.startsWith(messages.imageUploadFailed) ? reason : messageTemplates.imageUploadFailed(reason) }
  }
  let problem: string | null
  try {
    const reading = await idCardReading(serial)
    problem = input.side === 'front' ? idFrontProblem(reading, input.expected) : idBackProblem(reading, input.now ?? Date.now())
  } catch (error) {
    // Nothing usable was read, or the other side of the card: the server's word for it, else the spec's.
    return { message: said(error) ?? messages.ocrFailed }
  }
  if (problem) return { message: problem }
  try {
    const file = await storeIdCardImage({ dataUrl: input.dataUrl, originalName: input.side === 'front' ? '法定代表人身份证人像面.jpg' : '法定代表人身份证国徽面.jpg' })
    return { fileId: file.fileId }
  } catch (error) {
    return { message: messageTemplates.imageUploadFailed(said(error) ?? messages.serverError) }
  }
}
