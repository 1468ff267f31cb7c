import type { VerifyResult } from '@seal/shared/api/verify'
import { post } from '../../../lib/request/request.ts'

/** POST /verify: uploads a PDF and answers with a report of every signature in it. */
export function verifyPdf(file: File) {
  const form = new FormData()
  form.append('file', file)
  return post<VerifyResult>('/verify', form, { timeout: 60_000 })
}
