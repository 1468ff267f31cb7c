import { z } from 'zod'

export const certificateQuery = z.object({ format: z.enum(['der', 'pem']).default('der') })
