/** Who is asking: loaded from the bearer session on every authenticated request. */
export type Caller = {
  sessionId: string
  accountId: string
  kind: 'personal' | 'enterprise'
  /** verified: the real-name check (or the configured face check) said this phone, name and ID belong together. */
  person: { id: string; name: string; identityType: string; identityNo: string; phone: string; verified: boolean }
  unit: { id: string; name: string; socialCreditCode: string; unitTypeCode: string } | null
}
