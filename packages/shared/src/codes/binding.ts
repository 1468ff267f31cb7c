/** Platform binding codes (spec 002 §3, §4, §7). */

/** bindState of a binding record. */
export const bindState = {
  IN_EFFECT: 1,
  INVALID: 0,
} as const
export type BindState = (typeof bindState)[keyof typeof bindState]

/** Client-side selection state of a bindable seal. */
export const bindSelection = {
  UNAVAILABLE: 1,
  SELECTABLE: 2,
  SELECTED: 3,
} as const
export type BindSelection = (typeof bindSelection)[keyof typeof bindSelection]

/** SDK action types. */
export const sdkAction = {
  SIGN: 'sign_open',
  SAMPLE_RETENTION: 'simple_open',
  LOCAL_SIGNBOARD: 'signboard_local',
  SEAL_BINDING: 'sealbind_seal',
  AUTHENTICATION: 'authentication',
} as const
export type SdkAction = (typeof sdkAction)[keyof typeof sdkAction]

/** Personal name seal styles. */
export const personalSealStyle = {
  STYLE_1: 1,
  STYLE_2: 2,
  STYLE_3: 3,
} as const
export type PersonalSealStyle = (typeof personalSealStyle)[keyof typeof personalSealStyle]
