/**
 * The largest file the server accepts (application forms: 10 MB each, spec 001 §9): the multipart limit
 * (app.ts), the envelope's answer to a stream over it, and the files' own check.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/** Said for any file over the limit, however it arrived (multipart stream or base64 body). */
export const TOO_LARGE_MESSAGE = `文件大小不能超过${MAX_UPLOAD_BYTES / 1024 / 1024}M`
