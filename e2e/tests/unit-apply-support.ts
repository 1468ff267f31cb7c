import { expect, type Page } from '@playwright/test'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { stampPhoto } from '../../packages/seal/test/stamp-photo.ts'
import { renderBusinessLicence } from '../../apps/server/src/identity/test-images/business-licence.ts'
import { handOf, idCardPictures, writeOnBoard } from './personal-seal-support.ts'
import { demo, readSmsCode } from './support.ts'

/** The demo legal representative's ID number and the seal password his applications set. */
export const demoLegalIdentityNo = '310104198506124562'
export const DEMO_SEAL_PASSWORD = 'seal2026'

/** A phone photo of an impression of the demo unit's seal of this type. */
export async function impressionPhoto(sealTypeCode: string) {
  const { png } = await renderOrganizationSeal({ unitName: demo.unit.name, sealTypeCode, sealCode: '1101080012345' })
  return { name: `seal-${sealTypeCode}.jpg`, mimeType: 'image/jpeg', buffer: await stampPhoto({ seal: Buffer.from(png), stampFraction: 0.6, rotateDeg: 8 }) }
}

export type HeldSeal = { id: string; sealTypeCode: string; sealName: string; status: string }

/** The demo unit's seals as its enterprise login sees them (POST /seal/queryGroupByBusiness). */
export async function demoUnitSeals(page: Page): Promise<HeldSeal[]> {
  const token = await page.evaluate(() => localStorage.getItem('seal.token') ?? '')
  const list = await (await page.request.post('/api/seal/queryGroupByBusiness', { headers: { authorization: `Bearer ${token}` }, data: { needPic: false } })).json()
  return list.data.flatMap((group: { list: HeldSeal[] }) => group.list)
}

/**
 * The demo legal representative (logged in as the enterprise) applies through the new wizard for a
 * contract seal — with the unit seal too when the unit has none (it is required then) — signs, and is
 * approved by the sandbox's automatic review. Ends on the result page showing 申请通过.
 */
export async function applyForDemoContractSeal(page: Page) {
  const pictures = await idCardPictures({ name: demo.legal.name, identityNo: demoLegalIdentityNo })
  const licence = await renderBusinessLicence({ unitName: demo.unit.name, socialCreditCode: demo.unit.socialCreditCode, legalName: demo.legal.name })
  await page.goto('/seal-apply')
  await page.getByText('我是法定代表人').click()
  await page.getByRole('button', { name: '开始申请' }).click()
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page).toHaveURL(/\/new\/seal\/home/)
  // A draft left by an earlier run is not continued.
  const draft = page.getByText('检测到您有暂存的数据，是否继续申请?')
  if (await draft.isVisible({ timeout: 2000 }).catch(() => false)) await page.getByRole('button', { name: '否' }).click()

  await page.getByLabel('上传营业执照', { exact: true }).setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licence })
  await expect(page.getByPlaceholder('请输入统一社会信用代码')).toHaveValue(demo.unit.socialCreditCode, { timeout: 30_000 })
  await page.getByLabel('上传法人身份证人像面', { exact: true }).setInputFiles(pictures.front)
  await page.getByLabel('上传法人身份证国徽面', { exact: true }).setInputFiles(pictures.back)
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(3, { timeout: 60_000 })
  await page.getByPlaceholder('请输入法人手机号').fill(demo.legal.phone)
  await page.locator('.region-picker-field').click()
  await page.getByRole('button', { name: '确定' }).click()
  await page.getByRole('button', { name: '更多' }).click()
  await page.getByRole('checkbox', { name: '合同专用章' }).click()
  await page.getByRole('button', { name: '下一步' }).click()
  await page.getByRole('button', { name: '开始识别' }).click()
  await expect(page.getByText('印章图片').first()).toBeVisible({ timeout: 30_000 })

  // One impression photo per seal the application names.
  const official = page.getByLabel(new RegExp(`^上传(单位公章|${demo.unit.name})印模照片$`))
  const withOfficial = (await official.count()) > 0
  if (withOfficial) await official.first().setInputFiles(await impressionPhoto('01'))
  await page.getByLabel(/上传.*合同专用章.*印模照片/).first().setInputFiles(await impressionPhoto('04'))
  await expect(page.getByText('印模提取成功')).toHaveCount(withOfficial ? 2 : 1, { timeout: 60_000 })
  await page.getByRole('textbox', { name: '法人用章密码', exact: true }).fill(DEMO_SEAL_PASSWORD)
  await page.getByRole('textbox', { name: '确认法人用章密码', exact: true }).fill(DEMO_SEAL_PASSWORD)
  await page.getByRole('button', { name: '下一步' }).click()

  await expect(page).toHaveURL(/\/new\/seal\/sign\?/)
  await page.getByText('点击此处手写签名').click()
  await writeOnBoard(page, page.getByLabel('签名区域'), handOf(20261123), 1)
  await page.getByRole('button', { name: '确定' }).click()
  await page.getByRole('button', { name: '获取验证码' }).click()
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page, demo.legal.phone))
  await page.getByRole('button', { name: '确认签署' }).click()
  await expect(page).toHaveURL(/\/new\/seal-result\?id=/, { timeout: 60_000 })
  await expect(page.getByText('申请通过')).toBeVisible({ timeout: 30_000 })
}
