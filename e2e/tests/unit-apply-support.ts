import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import type { OrganizationSealTypeCode } from '@seal/seal/seal-kinds'
import { creditCodeCheckCharacter } from '@seal/shared/rules/credit-code'
import { stampPhoto } from '../../packages/seal/test/stamp-photo.ts'
import { renderBusinessLicence } from '../../apps/server/src/identity/test-images/business-licence.ts'
import { handOf, idCardPictures, writeOnBoard } from './personal-seal-support.ts'
import { adminToken, askForCode, loginPersonal, newPerson, readSmsCode, snap } from './support.ts'

/**
 * A unit of a journey's own, so no other journey meets it (nor the demo legal representative's SMS limits):
 * registered in the sandbox enterprise registry through the operator call, its legal representative a new
 * person, its seals applied for through the new wizard as journey (a) does.
 */
export type OwnUnit = { unitName: string; socialCreditCode: string; legal: { name: string; identityNo: string; phone: string } }

/** The hand every unit's legal representative signs with in these journeys (his samples are in it). */
export const LEGAL_HAND = 20261123

export function newUnit(unitName: string, legalName: string): OwnUnit {
  const first17 = `91110105MA${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
  return { unitName, socialCreditCode: first17 + creditCodeCheckCharacter(first17), legal: newPerson(legalName) }
}

/** The operator's call adding (or replacing) a unit of the sandbox registry (docs/providers.md). */
export async function registerInSandbox(request: APIRequestContext, unit: OwnUnit, unitName = unit.unitName) {
  const answer = await request.post('/api/admin/sandbox/enterprises', {
    headers: { authorization: `Bearer ${adminToken()}` },
    data: { socialCreditCode: unit.socialCreditCode, unitName, legalPersonName: unit.legal.name, legalPersonIdentityNo: unit.legal.identityNo },
  })
  expect((await answer.json()).resultStatus).toBe('00')
}

/** A phone photo of an impression of the unit's seal of this type. */
export async function impressionPhoto(unitName: string, sealTypeCode: OrganizationSealTypeCode = '01') {
  const { png } = await renderOrganizationSeal({ unitName, sealTypeCode, sealCode: '1101050012345' })
  return { name: `seal-${sealTypeCode}.jpg`, mimeType: 'image/jpeg', buffer: await stampPhoto({ seal: Buffer.from(png), stampFraction: 0.6, rotateDeg: 8 }) }
}

/**
 * Opens the registration-region wheel, waits for the server's tree (a 确定 pressed while it loads picks
 * nothing, and 下一步 then stops on 请选择单位注册地), confirms the region it starts on and sees it shown.
 */
export async function chooseRegion(page: Page) {
  await page.locator('.region-picker-field').click()
  await expect(page.locator('.adm-picker-view-column-item').first()).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page.locator('.region-picker-value')).toBeVisible()
}

/** Step 1 evidence: the licence (read by OCR), both sides of the legal representative's ID card, the region. */
export async function unitEvidence(page: Page, unit: OwnUnit, unitName = unit.unitName) {
  const pictures = await idCardPictures({ name: unit.legal.name, identityNo: unit.legal.identityNo })
  const licence = await renderBusinessLicence({ unitName, socialCreditCode: unit.socialCreditCode, legalName: unit.legal.name })
  await page.getByLabel('上传营业执照', { exact: true }).setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licence })
  await page.getByLabel('上传法人身份证人像面', { exact: true }).setInputFiles(pictures.front)
  await page.getByLabel('上传法人身份证国徽面', { exact: true }).setInputFiles(pictures.back)
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(3, { timeout: 60_000 })
  await expect(page.getByPlaceholder('请输入统一社会信用代码')).toHaveValue(unit.socialCreditCode)
  await chooseRegion(page)
}

/**
 * The unit's legal representative (a personal login) applies for its unit seal and a contract seal, signs,
 * and is approved by the sandbox's automatic review; ends on the result page showing 申请通过.
 */
export async function applyForUnitSeals(page: Page, unit: OwnUnit, pin: string) {
  await registerInSandbox(page.request, unit)
  await loginPersonal(page, unit.legal)
  await page.goto('/new/seal/flow?businessType=APPLY&applicatKind=LEGAL_APPLY')
  await page.getByRole('button', { name: '开始申请' }).click()
  await page.getByRole('button', { name: '确定' }).click()
  await unitEvidence(page, unit)
  await expect(page.getByPlaceholder('请输入单位名称')).toHaveValue(unit.unitName)
  await page.getByPlaceholder('请输入法人手机号').fill(unit.legal.phone)
  await page.getByRole('button', { name: '更多' }).click()
  await page.getByRole('checkbox', { name: '合同专用章' }).click()
  await page.getByRole('button', { name: '下一步' }).click()
  await page.getByRole('button', { name: '开始识别' }).click()
  await expect(page.getByText('印章图片').first()).toBeVisible({ timeout: 30_000 })
  await page.getByLabel(new RegExp(`^上传(单位公章|${unit.unitName})印模照片$`)).first().setInputFiles(await impressionPhoto(unit.unitName, '01'))
  await page.getByLabel(/上传.*合同专用章.*印模照片/).first().setInputFiles(await impressionPhoto(unit.unitName, '04'))
  await expect(page.getByText('印模提取成功')).toHaveCount(2, { timeout: 60_000 })
  await page.getByRole('textbox', { name: '印章密码', exact: true }).fill(pin)
  await page.getByRole('textbox', { name: '确认印章密码', exact: true }).fill(pin)
  await page.getByRole('button', { name: '下一步' }).click()

  await expect(page).toHaveURL(/\/new\/seal\/sign\?/)
  await page.getByText('点击此处手写签名').click()
  await writeOnBoard(page, page.getByLabel('签名区域'), handOf(LEGAL_HAND), 1)
  await page.getByRole('button', { name: '确定' }).click()
  await askForCode(page)
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page, unit.legal.phone))
  await page.getByRole('button', { name: '确认签署' }).click()
  await expect(page).toHaveURL(/\/new\/seal-result\?id=/, { timeout: 60_000 })
  await expect(page.getByText('申请通过')).toBeVisible({ timeout: 30_000 })
}

/** On the signing page of an operator's application: the legal representative sets his own seal password. */
export async function legalSetsPin(page: Page, pin: string) {
  await page.getByRole('textbox', { name: '法人用章密码', exact: true }).fill(pin)
  await page.getByRole('textbox', { name: '确认法人用章密码', exact: true }).fill(pin)
}

/**
 * An operator (a new personal login) applies for the unit's 公章 through the new wizard: their own ID card,
 * the licence and the legal representative's ID card read by OCR, the impression (no seal password: the
 * legal representative sets his own when he signs, `legalSetsPin`), the application form signed on paper;
 * submitted, it waits for the legal representative's signature (待签署). With `shot`, the step-1, step-2 and
 * waiting screens are kept. Answers the application id.
 */
export async function operatorAppliesForUnitSeal(page: Page, unit: OwnUnit, options: { shot?: string } = {}) {
  const operator = newPerson('钱经办')
  const own = await idCardPictures(operator)
  const legal = await idCardPictures(unit.legal)
  const licence = await renderBusinessLicence({ unitName: unit.unitName, socialCreditCode: unit.socialCreditCode, legalName: unit.legal.name })
  await loginPersonal(page, operator)
  await page.goto('/new/seal/flow?businessType=APPLY&applicatKind=OPERATOR_APPLY')
  await page.getByRole('button', { name: '开始申请' }).click()
  await page.getByRole('button', { name: '确定' }).click()

  await page.getByLabel('上传经办人身份证人像面', { exact: true }).setInputFiles(own.front)
  await page.getByLabel('上传经办人身份证国徽面', { exact: true }).setInputFiles(own.back)
  // The two backs are drawn alike; sent together they are one request twice, which the server refuses (请求重复).
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(2, { timeout: 60_000 })
  await page.getByLabel('上传营业执照', { exact: true }).setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licence })
  await page.getByLabel('上传法人身份证人像面', { exact: true }).setInputFiles(legal.front)
  await page.getByLabel('上传法人身份证国徽面', { exact: true }).setInputFiles(legal.back)
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(5, { timeout: 90_000 })
  await page.getByPlaceholder('请输入经办人手机号').fill(operator.phone)
  await page.getByPlaceholder('请输入法人手机号').fill(unit.legal.phone)
  await chooseRegion(page)
  await expect(page.getByRole('checkbox', { name: /单位公章（必选）/ })).toHaveAttribute('aria-checked', 'true')
  if (options.shot) await snap(page, `${options.shot}-1-operator-step1`)
  await page.getByRole('button', { name: '下一步' }).click()

  // Step 2: the impression; the operator is not asked for the legal representative's seal password.
  await expect(page.getByText('上传印章图片')).toBeVisible({ timeout: 30_000 })
  await page.getByLabel(/上传.*印模照片/).first().setInputFiles(await impressionPhoto(unit.unitName))
  await expect(page.getByText('印模提取成功')).toHaveCount(1, { timeout: 60_000 })
  await expect(page.getByRole('textbox', { name: '印章密码', exact: true })).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: '法人用章密码', exact: true })).toHaveCount(0)
  await expect(page.getByText(/由法定代表人本人在签署申请时设置/)).toBeVisible()
  if (options.shot) await snap(page, `${options.shot}-1b-operator-step2`)
  await page.getByRole('button', { name: '下一步' }).click()

  // Step 3-1: an operator uploads the application form signed on paper, then submits.
  await expect(page.getByLabel('已签字的申请表')).toBeVisible({ timeout: 30_000 })
  await page.getByLabel('上传申请表').setInputFiles({ name: 'form.png', mimeType: 'image/png', buffer: licence })
  await expect(page.locator('.unit-form-files img')).toHaveCount(1, { timeout: 30_000 })
  await page.locator('.unit-truthful').click()
  await page.getByRole('button', { name: '提交', exact: true }).click()
  await page.getByRole('button', { name: '确认提交' }).click()
  await expect(page).toHaveURL(/\/new\/seal-result\?id=/, { timeout: 30_000 })
  await expect(page.getByText('待签署')).toBeVisible()
  if (options.shot) await snap(page, `${options.shot}-2-operator-waiting`)
  return new URL(page.url()).searchParams.get('id')!
}

export type HeldSeal = { id: string; sealTypeCode: string; sealName: string; status: string; businessName: string }

/** The seals the page's login sees in its unit list (POST /seal/queryGroupByBusiness). */
export async function unitSealsOf(page: Page): Promise<HeldSeal[]> {
  const token = await page.evaluate(() => localStorage.getItem('seal.token') ?? '')
  const list = await (await page.request.post('/api/seal/queryGroupByBusiness', { headers: { authorization: `Bearer ${token}` }, data: { needPic: false } })).json()
  return list.data.flatMap((group: { list: HeldSeal[] }) => group.list)
}
