import { askVendor } from '../vendor-call.ts'

/**
 * The government service app's own face-verification route (spec 000 §7 "Government-app face flow";
 * DESIGN.md "External services: providers"; docs/providers.md "Government-app face"). The H5 running in
 * the app gets a JS-API token from us, asks the app for an authorisation code of the user logged in to it,
 * has us open a face check (a ticket) for that user's identity, lets the app take the face with the
 * ticket, and asks us for the result until it is final. The platform compares the face; we never see it.
 */

export type GovFaceIdentity = { identityType: string; identityNo: string; name: string }

export type GovFaceStatus = 'SUCCESS' | 'FAILED' | 'PENDING'

/** What the platform says when it will not open a face check: the code is spent or unknown, or names another user. */
export type GovFaceRefusal = 'authCode' | 'identity'

export type GovFaceProvider = {
  kind: 'sandbox' | 'http'
  /** A token for the app's JS API, valid `expiresInSeconds`. */
  jsapiToken: () => Promise<{ jsapiToken: string; expiresInSeconds: number }>
  /**
   * Opens a face check of `identity` for the app user `authCode` names (the code is single-use at the
   * platform); refused when the code is spent or unknown, or names someone else.
   */
  openFace: (
    input: { authCode: string } & GovFaceIdentity,
  ) => Promise<
    { ok: true; ticket: string; expiresInSeconds: number } | { ok: false; refusal: GovFaceRefusal }
  >
  /** Where the face check of `ticket` stands. */
  faceResult: (ticket: string) => Promise<{ status: GovFaceStatus; msg: string }>
  /** The sandbox only: its stand-in for the government app (face-sandbox.ts). */
  sandbox?: SandboxGovApp
}

/** The part of the sandbox its stand-in for the government app talks to (routes.ts, /dev/ykb/*). */
export type SandboxGovApp = {
  /** The app's authorisation code for its logged-in user, after its JS API was configured with a token of ours; null for a bad token. */
  issueAuthCode: (input: { jsapiToken: string } & GovFaceIdentity) => Promise<string | null>
  /** The app took the face for `ticket`: the platform decides. False when the ticket is unknown, spent or expired. */
  capture: (input: { ticket: string; selfie: Buffer; keepSelfie: () => Promise<string> }) => Promise<boolean>
}

/** How long one question to the platform may take (the client polls each second, for 60 s at most). */
export const GOV_FACE_CALL_TIMEOUT_MS = 10_000

/** The platform did not answer within GOV_FACE_CALL_TIMEOUT_MS. */
export class GovFaceTimeout extends Error {
  constructor() {
    super('government face service timed out')
    this.name = 'GovFaceTimeout'
  }
}

/** The platform answered with an error status or outside its contract. */
export class GovFaceUnavailable extends Error {
  constructor(detail: string) {
    super(detail)
    this.name = 'GovFaceUnavailable'
  }
}

type HttpOptions = { url: string; key?: string | undefined; timeoutMs?: number }

/**
 * The platform's http contract (docs/providers.md "Government-app face"): `POST {url}` with
 * `Authorization: Bearer {key}` (when configured) and JSON `{ method, ... }`, answered 2xx with
 * - `{ method: 'jsapiToken' }` → `{ jsapiToken: string, expiresIn?: seconds }` (default 7200);
 * - `{ method: 'openFace', authCode, identityType, identityNo, name }` → `{ ticket: string, expiresIn?: seconds }`
 *   (default 300), or `{ error: 'authCode' | 'identity', message? }` when it will not open one;
 * - `{ method: 'faceResult', ticket }` → `{ status: 'SUCCESS' | 'FAILED' | 'PENDING', msg?: string }`.
 * No answer in time is GovFaceTimeout; an error status or another shape is GovFaceUnavailable.
 */
export function httpGovFaceProvider(options: HttpOptions): GovFaceProvider {
  const ask = (body: Record<string, string>) =>
    askVendor(
      { ...options, timeoutMs: options.timeoutMs ?? GOV_FACE_CALL_TIMEOUT_MS, body, vendor: 'platform' },
      { timeout: () => new GovFaceTimeout(), unavailable: (reason) => new GovFaceUnavailable(reason) },
    )
  const text = (value: unknown, what: string): string => {
    if (typeof value !== 'string' || value.length === 0 || value.length > 512)
      throw new GovFaceUnavailable(`platform answer has no ${what}`)
    return value
  }
  const seconds = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback
  return {
    kind: 'http',
    async jsapiToken() {
      const answer = await ask({ method: 'jsapiToken' })
      return {
        jsapiToken: text(answer.jsapiToken, 'jsapiToken'),
        expiresInSeconds: seconds(answer.expiresIn, 7200),
      }
    },
    async openFace({ authCode, identityType, identityNo, name }) {
      const answer = await ask({ method: 'openFace', authCode, identityType, identityNo, name })
      if (answer.error === 'authCode' || answer.error === 'identity')
        return { ok: false, refusal: answer.error }
      return {
        ok: true,
        ticket: text(answer.ticket, 'ticket'),
        expiresInSeconds: seconds(answer.expiresIn, 300),
      }
    },
    async faceResult(ticket) {
      const answer = await ask({ method: 'faceResult', ticket })
      const status = answer.status
      if (status !== 'SUCCESS' && status !== 'FAILED' && status !== 'PENDING')
        throw new GovFaceUnavailable('platform answer has no status')
      const msg = typeof answer.msg === 'string' ? answer.msg.slice(0, 200) : ''
      return { status, msg }
    },
  }
}
