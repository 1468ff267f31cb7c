/**
 * The largest file the server accepts (application forms: 10 MB each, spec 001 §9): the multipart limit
 * (app.ts), the envelope's answer to a stream over it, and the files' own check.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/** Said for any file over the limit, however it arrived (multipart stream or base64 body). */
export const TOO_LARGE_MESSAGE = `文件大小不能超过${MAX_UPLOAD_BYTES / 1024 / 1024}M`

/**
 * The largest PDF 验章 reads (POST /verify): a sealed copy the open API returns for a 10 MiB upload grows
 * past 10 MiB (each signature adds its certificate chain, seal image and signature data), and docs/platforms.md
 * sends platforms here to verify it.
 */
export const MAX_VERIFY_BYTES = 16 * 1024 * 1024

/** Said for a PDF to verify over its limit. */
export const VERIFY_TOO_LARGE_MESSAGE = `文件大小不能超过${MAX_VERIFY_BYTES / 1024 / 1024}M`
