// Types of lib.mjs, for TypeScript programs (and the server's test that runs the sample against it).
export declare const OPEN_API: string
export declare function encodeRfc3986(value: string): string
export declare function canonicalRequestTarget(pathWithQuery: string): { path: string; query: string }
export declare function signatureHeaders(request: { method: string; pathWithQuery: string; body?: string | Uint8Array; clientSecret: string; timestamp?: number; nonce?: string }): Record<string, string>
export declare function verifyWebhook(input: { clientSecret: string; headers: Record<string, string | string[] | undefined>; body: string; toleranceSeconds?: number; now?: number }): boolean

export declare class OpenApiRefusal extends Error {
  readonly status: number
  readonly code: string | undefined
  readonly body: { code: string; message: string; requestId: string } | undefined
}

export type Position = { page: number; x: number; y: number } | { keyword: string; page?: number; occurrence?: 'first' | 'last' | 'all'; offsetX?: number; offsetY?: number }

export type BoundSeal = {
  bindingId: string
  sealId: string
  sealName: string
  sealTypeCode: string
  sealTypeName: string
  holderName: string
  certEndTime: string
  usable: boolean
}

export type SealedDocument = {
  documentId: string
  sealId: string
  fileName: string
  sha256: string
  signatures: number
  placements: { page: number; x: number; y: number; width: number; height: number }[]
  /** The Idempotency-Key the sealing was sent with. */
  idempotencyKey: string
  /** True when the service answered an earlier attempt's document (Idempotent-Replayed). */
  replayed: boolean
}

export declare function createOpenApiClient(options: {
  baseUrl: string
  clientId: string
  clientSecret: string
  attempts?: number
  timeoutMs?: number
  onRetry?: (info: { attempt: number; reason: string; waitMs: number }) => void
}): {
  boundSeals(query?: string): Promise<{ seals: BoundSeal[]; nextAfter: string | null }>
  sealDocument(input: {
    sealId: string
    pdf: Uint8Array
    fileName: string
    positions: Position[]
    timestamp?: boolean
    remark?: string
    businessName?: string
    idempotencyKey?: string
    /** `pdf` (default): the PDF itself as the body, the fields in the query; `json`: one JSON body, the PDF as base64. */
    form?: 'pdf' | 'json'
  }): Promise<SealedDocument>
  document(documentId: string): Promise<{ documentId: string; fileName: string; sha256: string; pdf: Buffer }>
}

export type PlatformCredentials = { platformId: string; clientId: string; clientSecret: string; clientName: string }

/** Refuses (throws, saying how to rotate) when a platform of that name exists, unless `rotateSecret` is true. */
export declare function registerPlatform(options: { baseUrl: string; adminToken: string; clientName: string; platformType?: string; usageNotes?: string; webhookUrl?: string; rotateSecret?: boolean }): Promise<PlatformCredentials>
export declare function setWebhookUrl(options: { baseUrl: string; adminToken: string; platformId: string; webhookUrl: string }): Promise<unknown>
export declare function startWebhookReceiver(options: {
  port?: number
  host?: string
  clientSecret: () => string
  onEvent: (event: { id: string; event: string; createdAt: string; data: Record<string, unknown> }) => void
  onRejected?: (reason: string) => void
}): Promise<{ url: string; close: () => Promise<void> }>
export declare function samplePdf(title?: string): Buffer
