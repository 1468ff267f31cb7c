/** Face verification and enterprise verification codes (spec 002 §3, §4; 001 §7). */

/** Face verification result from a query. */
export const faceResult = {
  START: 1,
  SUCCESS: 2,
  FAIL: 3,
} as const
export type FaceResult = (typeof faceResult)[keyof typeof faceResult]

/** The face authentication SDK succeeded when its result code equals this. */
export const FACE_SDK_SUCCESS_CODE = 2

/** Government-app face flow result status (polled each second while pending). */
export const governmentFaceStatus = {
  SUCCESS: 'SUCCESS',
  FAILED: 'FAILED',
  PENDING: 'PENDING',
} as const
export type GovernmentFaceStatus = (typeof governmentFaceStatus)[keyof typeof governmentFaceStatus]

/** Face-verification flag: non-face 1, face 2. */
export const faceVerificationFlag = {
  NON_FACE: 1,
  FACE: 2,
} as const

/** Login record type (/login/record). The face result carries type 'face'. */
export const loginRecordType = {
  FACE: 'face',
  NON_FACE: 'non-face',
} as const

/** Progress of the licence and identity verification hand-off. */
export const enterpriseVerificationStatus = {
  PRE_VERIFICATION: 1,
  SUCCESS: 2,
  FAILURE: 3,
  IDENTITY_VALIDATED: 4,
} as const
export type EnterpriseVerificationStatus =
  (typeof enterpriseVerificationStatus)[keyof typeof enterpriseVerificationStatus]

/** Four-element check result that opens the guide dialog (back to check, or manual review). */
export const FOUR_ELEMENTS_MANUAL_REVIEW_CODE = '40075'

/** Subject type: individual 0, enterprise 1. */
export const subjectType = {
  INDIVIDUAL: 0,
  ENTERPRISE: 1,
} as const

/** Login kind: the launch parameter type 1 is an enterprise login. */
export const loginKind = {
  ENTERPRISE: 1,
  PERSONAL: 2,
} as const
