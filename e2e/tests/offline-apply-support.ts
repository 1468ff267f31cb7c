import { expect, type Page } from '@playwright/test'
import type { OrganizationSealTypeCode } from '@seal/seal/seal-kinds'
import { creditCodeCheckCharacter } from '@seal/shared/rules/credit-code'
import { renderBusinessLicence } from '../../apps/server/src/identity/test-images/business-licence.ts'
import { idCardPictures } from './personal-seal-support.ts'
import { loginPersonal, newPerson, snap } from './support.ts'
import { chooseRegion, impressionPhoto, type OwnUnit } from './unit-apply-support.ts'

/** The operator's offline-materials door as a new operator goes through it (offline-apply.spec.ts, console.spec.ts). */

/** An administrative or public institution: its credit code starts 121 (unit type 06). */
export function newInstitution(unitName: string, legalName: string): OwnUnit {
  const first17 = `12110105MB${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
  return { unitName, socialCreditCode: first17 + creditCodeCheckCharacter(first17), legal: newPerson(legalName) }
}

/**
 * Step-1 as a new operator fills it in: their own ID card, the licence and the legal representative's ID
 * card read by OCR, both phones, the registration region. Answers the operator.
 */
export async function operatorFillsStep1(page: Page, unit: OwnUnit, shot: string) {
  const operator = newPerson('钱经办')
  const own = await idCardPictures(operator)
  const legal = await idCardPictures(unit.legal)
  const licence = await renderBusinessLicence({ unitName: unit.unitName, socialCreditCode: unit.socialCreditCode, legalName: unit.legal.name })
  await loginPersonal(page, operator)
  await page.goto('/seal-apply/operator/step-1')
  await expect(page.getByRole('region', { name: '经办人信息' })).toBeVisible()
  await snap(page, `${shot}-0-step1-empty`)

  await page.getByLabel('上传经办人身份证人像面', { exact: true }).setInputFiles(own.front)
  await page.getByLabel('上传经办人身份证国徽面', { exact: true }).setInputFiles(own.back)
  // The two backs are drawn alike; sent together they are one request twice (请求重复).
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(2, { timeout: 60_000 })
  await page.getByLabel('上传营业执照', { exact: true }).setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licence })
  await page.getByLabel('上传法人身份证人像面', { exact: true }).setInputFiles(legal.front)
  await page.getByLabel('上传法人身份证国徽面', { exact: true }).setInputFiles(legal.back)
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(5, { timeout: 90_000 })
  await expect(page.getByPlaceholder('请输入统一社会信用代码')).toHaveValue(unit.socialCreditCode)
  await expect(page.getByPlaceholder('请输入法人身份证号码')).toHaveValue(unit.legal.identityNo)
  await page.getByPlaceholder('请输入经办人手机号').fill(operator.phone)
  await page.getByPlaceholder('请输入法人手机号').fill(unit.legal.phone)
  await chooseRegion(page)
  await expect(page.getByRole('checkbox', { name: /单位公章（必选）/ })).toHaveAttribute('aria-checked', 'true')
  return operator
}

/** step-2-1: a pattern photo per seal, each cut out. */
export async function uploadPatterns(page: Page, unit: OwnUnit, seals: { code: OrganizationSealTypeCode; name: RegExp }[]) {
  await expect(page).toHaveURL(/\/seal-apply\/operator\/step-2-1\?applyId=/)
  for (const seal of seals) {
    await page.getByLabel(new RegExp(`^上传.*(${seal.name.source}).*印章图样$`)).first().setInputFiles(await impressionPhoto(unit.unitName, seal.code))
    await expect(page.getByText('印模提取成功').first()).toBeVisible({ timeout: 60_000 })
  }
  await expect(page.getByText('印模提取成功')).toHaveCount(seals.length, { timeout: 60_000 })
}

export const applyIdOf = (page: Page) => new URL(page.url()).searchParams.get('applyId')!
