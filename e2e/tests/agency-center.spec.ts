import { expect, test, type Browser } from '@playwright/test'
import { handOf, writeOnBoard } from './personal-seal-support.ts'
import { loginPersonal, readSmsCode, snap } from './support.ts'
import { legalSetsPin, operatorAppliesForUnitSeal, type OwnUnit } from './unit-apply-support.ts'

/** New units of the sandbox registry (apps/server/src/identity/enterprise/sandbox-units.ts). */
const trading = { unitName: '示例贸易有限公司', socialCreditCode: '91440300MA5EXAMP1F', name: '赵六', identityNo: '440305198808081234', phone: '13600000202' }
const logistics = { unitName: '示例物流有限公司', socialCreditCode: '91310115MA1K4WL3XT', name: '孙七', identityNo: '310115199005122343', phone: '13600000203' }
type Unit = typeof trading

/** The registry unit as the wizard's helpers take it. */
const ownUnit = (unit: Unit): OwnUnit => ({ unitName: unit.unitName, socialCreditCode: unit.socialCreditCode, legal: { name: unit.name, identityNo: unit.identityNo, phone: unit.phone } })

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
  const applicationId = await operatorAppliesForUnitSeal(page, ownUnit(trading), { shot: 'agency-sign' })

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
  // Whoever holds a seal sets its PIN: the legal representative, here, not the operator at step 2.
  await legal.page.getByRole('button', { name: '确认签署' }).click()
  await expect(legal.page.getByText('请输入法人用章密码')).toBeVisible()
  await legalSetsPin(legal.page, 'seal2026')
  await snap(legal.page, 'agency-sign-4b-pin')
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
  await operatorAppliesForUnitSeal(page, ownUnit(logistics), { shot: 'agency-refuse' })

  const legal = await legalRepresentative(browser, logistics)
  await legal.item.locator('.agency-card-open').click()
  await legal.page.getByRole('button', { name: '取消申请' }).click()
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
