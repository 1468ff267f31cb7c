import { post } from '../../../lib/request/request.ts'

export type UploadedFile = { fileId: string; fileName: string; mediaType: string; size: number }

/** POST /file/uploadBase64: a picture already in memory (a data URL) stored as a file. Silent: the caller says what failed. */
export function uploadBase64(input: { dataUrl: string; originalName: string }) {
  return post<UploadedFile>('/file/uploadBase64', { originalName: input.originalName, fileBase64: input.dataUrl }, { silent: true })
}

/** POST /file/upload: a picked file (image or PDF) as multipart field `file`. Silent, as above. */
export function uploadFile(file: Blob, fileName: string) {
  const form = new FormData()
  form.append('file', file, fileName)
  return post<UploadedFile>('/file/upload', form, { silent: true })
}

/** POST /file/previewLink: a short-lived link to show a stored picture in an <img>. */
export function previewLink(fileId: string) {
  return post<{ url: string; expiresAt: number }>('/file/previewLink', { fileId }, { silent: true })
}
