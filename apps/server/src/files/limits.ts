/** The largest file the server accepts (application forms: 10 MB each, spec 001 §9). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/** Kinds we store, recognised by their content (magic bytes), never by name or declared type. */
export const ACCEPTED_MEDIA_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const
export type AcceptedMediaType = (typeof ACCEPTED_MEDIA_TYPES)[number]

/** Lifetime of a preview link's access token. */
export const ACCESS_TOKEN_TTL_MS = 10 * 60 * 1000

/** Said for any file over the limit, however it arrived (multipart stream or base64 body). */
export const TOO_LARGE_MESSAGE = `文件大小不能超过${MAX_UPLOAD_BYTES / 1024 / 1024}M`
