import { expect, test, type Page } from '@playwright/test'
import { idCardPictures } from './personal-seal-support.ts'
import { adminToken, expectNoHorizontalOverflow, loginPersonal, newPerson, pdfsigTrustingOurCa, registerRealName, snap } from './support.ts'
import { newUnit, type OwnUnit } from './unit-apply-support.ts'

/** A unit of this journey's own; its seals are made as offline materials make them: waiting for activation. */
const unit = newUnit('示例激活科技有限公司', '韩激活')
const SEAL_PASSWORD = 'act2026ok'

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('seal.token') ?? '')

/** The operator's sandbox call standing in for an approved offline application: one seal of the unit, waiting. */
async function pendingSeal(page: Page, owner: OwnUnit, sealTypeCode: string) {
  const answer = await page.request.post('/api/admin/sandbox/pending-seals', {
    headers: { authorization: `Bearer ${adminToken()}` },
    data: { socialCreditCode: owner.socialCreditCode, unitName: owner.unitName, legalPersonName: owner.legal.name, legalPersonIdentityNo: owner.legal.identityNo, legalTel: owner.legal.phone, sealTypeCode },
  })
  const body = await answer.json()
  expect(body.resultStatus, body.responseInfo).toBe('00')
  return body.data as { sealId: string; sealName: string }
}

test('the legal representative activates a seal made from offline materials with his ID card and a new password, then seals a PDF with it', async ({ page }) => {
  test.setTimeout(240_000)
  const official = await pendingSeal(page, unit, '01')
  const contract = await pendingSeal(page, unit, '04')
  // The unit's record knows him by this phone: the carrier's real-name check verifies him as he logs in.
  await registerRealName(page.request, unit.legal)
  await loginPersonal(page, { phone: unit.legal.phone })

  // The seal list: both seals wait for activation, first group, each with 去激活.
  await page.goto('/seal-preview-list/company')
  const officialCard = page.getByRole('article', { name: official.sealName, exact: true })
  await expect(officialCard).toContainText('待激活')
  await expect(officialCard.getByRole('button', { name: '去激活' })).toBeVisible()
  await expect(officialCard.getByRole('button', { name: '修改密码' })).toHaveCount(0)
  await snap(page, 'activation-1-seal-list')

  // The intro and the list of seals to activate.
  await page.goto('/seal-activate/seal-list')
  await expect(page.getByText('您有 2 枚电子印章待激活')).toBeVisible()
  await snap(page, 'activation-2-intro')
  await page.getByRole('button', { name: '开始激活' }).click()
  await expect(page).toHaveURL(/\/seal-activate\/list$/)
  await expect(page.getByRole('article')).toHaveCount(2)
  await expect(page.getByRole('article', { name: contract.sealName, exact: true })).toContainText('合同专用章')
  await expectNoHorizontalOverflow(page)
  await snap(page, 'activation-3-list')

  // Step 1 from the seal list's card: someone else's card is refused, his own is read and accepted.
  await page.goto('/seal-preview-list/company')
  await officialCard.getByRole('button', { name: '去激活' }).click()
  await expect(page).toHaveURL(new RegExp(`/seal-active/step-1\\?sealId=${official.sealId}$`))
  await expect(page.getByRole('article', { name: official.sealName, exact: true })).toBeVisible()
  const stranger = await idCardPictures(newPerson('李娜'))
  await page.getByLabel('上传法定代表人身份证人像面', { exact: true }).setInputFiles(stranger.front)
  await expect(page.getByText('上传证件信息与当前法人身份信息不一致，请重新上传！').first()).toBeVisible({ timeout: 60_000 })
  await snap(page, 'activation-4-step-1-wrong-card')
  const own = await idCardPictures(unit.legal)
  await page.getByLabel('上传法定代表人身份证人像面', { exact: true }).setInputFiles(own.front)
  await page.getByLabel('上传法定代表人身份证国徽面', { exact: true }).setInputFiles(own.back)
  await expect(page.locator('.activation-photo-status-ok')).toHaveCount(2, { timeout: 60_000 })
  await expectNoHorizontalOverflow(page)
  await snap(page, 'activation-5-step-1')
  await page.getByRole('button', { name: '下一步' }).click()

  // Step 2: the shared password rule, then activation.
  await expect(page).toHaveURL(/\/seal-active\/step-2$/)
  await page.getByPlaceholder('请输入印章密码').fill('12345678')
  await page.getByRole('button', { name: '确认激活' }).click()
  await expect(page.getByText('请输入6-16位密码（数字/字母/特殊符号任意两种）')).toBeVisible()
  await page.getByPlaceholder('请输入印章密码').fill(SEAL_PASSWORD)
  await page.getByPlaceholder('请再次输入印章密码').fill(SEAL_PASSWORD)
  await snap(page, 'activation-6-step-2')
  await page.getByRole('button', { name: '确认激活' }).click()
  await expect(page.getByText('电子印章已激活')).toBeVisible()
  await snap(page, 'activation-7-done')

  // In effect now: the card offers 修改密码, the list of seals to activate holds only the contract seal.
  await page.goto('/seal-preview-list/company')
  await expect(officialCard).toContainText('生效中')
  await expect(officialCard.getByRole('button', { name: '修改密码' })).toBeVisible()
  await page.goto('/seal-activate/list')
  await expect(page.getByRole('article')).toHaveCount(1)

  // The activated seal seals a PDF with the new password; pdfsig trusts it and names the unit's seal.
  const auth = { authorization: `Bearer ${await tokenOf(page)}` }
  const manual = await page.request.get('/api/configs/operation/manual')
  const uploaded = await page.request.post('/api/file/upload', { headers: auth, multipart: { file: { name: '采购合同.pdf', mimeType: 'application/pdf', buffer: await manual.body() } } })
  const sealed = await (await page.request.post('/api/seal/signDocument', { headers: auth, data: { sealId: official.sealId, pin: SEAL_PASSWORD, fileId: (await uploaded.json()).data.fileId } })).json()
  expect(sealed.resultStatus, sealed.responseInfo).toBe('00')
  const signed = await page.request.get(`/api/file/download/${sealed.data.fileId}`, { headers: auth })
  const [signature] = await pdfsigTrustingOurCa(page.request, await signed.body())
  expect(signature).toMatchObject({ valid: true, trusted: true, commonName: expect.stringContaining(unit.unitName) })

  // The contract seal, still waiting, seals nothing.
  const refused = await (await page.request.post('/api/seal/signDocument', { headers: auth, data: { sealId: contract.sealId, pin: SEAL_PASSWORD, fileId: (await uploaded.json()).data.fileId } })).json()
  expect(refused.responseInfo).toBe('印章尚未激活')

  // /seal-pending-active-no-make/step-1 is the same step, titled 电子印章激活.
  await page.goto(`/seal-pending-active-no-make/step-1?sealId=${contract.sealId}`)
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('电子印章激活')
  await expect(page.getByRole('article', { name: contract.sealName, exact: true })).toBeVisible()
  await snap(page, 'activation-8-no-make-step-1')
})
