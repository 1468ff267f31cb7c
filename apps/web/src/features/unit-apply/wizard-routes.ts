import { applicantKind, businessType } from '@seal/shared/codes/business-type'

/** Where the wizard leads (spec 001 §2 "New wizard"); the result and signing pages are other screens. */
export const unitApplyRoutes = {
  home: '/new/seal/home',
  findSeal: '/new/seal/find-seal',
  result: (id: string) => `/new/seal-result?id=${encodeURIComponent(id)}`,
  sign: (id: string) => `/new/seal/sign?id=${encodeURIComponent(id)}`,
  /** 章已申请，找回印章: the same wizard recovering the unit's seals. */
  retrieve: `/new/seal/find-seal?businessType=${businessType.RETRIEVE}&applicatKind=${applicantKind.LEGAL_APPLY}`,
} as const
