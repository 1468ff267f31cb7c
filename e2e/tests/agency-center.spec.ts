import { expect, test, type Browser, type Page } from '@playwright/test'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { stampPhoto } from '../../packages/seal/test/stamp-photo.ts'
import { renderBusinessLicence } from '../../apps/server/src/identity/test-images/business-licence.ts'
import { handOf, idCardPictures, writeOnBoard } from './personal-seal-support.ts'
import { loginPersonal, newPerson, readSmsCode, snap } from './support.ts'

/** New units of the sandbox registry (apps/server/src/identity/enterprise/sandbox-units.ts). */
const trading = { unitName: '示例贸易有限公司', socialCreditCode: '91440300MA5EXAMP1F', name: '赵六', identityNo: '440305198808081234', phone: '13600000202' }
const logistics = { unitName: '示例物流有限公司', socialCreditCode: '91310115MA1K4WL3XT', name: '孙七', identityNo: '310115199005122343', phone: '13600000203' }
type Unit = typeof trading

/** An operator (a new personal login) applies for the unit's 公章 through the new wizard and submits. */
async function operatorApplies(page: Page, unit: Unit, shot: string) {
  const operator = newPerson('钱经办')
  const own = await idCardPictures(operator)
  const legal = await idCardPictures({ name: unit.name, identityNo: unit.identityNo })
  const licence = await renderBusinessLicence({ unitName: unit.unitName, socialCreditCode: unit.socialCreditCode, legalName: unit.name })
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
  await page.getByPlaceholder('请输入法人手机号').fill(unit.phone)
  await page.locator('.region-picker-field').click()
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page.getByRole('checkbox', { name: /单位公章（必选）/ })).toHaveAttribute('aria-checked', 'true')
  await snap(page, `${shot}-1-operator-step1`)
  await page.getByRole('button', { name: '下一步' }).click()

  // Step 2: the impression and the legal representative's seal password.
  await expect(page.getByText('上传印章图片')).toBeVisible({ timeout: 30_000 })
  const { png } = await renderOrganizationSeal({ unitName: unit.unitName, sealTypeCode: '01', sealCode: '4403050000001' })
  const photo = await stampPhoto({ seal: Buffer.from(png), stampFraction: 0.6, rotateDeg: 5 })
  await page.getByLabel(/上传.*印模照片/).first().setInputFiles({ name: 'seal.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(page.getByText('印模提取成功')).toHaveCount(1, { timeout: 60_000 })
  await page.getByRole('textbox', { name: '法人用章密码', exact: true }).fill('seal2026')
  await page.getByRole('textbox', { name: '确认法人用章密码', exact: true }).fill('seal2026')
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
  await snap(page, `${shot}-2-operator-waiting`)
  return new URL(page.url()).searchParams.get('id')!
}

/** The unit's legal representative logs in (a personal login, registered on first use) in a second browser context. */
async function legalRepresentative(browser: Browser, unit: Unit) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await loginPersonal(page, { phone: unit.phone, name: unit.name, identityNo: unit.identityNo })
  await page.goto('/agency-center')
  const item = page.locator('.agency-card', { hasText: unit.unitName })
  await expect(item).toBeVisible()
  await expect(item).toContainText('待处理')
  return { page, item, close: () => context.close() }
}

test('an operator applies for a new unit, the legal representative signs it in the agency centre, the operator sees 申请通过', async ({ page, browser }) => {
  test.setTimeout(300_000)
  const applicationId = await operatorApplies(page, trading, 'agency-sign')

  const legal = await legalRepresentative(browser, trading)
  await snap(legal.page, 'agency-sign-3-backlog')
  await legal.item.locator('.agency-card-open').click()
  await expect(legal.page).toHaveURL(/\/agency-center\/detail\?id=/)
  await expect(legal.page.getByText(trading.unitName).first()).toBeVisible()
  await snap(legal.page, 'agency-sign-4-detail')
  await legal.page.getByRole('button', { name: '签署授权' }).click()

  await expect(legal.page).toHaveURL(/\/new\/seal\/sign\?.*from=agency/)
  await legal.page.getByText('点击此处手写签名').click()
  await writeOnBoard(legal.page, legal.page.getByLabel('签名区域'), handOf(20261124), 1)
  await legal.page.getByRole('button', { name: '确定' }).click()
  await legal.page.getByRole('button', { name: '获取验证码' }).click()
  await legal.page.getByPlaceholder('请输入验证码').fill(await readSmsCode(legal.page, trading.phone))
  await legal.page.getByRole('button', { name: '确认签署' }).click()
  await expect(legal.page).toHaveURL(/\/agency-center\/result\?id=/, { timeout: 60_000 })
  await expect(legal.page.getByText('已完成签署')).toBeVisible()
  await snap(legal.page, 'agency-sign-5-signed')
  await legal.close()

  // Signed, reviewed automatically in the sandbox: the operator's record says 申请通过.
  await page.goto('/seal-apply/record-list')
  await page.getByText('经办人申请').click()
  await expect(page.locator('.apply-record-card', { hasText: trading.unitName }).first()).toContainText('申请通过', { timeout: 20_000 })
  await snap(page, 'agency-sign-6-operator-records')

  // The operator previews what the legal representative signed (their files, read through the application).
  await page.goto(`/agency-center/preview?id=${applicationId}`)
  await expect(page.getByLabel('第1页')).toBeVisible({ timeout: 30_000 })
  await page.getByRole('tab', { name: '授权委托书' }).click()
  await expect(page.getByRole('tab', { name: '授权委托书' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByLabel('第1页')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('PDF加载中')).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByText('文件加载失败')).toHaveCount(0)
  await snap(page, 'agency-sign-7-operator-preview')
})

test('the legal representative refuses an operator’s application; it ends as 未签署，法人拒绝', async ({ page, browser }) => {
  test.setTimeout(300_000)
  await operatorApplies(page, logistics, 'agency-refuse')

  const legal = await legalRepresentative(browser, logistics)
  await legal.item.locator('.agency-card-open').click()
  await legal.page.getByRole('button', { name: '拒绝' }).click()
  await legal.page.getByRole('button', { name: '确认拒绝' }).click()
  await expect(legal.page).toHaveURL(/\/agency-center\/result\?id=/)
  await expect(legal.page.getByText('您已拒绝电子印章申请')).toBeVisible()
  await snap(legal.page, 'agency-refuse-3-refused')
  await legal.page.goto('/agency-center')
  await legal.page.getByText('已处理').click()
  await expect(legal.page.locator('.agency-card', { hasText: logistics.unitName })).toContainText('已拒绝')
  await legal.close()

  await page.goto('/seal-apply/record-list')
  await page.getByText('经办人申请').click()
  const record = page.locator('.apply-record-card', { hasText: logistics.unitName }).first()
  await expect(record).toContainText('未签署，法人拒绝')
  await expect(record.getByRole('button', { name: '重新申请' })).toBeVisible()
  await snap(page, 'agency-refuse-4-operator-records')
})
