import { execFileSync } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { renderBusinessLicence } from '../../apps/server/src/identity/test-images/business-licence.ts'
import { handOf, idCardPictures, writeOnBoard } from './personal-seal-support.ts'
import { applyForUnitSeals, chooseRegion, impressionPhoto, LEGAL_HAND, newUnit, registerInSandbox } from './unit-apply-support.ts'
import { askForCode, newPerson, readSmsCode, resetConfig, setConfig, snap } from './support.ts'

/**
 * Journey (d) of issue #21: a change of the unit name through the older pages (/seal-change, steps 1 to 4)
 * and a renewal through /seal-renewal ending on 电子印章已续期. They are doors into the new wizard's
 * applications: the same verification, signing, review and reissue, so the old certificates are revoked
 * and new ones issued as through the wizard. A unit of its own, registered in the sandbox registry through
 * the operator call (renamed there too, as the registry would be after the rename).
 */
const oldName = '示例旧门咨询有限公司'
const newName = '示例新门咨询有限公司'
// The legal representative's ID number fixed to one the sandbox OCR reads reliably off the drawn card (each
// run has a fresh data folder, so a fixed number is still a new person).
const unit = { ...newUnit(oldName, '孙旧门'), legal: newPerson('孙旧门', { birth: '19900804', sequence: '508' }) }
const { legal, socialCreditCode } = unit
const PIN = 'seal2026'

/** How many certificates the published CRL lists. */
async function revokedCount(page: Page): Promise<number> {
  const crl = await (await page.request.get('/api/trust/crl')).body()
  const text = execFileSync('openssl', ['crl', '-inform', 'DER', '-noout', '-text'], { input: crl }).toString()
  return (text.match(/Serial Number:/g) ?? []).length
}

/** The unit's seals as the legal representative's list answers them. */
async function unitSeals(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('seal.token') ?? '')
  const list = await (await page.request.post('/api/seal/queryGroupByBusiness', { headers: { authorization: `Bearer ${token}` }, data: { needPic: false } })).json()
  const groups: { businessName: string; socialCreditCode: string; list: { id: string; sealName: string; sealTypeCode: string; certEndTime: number }[] }[] = list.data
  return groups.find((group) => group.socialCreditCode === socialCreditCode)!
}

/** The legal representative's ID card, both sides, and his phone, on an identity section. */
async function legalIdentity(page: Page, pictures: number) {
  const card = await idCardPictures({ name: legal.name, identityNo: legal.identityNo })
  await page.getByLabel('上传法人身份证人像面', { exact: true }).setInputFiles(card.front)
  await page.getByLabel('上传法人身份证国徽面', { exact: true }).setInputFiles(card.back)
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(pictures, { timeout: 60_000 })
  await page.getByPlaceholder('请输入法人手机号').fill(legal.phone)
}

/** The signing frame over the page: the handwriting (written again if the comparison refuses it) and the SMS code. */
async function signInFrame(page: Page, prefix: string) {
  const frame = page.locator('.older-sign-sheet')
  await expect(frame.getByText('签署文件')).toBeVisible({ timeout: 30_000 })
  await expect(frame.getByRole('img', { name: '第1页' }).first()).toBeVisible({ timeout: 30_000 })
  await snap(page, `${prefix}-sign-documents`)
  await frame.getByText('点击此处手写签名').click()
  const board = page.getByLabel('签名区域')
  const refusal = page.getByRole('dialog').filter({ hasText: '识别不通过' })
  for (const variant of [1, 2, 3]) {
    await writeOnBoard(page, board, handOf(LEGAL_HAND), variant)
    await page.getByRole('button', { name: '确定' }).click()
    await expect(async () => expect((await refusal.isVisible()) || !(await board.isVisible())).toBe(true)).toPass({ timeout: 60_000 })
    if (!(await refusal.isVisible())) break
    test.info().annotations.push({ type: 'genuine signature refused', description: `${prefix} variant ${variant}` })
    await refusal.getByRole('button', { name: '重新签名' }).click()
    await expect(refusal).toBeHidden()
  }
  await expect(board).toBeHidden()
  await askForCode(page)
  await frame.getByPlaceholder('请输入验证码').fill(await readSmsCode(page, legal.phone))
  await snap(page, `${prefix}-sign-ready`)
  await frame.getByRole('button', { name: '确认签署' }).click()
}

test('the legal representative changes the unit name through /seal-change and renews through /seal-renewal; old certificates revoked, new ones issued', async ({ page }) => {
  test.setTimeout(600_000)
  // The operator registers the unit with 20-day certificates (a trial), and the legal representative applies
  // for the unit seal and the contract seal through the new wizard.
  await registerInSandbox(page.request, unit, oldName)
  await setConfig(page.request, 'unitSealValidDays', 20, `unit:${socialCreditCode}`)
  await applyForUnitSeals(page, unit, PIN)
  const made = await unitSeals(page)
  const official = made.list.find((seal) => seal.sealTypeCode === '01')!
  const contract = made.list.find((seal) => seal.sealTypeCode === '04')!

  // CHANGE, /seal-change: the tips, the four steps, 立即变更 and the seal to change.
  await registerInSandbox(page.request, unit, newName)
  const revokedBeforeChange = await revokedCount(page)
  await page.goto('/seal-change')
  await expect(page.getByText('温馨提示')).toBeVisible()
  await expect(page.getByText('4 授权关系管理')).toBeVisible()
  await snap(page, 'older-change-0-intro')
  await page.getByRole('button', { name: '立即变更' }).click()
  const chooser = page.locator('.older-chooser')
  await expect(chooser.getByText('请选择需要变更的印章')).toBeVisible()
  await snap(page, 'older-change-0-choose-seal')
  await chooser.getByText(oldName, { exact: true }).click()

  // Step 1 确认企业信息: the renamed unit's licence, the region; the new name takes every seal in effect.
  await expect(page).toHaveURL(/\/seal-change\/step-1\?sealId=/)
  await expect(page.getByPlaceholder('请输入单位名称')).toHaveValue(oldName)
  await expect(page.getByRole('checkbox', { name: '单位公章', exact: true })).toHaveAttribute('aria-disabled', 'true')
  await snap(page, 'older-change-1-unit')
  // Nothing changed yet: the change check answers the older pages' words.
  const licence = await renderBusinessLicence({ unitName: oldName, socialCreditCode, legalName: legal.name })
  await page.getByLabel('上传营业执照', { exact: true }).setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licence })
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(1, { timeout: 60_000 })
  await chooseRegion(page)
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page.getByText('检查到信息未发生更新，不可进行变更，请返回确认信息')).toBeVisible()
  await snap(page, 'older-change-1-nothing-changed')
  await page.getByRole('button', { name: '返回确认' }).click()

  const renamed = await renderBusinessLicence({ unitName: newName, socialCreditCode, legalName: legal.name })
  await page.getByLabel('上传营业执照', { exact: true }).setInputFiles({ name: 'licence-new.png', mimeType: 'image/png', buffer: renamed })
  await expect(page.getByPlaceholder('请输入单位名称')).toHaveValue(newName, { timeout: 30_000 })
  const picker = page.getByRole('region', { name: '业务信息' })
  await expect(picker.getByText('单位名称变更需同时变更本单位全部有效印章')).toBeVisible()
  await expect(picker.getByRole('checkbox', { name: '合同专用章', exact: true })).toHaveAttribute('aria-checked', 'true')
  await snap(page, 'older-change-1-renamed')
  await page.getByRole('button', { name: '下一步' }).click()

  // Step 2 验证身份: his ID card and phone, his face, the unit verification.
  await expect(page).toHaveURL(/\/seal-change\/step-2\?sealId=.*&id=/)
  await legalIdentity(page, 2)
  await snap(page, 'older-change-2-identity')
  await page.getByRole('button', { name: '下一步' }).click()
  await page.getByRole('button', { name: '开始识别' }).click()

  // Step 3 设置印章密码 (change type 3: every seal's picture), then 授权关系管理.
  await expect(page).toHaveURL(/\/seal-change\/step-3\/3\?/, { timeout: 60_000 })
  // Each chosen type has one record among the unit's seal records, so step 3-1 was passed by; opened, it says so.
  await page.goto(page.url().replace('/step-3/3', '/step-3-1/3'))
  await expect(page.getByText('所选印章均已对应唯一的印章记录，无需确认。')).toBeVisible({ timeout: 30_000 })
  await snap(page, 'older-change-3-1-seal-codes')
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page).toHaveURL(/\/seal-change\/step-3\/3\?/)
  await page.getByLabel(new RegExp(`^上传(单位公章|${newName})印模照片$`)).first().setInputFiles(await impressionPhoto(newName, '01'))
  await page.getByLabel(/上传.*合同专用章.*印模照片/).first().setInputFiles(await impressionPhoto(newName, '04'))
  await expect(page.getByText('印模提取成功')).toHaveCount(2, { timeout: 60_000 })
  await page.getByRole('textbox', { name: '印章密码', exact: true }).fill(PIN)
  await page.getByRole('textbox', { name: '确认印章密码', exact: true }).fill(PIN)
  await snap(page, 'older-change-3-pictures')
  await page.getByRole('button', { name: '下一步' }).click()

  await expect(page).toHaveURL(/\/seal-change\/step-4\?/, { timeout: 30_000 })
  await expect(page.getByText('所选印章暂无授权人员。')).toBeVisible()
  await snap(page, 'older-change-4-authorisations')
  await page.getByRole('button', { name: '签署并提交' }).click()
  await signInFrame(page, 'older-change-4')
  await expect(page).toHaveURL(/\/new\/seal-result\?id=/, { timeout: 60_000 })
  await expect(page.getByText('申请通过')).toBeVisible({ timeout: 30_000 })
  await snap(page, 'older-change-5-result')

  // Both seals reissued under the new name, the two old certificates on the CRL.
  const changed = await unitSeals(page)
  expect(changed.businessName).toBe(newName)
  expect(changed.list.find((seal) => seal.id === contract.id)).toMatchObject({ sealName: `${newName}合同专用章` })
  expect(await revokedCount(page)).toBe(revokedBeforeChange + 2)

  // RENEWAL, /seal-renewal: the trial is over (renewed certificates get the standard validity).
  await resetConfig(page.request, 'unitSealValidDays', `unit:${socialCreditCode}`)
  const before = changed.list.find((seal) => seal.id === official.id)!
  const revokedBeforeRenewal = await revokedCount(page)
  await page.goto('/seal-renewal/step-1')
  await expect(page.getByText('请选择需要续期的印章')).toBeVisible()
  await snap(page, 'older-renewal-0-choose-seal')
  await page.getByText(newName, { exact: true }).click()

  await expect(page).toHaveURL(/\/seal-renewal\/step-1\?sealId=/)
  await expect(page.getByPlaceholder('请输入单位名称')).toHaveValue(newName)
  await page.getByLabel('上传营业执照', { exact: true }).setInputFiles({ name: 'licence-new.png', mimeType: 'image/png', buffer: renamed })
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(1, { timeout: 60_000 })
  await chooseRegion(page)
  await legalIdentity(page, 3)
  await snap(page, 'older-renewal-1-identity')
  await page.getByRole('button', { name: '下一步' }).click()
  await page.getByRole('button', { name: '开始识别' }).click()

  // Step 2 选择印章: the seal being renewed locked, the contract seal among 可续期印章 (about to expire).
  await expect(page).toHaveURL(/\/seal-renewal\/step-2\?/, { timeout: 60_000 })
  const renewing = page.getByRole('region', { name: '续期印章', exact: true })
  await expect(renewing.getByRole('checkbox')).toBeChecked()
  await expect(renewing.getByRole('checkbox')).toBeDisabled()
  const renewable = page.getByRole('region', { name: '可续期印章' })
  await expect(renewable.getByText('建议同时续期即将到期的印章')).toBeVisible()
  await expect(renewable.getByText('即将到期', { exact: true })).toBeVisible()
  await renewable.getByText(`${newName}合同专用章`).click()
  await snap(page, 'older-renewal-2-choose-seals')
  await page.getByRole('button', { name: '下一步' }).click()
  await signInFrame(page, 'older-renewal-2')

  // Step 3: 操作成功 / 电子印章已续期, 回到首页.
  await expect(page).toHaveURL(/\/seal-renewal\/step-3\?id=/, { timeout: 60_000 })
  await expect(page.getByText('电子印章已续期')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('操作成功')).toBeVisible()
  await snap(page, 'older-renewal-3-done')
  const renewed = (await unitSeals(page)).list.find((seal) => seal.id === official.id)!
  expect(renewed.certEndTime).toBeGreaterThan(before.certEndTime + 365 * 86_400_000)
  expect(await revokedCount(page)).toBe(revokedBeforeRenewal + 2)
  await page.getByRole('button', { name: '回到首页' }).click()
  await expect(page).toHaveURL(/\/home/)
})
