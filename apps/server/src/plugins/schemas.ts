import { z } from 'zod'

/**
 * The response schema of an envelope around `data`, for the OpenAPI document and serialisation.
 * A business failure answers HTTP 200 too, with `data: null`, so null is always allowed.
 */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ resultStatus: z.string(), responseInfo: z.string(), data: data.nullable() })
