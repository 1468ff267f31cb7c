import { sealTypeCode, MAX_OTHER_TYPE_SEALS } from '../codes/seal-type.ts'
import { unitTypeLabels, type UnitType } from '../codes/unit-type.ts'
import { messages, messageTemplates, ownMessages } from '../messages.ts'
import { isCreditCode, unitTypeOfCreditCode } from './credit-code.ts'
import { isIdCard } from './id-card.ts'
import { hasUniqueSealNames, isPersonName, isSealName, unitNameSchema } from './names.ts'
import { isMobilePhone } from './phone.ts'
import { isSealPassword, stripWhitespace } from './seal-password.ts'

/**
 * The older step wizard's checks (spec 001 §5 "Older flow and operator flow"), shared by its screens
 * (/seal-apply/step-1, step-2, step-4) and the server's POST /apply/multiple/seals: each answers the first
 * problem in the spec's order and words, or null.
 */

/** Messages of the older wizard the spec gives in English or not at all (our wording). */
export const olderApplyMessages = {
  /** 'seal in change status cannot be selected' (001 §8). */
  sealChanging: '该印章正在变更中，不可选择',
  /** 'seal in application cannot be selected' (001 §8). */
  sealApplying: '该印章正在申请中，不可选择',
  /** 'awaiting activation cannot be deselected' (001 §8). */
  awaitingActivationLocked: '待激活的印章不可取消选择',
  /** The official seal cannot be deselected (001 §4 "Seal-type choice"). */
  officialSealLocked: '单位公章为必选印章，不可取消选择',
  /** A type with a seal in effect: choosing it is a change, the change pages' business. */
  sealInEffect: '该类型印章已生效，如需修改印章信息请办理印章变更',
  /** A record with status 4 sends the user to activation (001 §4 "Seal status from the existing-record query"). */
  pendingActivation: '该类型印章待激活，请先完成电子印章激活',
  /** The waiting result (001 §4 "Apply-log result": issue expected within 1 working day). */
  waiting: '您的申请已提交，正在等待平台审核，预计1个工作日内完成制章',
  /** pre-step-5 (001 §2 "submission success page, 'waiting for platform review'"). */
  waitingForReview: '等待平台审核',
  /** A failed unit verification, before the applicant chooses (001 §8 "back to check, or next to manual review"). */
  manualReviewGuide: '单位信息核验未通过，您可以返回检查填写的信息，或转人工审核：设置印章后上传签字盖章的申请表，审核需要1-2个工作日。',
  manualReview: '转人工审核',
  backToCheck: '返回检查',
  /** Step 4 when the verification failed or a seal photo goes to a reviewer. */
  materialsForReview: '本申请转人工审核：请下载申请表，由法定代表人签字并加盖单位公章后拍照上传，审核人员将核对营业执照与申请表（1-2个工作日）。',
  /** The physical seal code confirmation (001 §2 step-4-1). */
  physicalCodeQuestion: '该类型印章是否已有实体印章（公安备案）编码？',
  sealNotFoundGuide: '请确认企业信息或实体印章编码是否正确',
  physicalCodeChoiceRequired: '请确认是否有实体印章编码',
  physicalCodeNotQueried: '请先查询并确认实体印章编码',
  /** Step 4's password section: whose password it is and what it does. */
  pinHint: '印章密码即用章时输入的密码，由法定代表人本人设置并妥善保管',
  /** The seal password's confirmation (001 §5 "confirm must match (两次密码不一致)"). */
  passwordsDiffer: messages.operatorPasswordsDiffer,
  /** Server refusals of POST /apply/multiple/seals (ours). */
  verificationRequired: '请先完成法定代表人身份核验',
  verificationStale: '身份核验已失效，请返回上一步重新核验',
  draftDiffers: '提交的信息与身份核验时的信息不一致，请返回上一步重新核验',
  onePin: '同一申请的印章密码须一致',
  applyOnly: '此处仅办理印章新申请：待激活的印章请前往电子印章激活，已生效的印章请办理印章变更',
  notOlderDraft: '该申请不是分步申请的暂存，请重新开始申请',
  submitted: '提交成功',
  notSubmitted: '申请尚未提交',
} as const

/** Step 1's unit: what the spec's older form has (001 §3 "Application draft (older wizard)"). */
export type OlderUnit = {
  unitName: string
  socialCreditCode: string
  unitTypeCode: string
  license: string
  addressState: readonly string[]
}

/** The seal-type choice of step 1: what was chosen (new applications) and what could be made at all. */
export type OlderSealChoice = { chosen: readonly string[]; available: readonly string[] }

/**
 * Step 1 (001 §5 "Older flow and operator flow", in order): unit name (required, 4-120, company-name check,
 * no whitespace), credit code (structure and check character; a type mismatch names the unit type), unit type,
 * licence, registration place (three levels), at least one seal type, then the unit seal when it can be made.
 */
export function olderUnitProblem(unit: OlderUnit, choice: OlderSealChoice): string | null {
  const name = unitNameSchema.safeParse(unit.unitName)
  if (!name.success) return name.error.issues[0]!.message
  const code = unit.socialCreditCode.trim().toUpperCase()
  if (!isCreditCode(code)) return messages.invalidCreditCode
  if (!unit.unitTypeCode) return messages.unitTypeRequired
  const byCode = unitTypeOfCreditCode(code)
  if (byCode !== unit.unitTypeCode) return messageTemplates.unitTypeMismatch(unitTypeLabels[unit.unitTypeCode as UnitType] ?? unit.unitTypeCode)
  if (!unit.license) return messages.businessLicenseRequired
  if (unit.addressState.filter(Boolean).length < 3) return messages.registrationPlaceRequired
  if (choice.available.length === 0) return messages.noApplicableSealTypes
  if (choice.chosen.length === 0) return messages.sealTypeRequired
  if (choice.available.includes(sealTypeCode.UNIT_OFFICIAL) && !choice.chosen.includes(sealTypeCode.UNIT_OFFICIAL)) return messages.officialSealRequired
  return null
}

/** Step 2's legal representative (001 §3 personName, identityNum, identityFront, identityBack, tel). */
export type OlderLegal = { personName: string; identityNum: string; identityFront: string; identityBack: string; tel: string }

/**
 * Step 2 (001 §5): both ID photos, the name (a Chinese character, digit or letter, at most 16), the ID
 * number (18 characters, resident ID card), the phone (11 digits, 1 then 3-9).
 */
export function olderLegalProblem(legal: OlderLegal): string | null {
  if (!legal.identityFront) return messages.legalIdFrontRequired
  if (!legal.identityBack) return messages.legalIdBackRequired
  if (!isPersonName(legal.personName)) return messages.invalidLegalName
  if (!isIdCard(legal.identityNum.trim().toUpperCase())) return messages.invalidLegalIdNumber
  if (!isMobilePhone(legal.tel.trim())) return messages.invalidLegalPhone
  return null
}

/** One seal of step 4: its type, name (other-type seals), picture or photo for manual review. */
export type OlderSeal = { sealTypeCode: string; sealName: string; sealPic: string; originalFileId: string; manualReview: boolean }

/**
 * Step 4 (001 §5): a seal pattern for each seal (请上传印章图样; a photo sent to manual review counts), other-type
 * seals named (请完善其他类型印章名称, 2-20 Chinese characters or digits), names unique, at most 20 of them;
 * then the seal password (请输入印章密码, the 6-16 rule) and its confirmation (两次密码不一致). Spaces are stripped.
 */
export function olderSealSetupProblem(seals: readonly OlderSeal[], password: string, confirm: string): string | null {
  if (seals.length === 0) return messages.sealTypeRequired
  for (const seal of seals) {
    if (!seal.sealPic && !(seal.manualReview && seal.originalFileId)) return messages.sealPatternRequired
  }
  const others = seals.filter((seal) => seal.sealTypeCode === sealTypeCode.OTHER)
  if (others.length > MAX_OTHER_TYPE_SEALS) return messages.otherSealsLimit
  if (others.some((seal) => !seal.sealName.trim())) return messages.otherSealNameRequired
  const badName = others.find((seal) => !isSealName(seal.sealName.trim()))
  if (badName) return ownMessages.invalidSealName
  if (!hasUniqueSealNames(others.map((seal) => seal.sealName))) return messages.otherSealNameDuplicate
  const typed = stripWhitespace(password)
  if (!typed) return messages.sealPasswordRequired
  if (!isSealPassword(typed)) return messages.sealPasswordRule
  if (typed !== stripWhitespace(confirm)) return olderApplyMessages.passwordsDiffer
  return null
}

/**
 * Whether step 4-1 comes before step 4 (001 §4 "Older flow order"): a chosen seal type with more than one
 * record, or none, asks whether a physical seal code exists.
 *
 * @example
 * needsPhysicalCodeStep([{ sealTypeCode: '01', records: 0 }]) // true
 */
export const needsPhysicalCodeStep = (chosen: readonly { sealTypeCode: string; records: number }[]) => chosen.some((seal) => seal.records !== 1)
