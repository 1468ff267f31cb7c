import type { VerifyResult } from '@seal/shared/api/verify'
import { getBlob, post } from '../../../lib/request/request.ts'

/** POST /verify: uploads a PDF and answers with a report of every signature in it. */
export function verifyPdf(file: File) {
  const form = new FormData()
  form.append('file', file)
  return post<VerifyResult>('/verify', form, { timeout: 60_000 })
}

/** GET /file/download/{fileId}: one of the caller's files (the document just sealed), as a File to check. */
export async function storedPdf(fileId: string, fileName: string): Promise<File> {
  const blob = await getBlob(`/file/download/${encodeURIComponent(fileId)}`, undefined, { timeout: 60_000 })
  return new File([blob], fileName, { type: 'application/pdf' })
}
