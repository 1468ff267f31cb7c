import type { ApplicantKind, BusinessType } from '@seal/shared/codes/business-type'

/** Where the enterprise seal entry leads (spec 001 §2). */
export const sealApplyRoutes = {
  landing: '/seal-apply',
  flow: '/new/seal/flow',
  wizard: '/new/seal/home',
  /** Seal pattern example (type 2). */
  sealPatternExample: '/seal-example/2',
} as const

/** The new wizard's query: businessType and applicatKind (the spec's spelling). */
export function wizardQuery(type: BusinessType, kind: ApplicantKind): string {
  return new URLSearchParams({ businessType: type, applicatKind: kind }).toString()
}
