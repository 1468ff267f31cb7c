/** Who is asking: loaded from the bearer session on every authenticated request. */
export type Caller = {
  sessionId: string
  accountId: string
  kind: 'personal' | 'enterprise'
  person: { id: string; name: string; identityType: string; identityNo: string; phone: string }
  unit: { id: string; name: string; socialCreditCode: string; unitTypeCode: string } | null
}
