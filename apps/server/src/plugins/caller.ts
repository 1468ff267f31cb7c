import type { FastifyRequest, RouteOptions } from 'fastify'
import type { OperatorRole } from '@seal/shared/api/operators'
import { unauthorized } from '../errors.ts'

/** Who is asking: loaded from the bearer session on every authenticated request (auth/guard.ts). */
export type Caller = {
  sessionId: string
  accountId: string
  kind: 'personal' | 'enterprise'
  /** verified: the real-name check (or the configured face check) said this phone, name and ID belong together. */
  person: { id: string; name: string; identityType: string; identityNo: string; phone: string; verified: boolean }
  unit: { id: string; name: string; socialCreditCode: string; unitTypeCode: string } | null
  /** The channel the session came through (a host channel's id, or 'h5'): its configuration scope applies. */
  channel: string
}

// What a route says about who may call it, and who did: the guard (auth/guard.ts) reads the one and sets the
// other, so a route of any layer reads its caller without importing the layer that looks sessions up.
declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    caller: Caller | null
    /** The operator or API key calling an `operatorRoles` route. */
    operator: OperatorCaller | null
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** Routes callable without a session (login, SMS for login, public downloads with their own token). */
    public?: boolean
    /**
     * The operator API (/api/admin): the roles that may call the route, with an operator session or an API
     * key holding one of them; never with a user's session. Every /api/admin route must declare it.
     */
    operatorRoles?: readonly OperatorRole[]
    /** An operator route an operator may call before enrolling TOTP (enrolment, logout, who am I). */
    operatorEnrol?: boolean
    /** An operator route that writes its own audit entry (the guard's generic one is skipped). */
    auditsItself?: boolean
  }
}

/** Who calls an operator route: a named operator (session) or an API key, with their roles. */
export type OperatorCaller = {
  kind: 'operator' | 'apiKey'
  id: string
  /** The operator's display name, or the key's name: what the audit log says did it. */
  name: string
  roles: readonly OperatorRole[]
  /** An operator's ID number (a reviewer never reviews his own application); null for a key. */
  identityNo: string | null
  /** 'enrol': an operator who must first change the initial password and enrol TOTP. */
  stage: 'enrol' | 'full'
  mustChangePassword: boolean
  /** The operator session's id, when it is one. */
  sessionId: string | null
}

/** The operator calling an operator route (the guard set it); routes with `operatorRoles` never run without one. */
export function operatorOf(request: FastifyRequest): OperatorCaller {
  if (!request.operator) throw unauthorized()
  return request.operator
}

/** The caller of an authenticated route; routes that are not `public` never run without one. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized()
  return request.caller
}

/**
 * An `onRoute` hook for a plugin of operator routes: reading routes (GET) get the `read` roles, the others
 * the `write` roles, unless a route names its own.
 */
export function operatorRoutes(roles: { read: readonly OperatorRole[]; write: readonly OperatorRole[] }) {
  return (route: RouteOptions) => {
    const methods = [route.method].flat()
    const reads = methods.every((method) => method === 'GET' || method === 'HEAD')
    route.config = { ...route.config, operatorRoles: route.config?.operatorRoles ?? (reads ? roles.read : roles.write) }
  }
}
