import type {
  HandwritingList,
  HandwritingSaveBody,
  HandwritingSaveResult,
} from '@seal/shared/api/handwriting'
import { get, post } from '../../lib/request/request.ts'

/**
 * POST /sign/handwriting/save (spec 002 §7): a sample (`purpose: 'sample'`) or a signature used in place of
 * a password (`'verify'`). A signature that does not pass is an answer, not an error: read `pass` and show
 * `handwritingFailureMessage(result)`.
 */
export function saveHandwriting(body: HandwritingSaveBody) {
  return post<HandwritingSaveResult>('/sign/handwriting/save', body)
}

/** GET /sign/handwriting/list: the caller's samples with their pictures (step 4, 选择签名). */
export function listHandwriting() {
  return get<HandwritingList>('/sign/handwriting/list')
}

/** POST /sign/handwriting/choose: the sample the person picks as their signature. */
export function chooseHandwriting(signatureId: string) {
  return post<{ signatureId: string; signatureKey: string }>('/sign/handwriting/choose', { signatureId })
}
