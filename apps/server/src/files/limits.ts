/** Kinds we store, recognised by their content (magic bytes), never by name or declared type. */
export const ACCEPTED_MEDIA_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const
export type AcceptedMediaType = (typeof ACCEPTED_MEDIA_TYPES)[number]

/** Lifetime of a preview link's access token. */
export const ACCESS_TOKEN_TTL_MS = 10 * 60 * 1000
