import { execFileSync } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import type { OrganizationSealTypeCode } from '@seal/seal/seal-kinds'
import { stampPhoto } from '../../packages/seal/test/stamp-photo.ts'
import { renderBusinessLicence } from '../../apps/server/src/identity/test-images/business-licence.ts'
import { handOf, idCardPictures, writeOnBoard } from './personal-seal-support.ts'
import { chooseRegion } from './unit-apply-support.ts'
import sharp from 'sharp'
import { adminToken, demo, expectNoHorizontalOverflow, loginEnterprise, loginPersonal, pdfsigTrustingOurCa, readSmsCode, snap } from './support.ts'

/** The demo legal representative's ID number (apps/server/src/seed.ts). */
const legalIdentityNo = '310104198506124562'

async function impressionPhoto(sealTypeCode: OrganizationSealTypeCode) {
  const { png } = await renderOrganizationSeal({ unitName: demo.unit.name, sealTypeCode, sealCode: '1101080012345' })
  return { name: `seal-${sealTypeCode}.jpg`, mimeType: 'image/jpeg', buffer: await stampPhoto({ seal: Buffer.from(png), stampFraction: 0.6, rotateDeg: 8 }) }
}

test('the demo legal representative applies for a unit seal and a contract seal, signs, and seals a PDF with them', async ({ page }) => {
  test.setTimeout(300_000)
  const pictures = await idCardPictures({ name: demo.legal.name, identityNo: legalIdentityNo })
  const licence = await renderBusinessLicence({ unitName: demo.unit.name, socialCreditCode: demo.unit.socialCreditCode, legalName: demo.legal.name })

  await loginEnterprise(page)
  await page.goto('/seal-apply')
  await page.getByText('我是法定代表人').click()
  await expect(page).toHaveURL(/\/new\/seal\/flow\?businessType=APPLY&applicatKind=LEGAL_APPLY/)
  await page.getByRole('button', { name: '开始申请' }).click()
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page).toHaveURL(/\/new\/seal\/home/)

  // Step 1: licence and ID card read by OCR fill the fields; the picker offers 01 (必选) and 更多.
  await page.getByLabel('上传营业执照', { exact: true }).setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licence })
  await expect(page.getByPlaceholder('请输入统一社会信用代码')).toHaveValue(demo.unit.socialCreditCode, { timeout: 30_000 })
  await page.getByLabel('上传法人身份证人像面', { exact: true }).setInputFiles(pictures.front)
  await page.getByLabel('上传法人身份证国徽面', { exact: true }).setInputFiles(pictures.back)
  // An enterprise login fills the unit and its legal representative at once; the pictures are read and kept.
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(3, { timeout: 60_000 })
  await expect(page.getByPlaceholder('请输入法人身份证号码')).toHaveValue(legalIdentityNo)
  await page.getByPlaceholder('请输入法人手机号').fill(demo.legal.phone)
  await chooseRegion(page)
  await expect(page.getByRole('checkbox', { name: /单位公章（必选）/ })).toHaveAttribute('aria-checked', 'true')
  await page.getByRole('button', { name: '更多' }).click()
  await page.getByRole('checkbox', { name: '合同专用章' }).click()
  await snap(page, 'unit-apply-1-unit-info')
  await page.getByRole('button', { name: '下一步' }).click()

  // The legal representative's face, then the four-element check passes and step 2 opens. The sheet fits
  // the phone, its button clear of the edge.
  await expect(page.getByRole('button', { name: '开始识别' })).toBeVisible()
  await page.waitForTimeout(400) // the sheet slides up
  await expectNoHorizontalOverflow(page, '.unit-face-popup', '.unit-face-popup .adm-button-primary')
  await snap(page, 'unit-apply-1-face-sheet')
  await page.getByRole('button', { name: '开始识别' }).click()
  await expect(page.getByText('印章图片').first()).toBeVisible({ timeout: 30_000 })

  // Step 2: an impression photo per seal is cut out; the passwords are set.
  for (const [code, name] of [['01', /单位公章|示例科技有限公司/], ['04', /合同专用章/]] as const) {
    await page.getByLabel(new RegExp(`上传.*(${name.source}).*印模照片`)).first().setInputFiles(await impressionPhoto(code))
  }
  await expect(page.getByText('印模提取成功')).toHaveCount(2, { timeout: 60_000 })
  await page.getByRole('textbox', { name: '印章密码', exact: true }).fill('seal2026')
  await page.getByRole('textbox', { name: '确认印章密码', exact: true }).fill('seal2026')
  await snap(page, 'unit-apply-2-seal-setup')
  await page.getByRole('button', { name: '下一步' }).click()

  // Signing: the documents, a handwritten signature, the SMS code to the legal representative's phone.
  await expect(page).toHaveURL(/\/new\/seal\/sign\?/)
  await snap(page, 'unit-apply-3-documents')
  await page.getByText('点击此处手写签名').click()
  await writeOnBoard(page, page.getByLabel('签名区域'), handOf(20261123), 1)
  await snap(page, 'unit-apply-3-signing')
  await page.getByRole('button', { name: '确定' }).click()
  await page.getByRole('button', { name: '获取验证码' }).click()
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page, demo.legal.phone))
  await snap(page, 'unit-apply-3-sign')
  await page.getByRole('button', { name: '确认签署' }).click()

  // Auto review in the sandbox makes both seals at once.
  await expect(page).toHaveURL(/\/new\/seal-result\?id=/, { timeout: 60_000 })
  await expect(page.getByText('申请通过')).toBeVisible({ timeout: 30_000 })
  await snap(page, 'unit-apply-4-result')

  // The record list shows it under 本人申请.
  await page.getByRole('button', { name: '申请记录' }).click()
  await expect(page.locator('.apply-record-card', { hasText: demo.unit.name }).first()).toContainText('申请通过')
  await snap(page, 'unit-apply-5-records')

  // Both seals are in the unit's list, with their pictures (home → 管理我的印章).
  await page.goto('/home')
  await page.getByText('管理我的印章').click()
  await expect(page).toHaveURL(/\/seal-preview-list\/company/)
  const unitSeal = page.locator('.seal-card', { hasText: demo.unit.name }).first()
  const contractCard = page.locator('.seal-card', { hasText: '合同专用章' }).first()
  await expect(contractCard).toBeVisible()
  await expect(unitSeal).toBeVisible()
  await expect(contractCard.locator('img')).toHaveJSProperty('complete', true)
  await snap(page, 'unit-apply-6-seal-list')

  // The contract seal seals a PDF that pdfsig trusts, its certificate naming the unit.
  const token = await page.evaluate(() => localStorage.getItem('seal.token') ?? '')
  const auth = { authorization: `Bearer ${token}` }
  const list = await (await page.request.post('/api/seal/queryGroupByBusiness', { headers: auth, data: { needPic: false } })).json()
  const held: { id: string; sealTypeCode: string; sealCode: string }[] = list.data.flatMap((group: { list: unknown[] }) => group.list)
  expect(held.map((seal) => seal.sealTypeCode).sort()).toEqual(['01', '04'])
  const contract = held.find((seal) => seal.sealTypeCode === '04')!
  const pdf = await page.request.get('/api/configs/operation/manual')
  const uploaded = await page.request.post('/api/file/upload', { headers: auth, multipart: { file: { name: 'doc.pdf', mimeType: 'application/pdf', buffer: await pdf.body() } } })
  const sealed = await page.request.post('/api/seal/signDocument', { headers: auth, data: { sealId: contract.id, pin: 'seal2026', fileId: (await uploaded.json()).data.fileId } })
  const sealedAnswer = await sealed.json()
  expect(sealedAnswer.resultStatus).toBe('00')
  const signedPdf = await page.request.get(`/api/file/download/${sealedAnswer.data.fileId}`, { headers: auth })
  const [signature] = await pdfsigTrustingOurCa(page.request, await signedPdf.body())
  expect(signature).toMatchObject({ valid: true, trusted: true, commonName: expect.stringContaining(demo.unit.name) })

  // (d) The contract seal is cancelled through the new wizard from its detail menu: the verified legal
  // representative of an ordinary enterprise finishes at once after step 1 (001 §4); the certificate is revoked.
  const revokedBefore = await revokedCount(page)
  await page.goto('/home')
  await page.getByText('管理我的印章').click()
  await page.locator('.seal-card', { hasText: '合同专用章' }).first().getByText('查看详情').click()
  await page.getByText('注销印章').click()
  await expect(page).toHaveURL(/\/new\/seal\/home\?businessType=CANCEL&applicatKind=LEGAL_APPLY&sealId=/)
  await expect(page.getByText('上传申请表')).toBeVisible()
  await page.getByLabel('上传营业执照', { exact: true }).setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licence })
  await page.getByLabel('上传法人身份证人像面', { exact: true }).setInputFiles(pictures.front)
  await page.getByLabel('上传法人身份证国徽面', { exact: true }).setInputFiles(pictures.back)
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(3, { timeout: 60_000 })
  await chooseRegion(page)
  await snap(page, 'unit-cancel-1-unit-info')
  await page.getByRole('button', { name: '下一步' }).click()
  await page.getByRole('button', { name: '开始识别' }).click()
  // Nothing is revoked before the summary (each seal by name and code) is confirmed.
  const summary = page.getByRole('dialog').filter({ hasText: '确认注销印章' })
  await expect(summary.getByRole('list', { name: '将注销的印章' })).toContainText(contract.sealCode, { timeout: 60_000 })
  await expect(summary).toContainText(`${demo.unit.name}合同专用章`)
  await snap(page, 'unit-cancel-2-confirm')
  expect(await revokedCount(page)).toBe(revokedBefore)
  await summary.getByRole('button', { name: '确认注销' }).click()
  await expect(page).toHaveURL(/\/new\/seal-result\?id=/, { timeout: 60_000 })
  await expect(page.getByText('申请通过')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('region', { name: '已注销的印章' })).toContainText('合同专用章')
  await snap(page, 'unit-cancel-3-result')
  const cancelled = await (await page.request.post('/api/seal/signDocument', { headers: auth, data: { sealId: contract.id, pin: 'seal2026', fileId: (await uploaded.json()).data.fileId } })).json()
  expect(cancelled.resultStatus).not.toBe('00')
  expect(await revokedCount(page)).toBe(revokedBefore + 1)
  await page.goto('/home')
  await page.getByText('管理我的印章').click()
  await expect(page.locator('.seal-card', { hasText: demo.unit.name }).first()).toBeVisible()
  await snap(page, 'unit-cancel-4-seal-list')
})

/** How many certificates the published CRL lists. */
async function revokedCount(page: Page): Promise<number> {
  const crl = await (await page.request.get('/api/trust/crl')).body()
  const text = execFileSync('openssl', ['crl', '-inform', 'DER', '-noout', '-text'], { input: crl }).toString()
  return (text.match(/Serial Number:/g) ?? []).length
}

/** The sandbox registry's unit whose four-element check cannot decide (40075; apps/server/src/identity/enterprise/sandbox-units.ts). */
const undecided = { unitName: '示例待核实商贸有限公司', socialCreditCode: '91320506MA1RE7W75Y', name: '周八', identityNo: '320506198709203451', phone: '13600000204' }

test('a 40075 verification and a twice-failed impression go to manual review, and a reviewer approves through the operator API', async ({ page }) => {
  test.setTimeout(300_000)
  const pictures = await idCardPictures({ name: undecided.name, identityNo: undecided.identityNo })
  const licence = await renderBusinessLicence({ unitName: undecided.unitName, socialCreditCode: undecided.socialCreditCode, legalName: undecided.name })
  // A photo with no seal on it: the extractor cannot find an impression.
  const blank = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#f4f1ea' } }).jpeg().toBuffer()
  const blankPhoto = { name: 'blank.jpg', mimeType: 'image/jpeg', buffer: blank }

  // The legal representative applies from a personal login.
  await loginPersonal(page, { phone: undecided.phone, name: undecided.name, identityNo: undecided.identityNo })
  await page.goto('/new/seal/flow?businessType=APPLY&applicatKind=LEGAL_APPLY')
  await page.getByRole('button', { name: '开始申请' }).click()
  await page.getByRole('button', { name: '确定' }).click()
  await page.getByLabel('上传营业执照', { exact: true }).setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licence })
  await page.getByLabel('上传法人身份证人像面', { exact: true }).setInputFiles(pictures.front)
  await page.getByLabel('上传法人身份证国徽面', { exact: true }).setInputFiles(pictures.back)
  await expect(page.locator('.unit-picture-status-ok')).toHaveCount(3, { timeout: 60_000 })
  await expect(page.getByPlaceholder('请输入统一社会信用代码')).toHaveValue(undecided.socialCreditCode)
  await page.getByPlaceholder('请输入法人手机号').fill(undecided.phone)
  await chooseRegion(page)
  await expect(page.getByRole('checkbox', { name: /单位公章（必选）/ })).toHaveAttribute('aria-checked', 'true')
  await page.getByRole('button', { name: '下一步' }).click()
  await page.getByRole('button', { name: '开始识别' }).click()

  // 40075: back to check, or continue to manual review.
  await expect(page.getByRole('button', { name: '返回检查' })).toBeVisible({ timeout: 30_000 })
  await snap(page, 'unit-review-1-40075')
  await page.getByRole('button', { name: '继续申请' }).click()
  await expect(page.getByText('上传印章图片')).toBeVisible({ timeout: 30_000 })

  // The first failed extraction offers a new photo; the second offers manual review.
  await page.getByLabel(/上传.*印模照片/).first().setInputFiles(blankPhoto)
  await expect(page.getByRole('button', { name: '重新上传' })).toBeVisible({ timeout: 30_000 })
  await snap(page, 'unit-review-2-extraction-failed')
  await page.getByRole('button', { name: '重新上传' }).click()
  await expect(page.getByRole('button', { name: '重新上传' })).toHaveCount(0)
  await page.getByLabel(/上传.*印模照片/).first().setInputFiles(blankPhoto)
  await expect(page.getByRole('button', { name: '提交人工审核' })).toBeVisible({ timeout: 30_000 })
  await snap(page, 'unit-review-3-manual-review-offer')
  await page.getByRole('button', { name: '提交人工审核' }).click()
  await expect(page.getByRole('button', { name: '提交人工审核' })).toHaveCount(0)
  await page.getByRole('textbox', { name: '印章密码', exact: true }).fill('seal2026')
  await page.getByRole('textbox', { name: '确认印章密码', exact: true }).fill('seal2026')
  await page.getByRole('button', { name: '下一步' }).click()

  // Step 3-1: the signed application form is uploaded, the declaration checked, submitted once.
  await expect(page.getByLabel('已签字的申请表')).toBeVisible({ timeout: 30_000 })
  await page.getByLabel('上传申请表').setInputFiles({ name: 'form.png', mimeType: 'image/png', buffer: licence })
  await expect(page.locator('.unit-form-files img')).toHaveCount(1, { timeout: 30_000 })
  // The truthfulness tick is a checkbox to assistive technology too.
  const truthful = page.getByRole('checkbox', { name: /本人承诺/ })
  await expect(truthful).not.toBeChecked()
  await page.locator('.unit-truthful').click()
  await expect(truthful).toBeChecked()
  await snap(page, 'unit-review-4-form')
  await page.getByRole('button', { name: '提交', exact: true }).click()
  await page.getByRole('button', { name: '确认提交' }).click()
  await expect(page).toHaveURL(/\/new\/seal-result\?id=/, { timeout: 30_000 })
  await expect(page.getByText('待审核')).toBeVisible()
  await snap(page, 'unit-review-5-pending')
  const applicationId = new URL(page.url()).searchParams.get('id')!

  // A reviewer finds it, sees the photo sent for review, and approves with a cut-out of their own.
  const admin = { authorization: `Bearer ${adminToken()}` }
  const queue = await (await page.request.get('/api/admin/applications?status=PENDING_REVIEW', { headers: admin })).json()
  expect(queue.data.records.map((r: { id: string }) => r.id)).toContain(applicationId)
  const detail = (await (await page.request.get(`/api/admin/applications/${applicationId}`, { headers: admin })).json()).data
  expect(detail.companyVerifyPass).toBe(false)
  const item = detail.sealInfo[0]
  expect(item.manualReview).toBe(true)
  const { png } = await renderOrganizationSeal({ unitName: undecided.unitName, sealTypeCode: '01', sealCode: '3205060000001' })
  const reviewed = await page.request.post(`/api/admin/applications/${applicationId}/review`, {
    headers: admin,
    data: { decisions: [{ itemId: item._id, approve: true, sealPicBase64: Buffer.from(png).toString('base64') }], note: '核对营业执照与申请表一致' },
  })
  expect((await reviewed.json()).resultStatus).toBe('00')

  // The result page follows (it asks again every 5 seconds).
  await expect(page.getByText('申请通过')).toBeVisible({ timeout: 20_000 })
  await snap(page, 'unit-review-6-approved')
})
