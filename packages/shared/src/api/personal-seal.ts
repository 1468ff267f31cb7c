import { z } from 'zod'
import { mobilePhoneSchema } from '../rules/phone.ts'
import { idCardSchema } from '../rules/id-card.ts'
import { personNameSchema } from '../rules/names.ts'
import { sealPasswordSchema } from '../rules/seal-password.ts'

/**
 * Contracts of the personal name seal application (spec 002 "Personal name seal routes", §3, §5, §7;
 * issue #4). Paths the spec names are kept; those marked † are ours (spec: "paths not shown").
 */

export const personalSealStyles = ['1', '2', '3'] as const
export type PersonalSealStyleCode = (typeof personalSealStyles)[number]

/** What the applicant has done so far; kept on the server so a reload continues where they stopped. */
export const personalApplyDraft = z.object({
  applyId: z.string(),
  personName: z.string(),
  identityNum: z.string(),
  tel: z.string(),
  /** Step 1 passed: OCR of both ID sides checked against the login identity, age, no second seal. */
  identityChecked: z.boolean(),
  /** Step 2: the successful face verification's serial. */
  faceSerialNo: z.string().nullable(),
  /** Agreements signed by hand: the signed PDFs. */
  agreementFiles: z.array(z.object({ key: z.string(), fileId: z.string() })),
  /** Step 4: the chosen handwriting sample. */
  signatureId: z.string().nullable(),
  /** Step 5: the chosen seal style. */
  style: z.enum(personalSealStyles).nullable(),
  /** The furthest step reached, as a route step number (1, 2, 3 agreements, 4, 5, 6). */
  step: z.number().int(),
})
export type PersonalApplyDraft = z.infer<typeof personalApplyDraft>

/** GET /personSeal/apply/draft †: the caller's open application, or null. */

/** POST /personSeal/queryCanOrNotApply: data true means a personal seal is already applied for or in effect. */
export const queryCanOrNotApplyBody = z.object({ dzmzcyzZjhm: idCardSchema, dzmzcyzXm: personNameSchema })

/**
 * POST /personSeal/apply/identity † (step 1): the server checks the OCR results of both ID sides (by their
 * serials from /paas-ai/ocr/uploadImgBase64), the login identity, the age threshold and that no personal
 * seal exists; it opens (or updates) the draft. The ID images themselves never reach storage.
 */
export const personalIdentityBody = z.object({
  personName: personNameSchema,
  identityNum: idCardSchema,
  tel: mobilePhoneSchema,
  frontSerial: z.string().min(1, '请上传身份证正面'),
  backSerial: z.string().min(1, '请上传身份证反面'),
})
export type PersonalIdentityBody = z.infer<typeof personalIdentityBody>

/** POST /personSeal/apply/face † (step 2): records a successful face verification of the applicant. */
export const personalFaceBody = z.object({ serialNo: z.string().min(1) })

/** POST /personSeal/stylePreview †: the three styles rendered from the applicant's name (PNG data URLs). */
export const stylePreview = z.array(z.object({ style: z.enum(personalSealStyles), image: z.string() }))

/** POST /apply/signAgreement: signs the agreements with the chosen handwriting; answers the signed files. */
export const signAgreementBody = z.object({
  identity: idCardSchema,
  name: personNameSchema,
  token: z.string().optional(),
  handwritingInfo: z.object({ signatureId: z.string().min(1, '请选择签名') }),
})
export const signedAgreements = z.array(z.object({ key: z.string(), fileId: z.string() }))

/** POST /personSeal/apply/choose † (steps 4 and 5): the chosen signature and seal style. */
export const personalChoiceBody = z.object({
  signatureId: z.string().min(1, '请选择签名').optional(),
  style: z.enum(personalSealStyles).optional(),
})

/** POST /seal-apply/apply/save/person (step 6): the personal apply payload of spec 002 §3; makes the seal. */
export const personalApplyBody = z.object({
  identityType: z.literal('111').default('111'),
  personIdentity: idCardSchema,
  personName: personNameSchema,
  /** The OCR serials of the ID sides (the images stay on the phone). */
  personFront: z.string().min(1, '请上传身份证正面'),
  personBack: z.string().min(1, '请上传身份证反面'),
  makeDate: z.string().regex(/^\d{8}$/, '参数类型错误：makeDate'),
  pin: sealPasswordSchema,
  sealTypeCode: z.literal('1000').default('1000'),
  tel: mobilePhoneSchema,
  sealMark: z.string().max(20).optional(),
  style: z.enum(personalSealStyles),
  /** The face verification serial. */
  serialNo: z.string().min(1),
  applyType: z.literal('1').default('1'),
})
export type PersonalApplyBody = z.infer<typeof personalApplyBody>
export const personalApplyResult = z.object({ applyId: z.string(), sealId: z.string() })
