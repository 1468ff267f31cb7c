/** Where the signing page leads (spec 001 §4 "New wizard flow"; 002 "Agency centre" for `from=agency`). */
export const signLinks = {
  result: (id: string) => `/new/seal-result?${new URLSearchParams({ id })}`,
  agencyResult: (id: string) => `/agency-center/result?${new URLSearchParams({ id })}`,
  /** Back to the wizard on this application (closing the signing without signing: 取消签署). */
  wizard: (application: { businessType: string; applyType: string; id: string }) =>
    `/new/seal/home?${new URLSearchParams({ businessType: application.businessType, applicatKind: application.applyType, id: application.id })}`,
} as const
