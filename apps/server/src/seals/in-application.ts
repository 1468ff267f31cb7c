import type { Database } from '../db/client.ts'

/** An application under way that names a seal (a change, renewal or cancellation waiting to be decided). */
export type SealApplication = {
  id: string
  businessType: string
  applyStatus: string
  applicantPersonId: string
}

/**
 * Which of `sealIds` an application under way names. The seal layer cannot read applications (they are an
 * act above it): unit-apply answers, and app.ts hands its answer down as `app.sealsInApplication`, as it
 * does `app.mayReadFile` for files.
 */
export type SealsInApplication = (
  db: Database,
  sealIds: readonly string[],
) => Promise<Map<string, SealApplication>>

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    sealsInApplication: SealsInApplication
  }
}
