import { expect, test, type Page } from '@playwright/test'
import { renderBusinessLicence } from '../../apps/server/src/identity/test-images/business-licence.ts'
import { idCardPictures } from './personal-seal-support.ts'
import { adminToken, loginPersonal, snap } from './support.ts'
import { chooseRegion, impressionPhoto, newUnit, registerInSandbox, type OwnUnit } from './unit-apply-support.ts'

/**
 * Issue #21 journey (c): the older step wizard for a new application (spec 001 §2 "Step-based application
 * (older wizard)"). A new legal representative, his own unit in the sandbox registry, applies through
 * /seal-apply/step-1 … step-5; the result page's 5-second polling ends in success and the seals are in 我的印章.
 * Then a unit the registry does not know: its failed verification goes to a person's review, and the result
 * page, polling, shows the reviewer's approval by itself.
 */

const PIN = 'older2468'

/** Step 1: the licence read by OCR, the region, the seal types (the unit seal chosen and locked, the contract seal added). */
async function stepOne(page: Page, unit: OwnUnit, shot?: string) {
  await expect(page).toHaveURL(/\/seal-apply\/step-1$/)
  const licence = await renderBusinessLicence({ unitName: unit.unitName, socialCreditCode: unit.socialCreditCode, legalName: unit.legal.name })
  await page.getByLabel('上传营业执照', { exact: true }).setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licence })
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(1, { timeout: 60_000 })
  await expect(page.getByPlaceholder('请输入单位名称')).toHaveValue(unit.unitName)
  await expect(page.getByPlaceholder('请输入统一社会信用代码')).toHaveValue(unit.socialCreditCode)
  await chooseRegion(page)
  await expect(page.getByRole('checkbox', { name: '单位公章（必选）' })).toHaveAttribute('aria-checked', 'true', { timeout: 30_000 })
  await page.getByRole('checkbox', { name: '合同专用章' }).click()
  await expect(page.getByRole('checkbox', { name: '合同专用章' })).toHaveAttribute('aria-checked', 'true')
  if (shot) await snap(page, `${shot}-step1`)
  // Locked (aria-disabled): tapping it says why.
  await page.getByRole('checkbox', { name: '单位公章（必选）' }).click({ force: true })
  await expect(page.getByText('单位公章为必选印章，不可取消选择')).toBeVisible()
  await page.getByRole('button', { name: '下一步' }).click()
}

/** Step 2: both sides of his ID card, his phone, his face; the unit verification answers. */
async function stepTwo(page: Page, unit: OwnUnit, shot?: string) {
  await expect(page).toHaveURL(/\/seal-apply\/step-2$/)
  const pictures = await idCardPictures(unit.legal)
  await page.getByLabel('上传法人身份证人像面', { exact: true }).setInputFiles(pictures.front)
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(1, { timeout: 60_000 })
  await page.getByLabel('上传法人身份证国徽面', { exact: true }).setInputFiles(pictures.back)
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(2, { timeout: 60_000 })
  await expect(page.getByRole('textbox', { name: '法人姓名' })).toHaveValue(unit.legal.name)
  await page.getByPlaceholder('请输入法人手机号').fill(unit.legal.phone)
  if (shot) await snap(page, `${shot}-step2`)
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page.getByText('法定代表人人脸识别')).toBeVisible({ timeout: 30_000 })
  if (shot) await snap(page, `${shot}-step2-face`)
  await page.getByRole('button', { name: '开始识别' }).click()
}

/** Step 4-1: a new unit has no record of any type: no physical seal code. */
async function stepFourOne(page: Page, shot?: string) {
  await expect(page).toHaveURL(/\/seal-apply\/step-4-1\/3$/, { timeout: 60_000 })
  // Looking a code up among the unit's records finds nothing: 未查询到印章.
  const official = page.getByRole('region', { name: '单位公章' })
  await official.getByText('有实体印章编码').click()
  await official.getByRole('button', { name: '查询' }).click()
  await expect(page.getByText('请输入印章编码进行查询')).toBeVisible()
  await official.getByRole('textbox', { name: '单位公章印章编码' }).fill('1101050099999')
  await official.getByRole('button', { name: '查询' }).click()
  await expect(page.getByText('请确认企业信息或实体印章编码是否正确')).toBeVisible()
  if (shot) await snap(page, `${shot}-step4-1-not-found`)
  await page.getByRole('button', { name: '我知道了' }).click()
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page.getByText('请先查询并确认实体印章编码')).toBeVisible()
  for (const name of ['单位公章', '合同专用章']) await page.getByRole('region', { name }).getByText('无实体印章编码').click()
  if (shot) await snap(page, `${shot}-step4-1`)
  await page.getByRole('button', { name: '下一步' }).click()
}

/** Step 4: both impressions cut out, the seal password twice. */
async function stepFour(page: Page, unit: OwnUnit, shot?: string) {
  await expect(page).toHaveURL(/\/seal-apply\/step-4\/3$/)
  await page.getByLabel('上传单位公章印模照片').setInputFiles(await impressionPhoto(unit.unitName, '01'))
  await expect(page.getByText('印模提取成功')).toHaveCount(1, { timeout: 60_000 })
  await page.getByLabel('上传合同专用章印模照片').setInputFiles(await impressionPhoto(unit.unitName, '04'))
  await expect(page.getByText('印模提取成功')).toHaveCount(2, { timeout: 60_000 })
  await page.getByRole('textbox', { name: '印章密码', exact: true }).fill(PIN)
  if (shot) await snap(page, `${shot}-step4`)
  await page.getByRole('textbox', { name: '确认印章密码', exact: true }).fill(`${PIN}x`)
  await page.getByRole('button', { name: '提交', exact: true }).click()
  await expect(page.getByText('两次密码不一致')).toBeVisible()
  await page.getByRole('textbox', { name: '确认印章密码', exact: true }).fill(PIN)
}

async function submit(page: Page, shot: string) {
  await page.getByRole('button', { name: '提交', exact: true }).click()
  await page.getByRole('button', { name: '确认提交' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/pre-step-5\?logId=/, { timeout: 60_000 })
  await expect(page.getByText('等待平台审核')).toBeVisible()
  await snap(page, `${shot}-pre-step5`)
  const logId = new URL(page.url()).searchParams.get('logId')!
  await page.getByRole('button', { name: '查看审核进度' }).click()
  await expect(page).toHaveURL(new RegExp(`/seal-apply/step-5/2/${logId}$`))
  return logId
}

test.describe('older step wizard, new application (issue #21 journey c)', () => {
  test('a new legal representative applies through step-1 … step-5; the polling ends in success and the seals are his', async ({ page }) => {
    test.setTimeout(240_000)
    const unit = newUnit('示例分步有限公司', '陈法人')
    await registerInSandbox(page.request, unit)
    await loginPersonal(page, unit.legal)

    await page.goto('/seal-apply/flow')
    await expect(page.getByRole('heading', { name: '办理流程' })).toBeVisible()
    await snap(page, 'older-flow')

    await page.goto('/seal-apply/readme?type=1')
    await expect(page.getByText('法定代表人申请单位电子印章')).toBeVisible()
    await snap(page, 'older-readme-type1')
    await page.getByRole('button', { name: '开始申请' }).click()
    await expect(page.getByRole('link', { name: '《数字证书订户协议》' })).toBeVisible()
    await snap(page, 'older-agreement-dialog')
    await page.getByRole('button', { name: '同意', exact: true }).click()

    await stepOne(page, unit, 'older')
    await stepTwo(page, unit, 'older')
    await stepFourOne(page, 'older')
    await stepFour(page, unit, 'older')
    const logId = await submit(page, 'older')

    // The sandbox's automatic review approved the verified legal representative's own application.
    await expect(page.getByText('申请成功')).toBeVisible({ timeout: 30_000 })
    const seals = page.getByRole('list', { name: '已制作的印章' }).getByRole('listitem')
    await expect(seals).toHaveCount(2)
    await expect(seals.first()).toContainText(unit.unitName)
    await expect(seals.first()).toContainText(unit.socialCreditCode)
    await expect(seals.nth(1)).toContainText('合同专用章')
    await expect(seals.first().getByRole('img')).toBeVisible()
    await snap(page, 'older-step5-success')
    expect(logId).toBeTruthy()

    await page.getByRole('button', { name: '查看我的印章' }).click()
    await expect(page).toHaveURL(/\/seal-preview-list\/company/)
    await expect(page.getByText(unit.unitName).first()).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText(`${unit.unitName}合同专用章`)).toBeVisible()
    await snap(page, 'older-my-seals')
  })

  test('a unit the registry does not know goes to a person’s review; the result page polls until the approval shows', async ({ page }) => {
    test.setTimeout(240_000)
    const unit = newUnit('示例待审有限公司', '林待审')
    await loginPersonal(page, unit.legal)
    await page.goto('/seal-apply/flow')
    await page.getByRole('button', { name: '开始申请' }).click()
    await page.getByRole('button', { name: '同意', exact: true }).click()
    await stepOne(page, unit)
    await stepTwo(page, unit)

    // Not in the registry: 四要素验证失败, and the way on is manual review, never a dead end.
    await expect(page.getByText('四要素验证失败').first()).toBeVisible({ timeout: 60_000 })
    await snap(page, 'older-step2-failed')
    await page.getByRole('button', { name: '转人工审核' }).click()
    await stepFourOne(page)
    await stepFour(page, unit)
    await expect(page.getByRole('region', { name: '申请材料' })).toBeVisible()
    await page.getByRole('button', { name: '提交', exact: true }).click()
    await expect(page.getByText('请上传申请表！')).toBeVisible()
    const form = await renderBusinessLicence({ unitName: unit.unitName, socialCreditCode: unit.socialCreditCode, legalName: unit.legal.name })
    await page.getByLabel('上传申请表').setInputFiles({ name: 'form.png', mimeType: 'image/png', buffer: form })
    await expect(page.locator('.unit-form-files img')).toHaveCount(1, { timeout: 30_000 })
    await page.locator('.unit-truthful').click()
    await snap(page, 'older-step4-materials')
    const logId = await submit(page, 'older-review')

    await expect(page.getByText('等待处理')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText('页面每5秒自动刷新审核结果')).toBeVisible()
    await snap(page, 'older-step5-waiting')

    // A reviewer approves through the operator API; the page, asking every 5 seconds, shows it by itself.
    const headers = { authorization: `Bearer ${adminToken()}` }
    const detail = await (await page.request.get(`/api/admin/applications/${logId}`, { headers })).json()
    expect(detail.data.reviewReasons[0]).toMatch(/^单位核验未通过/)
    const decisions = detail.data.sealInfo.map((item: { _id: string }) => ({ itemId: item._id, approve: true }))
    const review = await (await page.request.post(`/api/admin/applications/${logId}/review`, { headers, data: { reviewer: '审核员甲', decisions } })).json()
    expect(review.data.applyStatus).toBe('APPLY_SUCCESS')
    await expect(page.getByText('申请成功')).toBeVisible({ timeout: 12_000 })
    await expect(page.getByRole('list', { name: '已制作的印章' }).getByRole('listitem')).toHaveCount(2)
  })
})
