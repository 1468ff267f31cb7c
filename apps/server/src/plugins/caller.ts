import type { FastifyRequest } from 'fastify'
import { unauthorized } from '../errors.ts'

/** Who is asking: loaded from the bearer session on every authenticated request (auth/guard.ts). */
export type Caller = {
  sessionId: string
  accountId: string
  kind: 'personal' | 'enterprise'
  /** verified: the real-name check (or the configured face check) said this phone, name and ID belong together. */
  person: { id: string; name: string; identityType: string; identityNo: string; phone: string; verified: boolean }
  unit: { id: string; name: string; socialCreditCode: string; unitTypeCode: string } | null
}

// What a route says about who may call it, and who did: the guard (auth/guard.ts) reads the one and sets the
// other, so a route of any layer reads its caller without importing the layer that looks sessions up.
declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    caller: Caller | null
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** Routes callable without a session (login, SMS for login, public downloads with their own token). */
    public?: boolean
    /** The operator API: callable with the admin token only, never with a user's session. */
    admin?: boolean
  }
}

/** The caller of an authenticated route; routes that are not `public` never run without one. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized()
  return request.caller
}
