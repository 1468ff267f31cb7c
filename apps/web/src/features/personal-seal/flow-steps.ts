import type { PersonalApplyDraft } from '@seal/shared/api/personal-seal'

/**
 * The personal name seal flow (spec 002 §2 "Personal name seal routes"): which steps a configuration
 * shows, which route each step is on, and where a draft sends the person back to. Pure, so the routing
 * can be tested without a screen.
 */
export type PersonalStepKey = 'identity' | 'face' | 'agreement' | 'signature' | 'style' | 'password'

export const personalSealRoutes = {
  showFlow: '/personal-seal-apply/show-flow',
  identity: '/personal-seal-apply/step-1',
  face: '/personal-seal-apply/step-2',
  agreement: '/personal-seal-apply/apply-agreement-sample',
  signature: '/personal-seal-apply/step-4',
  style: '/personal-seal-apply/step-5',
  styleWhy: '/personal-seal-apply/step-5-why',
  password: '/personal-seal-apply/step-6',
  realNameAgreement: '/personal-seal-apply/agreement',
} as const

/** The draft's `step` numbers (packages/shared/src/api/personal-seal.ts): the furthest step reached. */
export const stepNumbers: Record<PersonalStepKey, number> = {
  identity: 1,
  face: 2,
  agreement: 3,
  signature: 4,
  style: 5,
  password: 6,
}

export type StepItem = { key: string; title: string; description?: string }

/**
 * Every step list the spec shows. The flow itself uses `withAuthentication` (six steps) or, when the
 * configuration turns face verification off, `withoutAuthentication` (the identity step dropped).
 * The spec gives the other lists only in words: their titles here are ours, in the flow's wording.
 */
export const personalStepLists = {
  withAuthentication: [
    { key: 'identity', title: '完善申请信息', description: '填写姓名、身份证号，上传身份证' },
    { key: 'face', title: '验证身份', description: '人脸识别验证本人身份' },
    { key: 'agreement', title: '协议签署', description: '阅读协议并手写签名' },
    { key: 'signature', title: '选择签名', description: '手写3次签名并选择其一' },
    { key: 'style', title: '选择名章样式', description: '从三种样式中选择' },
    { key: 'password', title: '设置完成', description: '设置印章密码，完成申请' },
  ],
  withoutAuthentication: [
    { key: 'identity', title: '完善申请信息', description: '填写姓名、身份证号，上传身份证' },
    { key: 'agreement', title: '协议签署', description: '阅读协议并手写签名' },
    { key: 'signature', title: '选择签名', description: '手写3次签名并选择其一' },
    { key: 'style', title: '选择名章样式', description: '从三种样式中选择' },
    { key: 'password', title: '设置完成', description: '设置印章密码，完成申请' },
  ],
  fiveSteps: [
    { key: 'identity', title: '完善申请信息', description: '填写姓名和身份证号' },
    { key: 'face', title: '身份认证', description: '人脸识别' },
    { key: 'signature', title: '选择签名' },
    { key: 'style', title: '选择名章样式' },
    { key: 'password', title: '设置完成', description: '设置印章密码' },
  ],
  fourSteps: [
    { key: 'identity', title: '完善申请信息', description: '填写姓名和身份证号' },
    { key: 'signature', title: '选择签名' },
    { key: 'style', title: '选择名章样式' },
    { key: 'password', title: '设置完成', description: '设置印章密码' },
  ],
  sealApplication: [
    { key: 'identity', title: '完善申请信息' },
    { key: 'seal', title: '选择印章' },
  ],
} as const satisfies Record<string, readonly StepItem[]>

export type StepListName = keyof typeof personalStepLists

/** The list the flow shows: face verification on (the default) gives six steps, off gives five. */
export function flowStepList(faceAuth: boolean): readonly StepItem[] {
  return faceAuth ? personalStepLists.withAuthentication : personalStepLists.withoutAuthentication
}

/** The position of a step in the shown list (for antd-mobile `Steps current`), or -1 when it is not shown. */
export function stepPosition(key: PersonalStepKey, faceAuth: boolean): number {
  return flowStepList(faceAuth).findIndex((step) => step.key === key)
}

/** The furthest step a person may open: their draft's step, skipping face verification when it is off. */
export function reachableStep(draft: PersonalApplyDraft | null, faceAuth: boolean): number {
  if (!draft || !draft.identityChecked) return stepNumbers.identity
  if (!faceAuth && draft.step === stepNumbers.face) return stepNumbers.agreement
  return Math.min(Math.max(draft.step, stepNumbers.identity), stepNumbers.password)
}

/** The route of a step number. */
export function routeOfStep(step: number, faceAuth: boolean): string {
  if (step <= stepNumbers.identity) return personalSealRoutes.identity
  if (step === stepNumbers.face) return faceAuth ? personalSealRoutes.face : personalSealRoutes.agreement
  if (step === stepNumbers.agreement) return personalSealRoutes.agreement
  if (step === stepNumbers.signature) return personalSealRoutes.signature
  if (step === stepNumbers.style) return personalSealRoutes.style
  return personalSealRoutes.password
}

/** Where a person with this draft continues (show-flow's 继续申请, and a reload of a later step). */
export function continueRoute(draft: PersonalApplyDraft | null, faceAuth: boolean): string {
  return routeOfStep(reachableStep(draft, faceAuth), faceAuth)
}

/**
 * Where a screen sends the person instead of showing itself, or null to show it: a step not reached yet
 * (a typed address, a stale bookmark) goes to the furthest step reached; the face step goes on when
 * face verification is off. Earlier steps stay open, so the person can go back and look.
 */
export function redirectFor(key: PersonalStepKey, draft: PersonalApplyDraft | null, faceAuth: boolean): string | null {
  const reachable = reachableStep(draft, faceAuth)
  if (key === 'face' && !faceAuth) return continueRoute(draft, faceAuth)
  if (stepNumbers[key] > reachable) return routeOfStep(reachable, faceAuth)
  return null
}

/** The route after a step is done. */
export function nextRoute(key: PersonalStepKey, faceAuth: boolean): string {
  return routeOfStep(key === 'identity' && !faceAuth ? stepNumbers.agreement : stepNumbers[key] + 1, faceAuth)
}
