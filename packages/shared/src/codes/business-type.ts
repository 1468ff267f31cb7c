/**
 * Business types (spec 000 §3, 001 §1, 002 §3). The names are the query values of the new wizard
 * (/new/seal/flow?businessType=APPLY); the numbers have two readings that differ by screen, both kept.
 */
export const businessType = {
  APPLY: 'APPLY',
  CHANGE: 'CHANGE',
  RENEWAL: 'RENEWAL',
  CANCEL: 'CANCEL',
  /** Recover a seal already applied for (找回印章). */
  RETRIEVE: 'RETRIEVE',
} as const
export type BusinessType = (typeof businessType)[keyof typeof businessType]

/** Chinese names (找回印章 is the spec's; the others are our wording). */
export const businessTypeLabels: Record<BusinessType, string> = {
  APPLY: '新申请',
  CHANGE: '变更',
  RENEWAL: '续期',
  CANCEL: '注销',
  RETRIEVE: '找回印章',
}

/**
 * The operation guide's title of each business (/new/seal/flow), in the words of the screens the spec
 * names: 电子印章申请 (the wizard's title), 电子印章变更, 电子印章续期 (电子印章已续期), and 电子印章找回 rather
 * than 电子印章 + 找回印章.
 */
export const businessGuideTitles: Record<BusinessType, string> = {
  APPLY: '电子印章申请',
  CHANGE: '电子印章变更',
  RENEWAL: '电子印章续期',
  CANCEL: '电子印章注销',
  RETRIEVE: '电子印章找回',
}

/**
 * Whether a value is a business-type name.
 *
 * @example
 * isBusinessType('RENEWAL') // true
 */
export function isBusinessType(value: unknown): value is BusinessType {
  return typeof value === 'string' && Object.hasOwn(businessTypeLabels, value)
}

/** Numeric reading A (000 §3, 001 §1): records, backlog, the offline flow. */
export const businessTypeNumber = {
  NEW_APPLICATION: 1,
  CANCEL: 2,
  CHANGE: 3,
  RENEWAL: 4,
} as const
export type BusinessTypeNumber = (typeof businessTypeNumber)[keyof typeof businessTypeNumber]

export const businessTypeNumberLabels: Record<BusinessTypeNumber, string> = {
  1: '新申请',
  2: '注销',
  3: '变更',
  4: '续期',
}

/** Numeric reading B (001 §1, the seal-type option's _businessType of the older wizard). */
export const sealOptionBusinessType = {
  APPLY: 1,
  ACTIVATE: 2,
  CHANGE: 3,
  RETRIEVE: 4,
} as const
export type SealOptionBusinessType = (typeof sealOptionBusinessType)[keyof typeof sealOptionBusinessType]

/** applyType of a renewal payload (cloudApplyParams) and the offline form's applyType query (001 §1, §2). */
export const applyTypeNumber = {
  /** The personal name seal payload sends applyType '1' (002 §3). */
  NEW_APPLICATION: 1,
  CHANGE: 3,
  RENEWAL: 4,
} as const

/** Who applies (applicatKind of the new wizard). */
export const applicantKind = {
  LEGAL_APPLY: 'LEGAL_APPLY',
  OPERATOR_APPLY: 'OPERATOR_APPLY',
} as const
export type ApplicantKind = (typeof applicantKind)[keyof typeof applicantKind]

/** Record-list tab index kept in storage: 0 本人申请 (legal person), 1 经办人申请 (operator). */
export const applyRecordTab = {
  LEGAL_PERSON: 0,
  OPERATOR: 1,
} as const

/** Change type code returned by the change check (001 §4, 002 §5). */
export const changeType = {
  /** Nothing changed: the change is blocked. */
  NOTHING_CHANGED: '0',
  /** Legal person changed and a legal representative's name seal (05) exists. */
  LEGAL_PERSON_WITH_NAME_SEAL: '1',
  LEGAL_PERSON: '2',
  /** Unit name or registration region changed. */
  NAME_OR_REGION: '3',
} as const
export type ChangeType = (typeof changeType)[keyof typeof changeType]

/** Which seal images a change needs, by change type: '1' only 05, '2' none, '3' all. */
export const changeSealImagesNeeded = {
  '1': 'legalRepresentativeNameSealOnly',
  '2': 'none',
  '3': 'all',
} as const satisfies Record<Exclude<ChangeType, '0'>, string>
