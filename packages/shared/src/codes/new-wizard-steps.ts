import {
  applicantKind,
  businessType,
  isBusinessType,
  type ApplicantKind,
  type BusinessType,
} from './business-type.ts'

/**
 * Steps of the new wizard (/new/seal/home, spec 001 §2 "New wizard"): a cancellation has unit info,
 * upload of the application form and the result (1, 2-1, 2-2); the other business types put the seal
 * setup in between (1, 2, 3-1, 3-2). Step numbers are strings and their leading number is the progress
 * indicator. Titles and descriptions are our wording of the spec's step contents.
 */
export type WizardStep = { step: string; title: string; description: string }

/** Whether a value is an applicant kind (applicatKind of the new wizard's query). */
export function isApplicantKind(value: unknown): value is ApplicantKind {
  return typeof value === 'string' && Object.hasOwn(applicantKind, value)
}

/** The leading number of a step, shown as progress: '3-1' → 3. */
export function wizardProgress(step: string): number {
  return Number(step.split('-')[0])
}

function unitInfoStep(kind: ApplicantKind, type: BusinessType): WizardStep {
  const who =
    kind === applicantKind.OPERATOR_APPLY
      ? '上传经办人身份证、营业执照和法定代表人身份证，填写单位及法定代表人信息'
      : '上传营业执照和法定代表人身份证，填写单位及法定代表人信息'
  const what = type === businessType.CANCEL ? '，选择要注销的印章' : '，选择印章类型'
  return { step: '1', title: '填写单位信息', description: `${who}${what}，完成单位核验` }
}

function sealSetupStep(type: BusinessType): WizardStep {
  const title = '设置印章'
  // A recovered seal keeps its picture and takes a new password; a renewed one keeps both (001 §4).
  // The password is the seal's PIN, called 印章密码 wherever the seal is used (issue #19 §4).
  if (type === businessType.RETRIEVE) {
    return { step: '2', title, description: '确认找回的印章，设置新的印章密码（设有印章管理员时同时设置管理员密码）' }
  }
  if (type === businessType.RENEWAL) {
    return { step: '2', title, description: '确认续期的印章（印章图片和印章密码保持不变），确认印章授权关系' }
  }
  const authorisation = type === businessType.CHANGE ? '，确认印章授权关系' : ''
  return {
    step: '2',
    title,
    description: `上传印章图片，设置印章密码（用章时输入；设有印章管理员时同时设置管理员密码）${authorisation}`,
  }
}

function uploadFormStep(step: string, kind: ApplicantKind, type: BusinessType): WizardStep {
  const description =
    kind === applicantKind.OPERATOR_APPLY
      ? '下载申请表，由经办人和法定代表人签字并加盖单位公章后拍照上传'
      : type === businessType.RETRIEVE
        ? '下载申请表，签字并加盖单位公章后拍照上传'
        : '单位核验未通过，下载申请表，签字并加盖单位公章后拍照上传，转人工审核'
  return { step, title: '上传申请表', description }
}

/** What a legal representative whose unit verification passed does instead of the upload (001 §4): he signs on the phone. */
function signOnlineStep(step: string): WizardStep {
  return { step, title: '签署申请文件', description: '在手机上阅读申请文件，手写签名并输入短信验证码完成签署（单位核验未通过时，改为下载申请表，签字并加盖单位公章后拍照上传，转人工审核）' }
}

function resultStep(step: string, kind: ApplicantKind): WizardStep {
  // The order the server keeps (unit-apply/signing.ts): the legal representative signs, then the review.
  const description =
    kind === applicantKind.OPERATOR_APPLY
      ? '提交后，法定代表人以个人登录（同一手机号）在“待办中心”签署申请文件（机关、事业单位无需签署）；签署后平台审核，通过即制作印章，结果短信通知'
      : '提交后平台审核，通过即制作印章，结果可在申请记录中查看'
  return { step, title: '查看结果', description }
}

/**
 * The steps the new wizard takes for a business type and an applicant kind.
 *
 * @example
 * newWizardSteps('CANCEL', 'LEGAL_APPLY').map((s) => s.step) // ['1', '2-1', '2-2']
 * newWizardSteps('APPLY', 'OPERATOR_APPLY').map((s) => s.step) // ['1', '2', '3-1', '3-2']
 * newWizardSteps('APPLY', 'LEGAL_APPLY')[2].title // '签署申请文件' ('上传申请表' with { verificationFailed: true })
 */
export function newWizardSteps(type: BusinessType, kind: ApplicantKind, options: { verificationFailed?: boolean } = {}): WizardStep[] {
  if (type === businessType.CANCEL) {
    return [unitInfoStep(kind, type), uploadFormStep('2-1', kind, type), resultStep('2-2', kind)]
  }
  // A legal representative signs on the phone, except when recovering or once his unit verification failed (001 §4).
  const signsOnline = kind === applicantKind.LEGAL_APPLY && type !== businessType.RETRIEVE && !options.verificationFailed
  const third = signsOnline ? signOnlineStep('3-1') : uploadFormStep('3-1', kind, type)
  return [unitInfoStep(kind, type), sealSetupStep(type), third, resultStep('3-2', kind)]
}

/**
 * Materials to have at hand before starting (spec 001 §1 "Materials to prepare"); an operator also needs
 * their own ID card, and a cancellation needs no seal impression.
 *
 * @example
 * newWizardMaterials('CANCEL', 'LEGAL_APPLY').includes('实体印章印模照片') // false
 */
export function newWizardMaterials(type: BusinessType, kind: ApplicantKind): string[] {
  return [
    '营业执照或单位证照彩色照片',
    '法定代表人身份证人像面和国徽面照片',
    ...(kind === applicantKind.OPERATOR_APPLY ? ['经办人身份证人像面和国徽面照片'] : []),
    // The manager section is for a new application or a recovery; a new picture for a new seal or a change.
    ...(type === businessType.APPLY || type === businessType.RETRIEVE ? ['设置印章管理员时，管理员身份证人像面和国徽面照片'] : []),
    ...(type === businessType.APPLY || type === businessType.CHANGE ? ['实体印章印模照片'] : []),
  ]
}

/**
 * Reads businessType and applicatKind from a query, or undefined when either is missing or unknown.
 *
 * @example
 * readWizardQuery(new URLSearchParams('businessType=APPLY&applicatKind=LEGAL_APPLY'))
 * // { businessType: 'APPLY', applicantKind: 'LEGAL_APPLY' }
 */
export function readWizardQuery(
  query: URLSearchParams,
): { businessType: BusinessType; applicantKind: ApplicantKind } | undefined {
  const type = query.get('businessType')
  const kind = query.get('applicatKind')
  if (!isBusinessType(type) || !isApplicantKind(kind)) return undefined
  return { businessType: type, applicantKind: kind }
}
