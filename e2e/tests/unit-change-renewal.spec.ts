import { execFileSync } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { renderBusinessLicence } from '../../apps/server/src/identity/test-images/business-licence.ts'
import { handOf, writeOnBoard } from './personal-seal-support.ts'
import { impressionPhoto, newUnit, registerInSandbox, unitEvidence } from './unit-apply-support.ts'
import { askForCode, loginPersonal, pdfsigTrustingOurCa, readSmsCode, resetConfig, setConfig, snap } from './support.ts'

/**
 * Journey (d) of issue #10: CHANGE of the unit name and RENEWAL of a unit seal through the new wizard,
 * each to its result, the old certificate revoked. A unit of its own (registered in the sandbox
 * enterprise registry through the operator call, as an operator would) so no other journey meets it.
 */
const oldName = '示例旧名咨询有限公司'
const unit = newUnit(oldName, '钱文变')
const { legal, socialCreditCode } = unit
const newName = '示例新名咨询有限公司'
const PIN = 'seal2026'

/** How many certificates the published CRL lists. */
async function revokedCount(page: Page): Promise<number> {
  const crl = await (await page.request.get('/api/trust/crl')).body()
  const text = execFileSync('openssl', ['crl', '-inform', 'DER', '-noout', '-text'], { input: crl }).toString()
  return (text.match(/Serial Number:/g) ?? []).length
}

/**
 * Face check, the impression photos (unit seal and contract seal: the unit holds both, and a new name
 * changes both) and passwords at step 2, then the legal representative signs; ends on the result page.
 */
async function verifySetUpAndSign(page: Page, unitName: string, prefix: string, face = true, renewal = false) {
  await page.getByRole('button', { name: '下一步' }).click()
  if (face) await page.getByRole('button', { name: '开始识别' }).click()
  if (renewal) {
    // A renewal keeps the seal's picture and password: step 2 asks for neither.
    await expect(page.getByText('续期只更新印章证书的有效期，印章图片和印章密码保持不变。')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('textbox', { name: '印章密码', exact: true })).toHaveCount(0)
  } else {
    await expect(page.getByText('印章图片').first()).toBeVisible({ timeout: 30_000 })
    await page.getByLabel(new RegExp(`^上传(单位公章|${unitName})印模照片$`)).first().setInputFiles(await impressionPhoto(unitName, '01'))
    await page.getByLabel(/上传.*合同专用章.*印模照片/).first().setInputFiles(await impressionPhoto(unitName, '04'))
    await expect(page.getByText('印模提取成功')).toHaveCount(2, { timeout: 60_000 })
    await page.getByRole('textbox', { name: '印章密码', exact: true }).fill(PIN)
    await page.getByRole('textbox', { name: '确认印章密码', exact: true }).fill(PIN)
  }
  await snap(page, `${prefix}-2-seal-setup`)
  await page.getByRole('button', { name: '下一步' }).click()

  await expect(page).toHaveURL(/\/new\/seal\/sign\?/)
  await expect(page.getByRole('img', { name: '第1页' }).first()).toBeVisible({ timeout: 30_000 })
  await snap(page, `${prefix}-3-documents`)
  await page.getByText('点击此处手写签名').click()
  // The comparison with the earlier signatures weighs the pace of the pen, which a loaded test machine can
  // upset: like a person, the legal representative may write it again, at most three times.
  const board = page.getByLabel('签名区域')
  const refusal = page.getByRole('dialog').filter({ hasText: '识别不通过' })
  for (const variant of [1, 2, 3]) {
    await writeOnBoard(page, board, handOf(20261125), variant)
    await page.getByRole('button', { name: '确定' }).click()
    await expect(async () => expect((await refusal.isVisible()) || !(await board.isVisible())).toBe(true)).toPass({ timeout: 60_000 })
    if (!(await refusal.isVisible())) break
    test.info().annotations.push({ type: 'genuine signature refused', description: `${prefix} variant ${variant}` })
    await refusal.getByRole('button', { name: '重新签名' }).click()
    await expect(refusal).toBeHidden()
  }
  await expect(board).toBeHidden()
  await askForCode(page)
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page, legal.phone))
  await snap(page, `${prefix}-3-sign`)
  await page.getByRole('button', { name: '确认签署' }).click()
  await expect(page).toHaveURL(/\/new\/seal-result\?id=/, { timeout: 60_000 })
  await expect(page.getByText('申请通过')).toBeVisible({ timeout: 30_000 })
  // 签署成功 does not linger over the result.
  await expect(page.getByText('签署成功')).toHaveCount(0)
  await snap(page, `${prefix}-4-result`)
}

/** The unit's seals as the legal representative's list answers them. */
async function heldSeals(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('seal.token') ?? '')
  const auth = { authorization: `Bearer ${token}` }
  const list = await (await page.request.post('/api/seal/queryGroupByBusiness', { headers: auth, data: { needPic: false } })).json()
  const groups: { businessName: string; socialCreditCode: string; list: { id: string; sealName: string; sealTypeCode: string; certEndTime: number; blnWillExpires: boolean; canRenewal: boolean }[] }[] = list.data
  return { auth, group: groups.find((g) => g.socialCreditCode === socialCreditCode)! }
}

async function openSealMenu(page: Page, unitName: string) {
  await page.goto('/home')
  await page.getByText('管理我的印章').click()
  // A personal login opens on 个人名章; the unit's seals are under 电子印章.
  await page.getByRole('tab', { name: '电子印章' }).click()
  await expect(page.getByRole('tab', { name: '电子印章' })).toHaveAttribute('aria-selected', 'true')
  const card = page.locator('.seal-card', { hasText: unitName }).first()
  await expect(card).toBeVisible()
  return card
}

test('a unit changes its name and renews its seal through the new wizard; the old certificates are revoked', async ({ page }) => {
  test.setTimeout(480_000)
  // The operator registers the unit, and gives it 20-day certificates (a trial), so its seal is soon due for renewal.
  await registerInSandbox(page.request, unit, oldName)
  await setConfig(page.request, 'unitSealValidDays', 20, `unit:${socialCreditCode}`)

  // The legal representative applies for the unit seal and the contract seal (as journey (a)).
  await loginPersonal(page, legal)
  await page.goto('/new/seal/flow?businessType=APPLY&applicatKind=LEGAL_APPLY')
  await page.getByRole('button', { name: '开始申请' }).click()
  await page.getByRole('button', { name: '确定' }).click()
  await unitEvidence(page, unit, oldName)
  await expect(page.getByPlaceholder('请输入单位名称')).toHaveValue(oldName)
  await page.getByPlaceholder('请输入法人手机号').fill(legal.phone)
  await expect(page.getByRole('checkbox', { name: /单位公章（必选）/ })).toHaveAttribute('aria-checked', 'true')
  await page.getByRole('button', { name: '更多' }).click()
  await page.getByRole('checkbox', { name: '合同专用章' }).click()
  await verifySetUpAndSign(page, oldName, 'unit-change-0-apply')

  const made = await heldSeals(page)
  expect(made.group.businessName).toBe(oldName)
  const seal = made.group.list.find((s) => s.sealTypeCode === '01')!
  const contract = made.group.list.find((s) => s.sealTypeCode === '04')!
  expect(seal.blnWillExpires).toBe(true)

  // CHANGE: 查看详情 → 印章变更 opens the wizard for the seal, prefilled from it.
  const revokedBeforeChange = await revokedCount(page)
  await (await openSealMenu(page, oldName)).getByText('查看详情').click()
  await snap(page, 'unit-change-1-detail-menu')
  await page.getByText('印章变更').click()
  await expect(page).toHaveURL(/\/new\/seal\/home\?businessType=CHANGE&applicatKind=LEGAL_APPLY&sealId=/)
  await expect(page.getByPlaceholder('请输入单位名称')).toHaveValue(oldName)
  await expect(page.getByPlaceholder('请输入统一社会信用代码')).toHaveValue(socialCreditCode)
  // The seal being changed is chosen and locked, and not marked （已申请）.
  const chosen = page.getByRole('checkbox', { name: '单位公章', exact: true })
  await expect(chosen).toHaveAttribute('aria-checked', 'true')
  await expect(chosen).toHaveAttribute('aria-disabled', 'true')
  await snap(page, 'unit-change-1-prefilled')
  await page.getByRole('region', { name: '业务信息' }).scrollIntoViewIfNeeded()
  await snap(page, 'unit-change-1-picker')

  // Nothing changed yet: the server answers 001 §5's words for the legal representative.
  await unitEvidence(page, unit, oldName)
  await page.getByRole('button', { name: '下一步' }).click()
  await page.getByRole('button', { name: '开始识别' }).click()
  await expect(page.getByText('企业名称与法人姓名未发生变化，无需变更')).toBeVisible({ timeout: 30_000 })
  await snap(page, 'unit-change-1-nothing-changed')

  // The unit was renamed: the registry knows the new name (the operator records it), the new licence shows it.
  await registerInSandbox(page.request, unit, newName)
  const licence = await renderBusinessLicence({ unitName: newName, socialCreditCode, legalName: legal.name })
  await page.getByLabel('上传营业执照', { exact: true }).setInputFiles({ name: 'licence-new.png', mimeType: 'image/png', buffer: licence })
  await expect(page.getByPlaceholder('请输入单位名称')).toHaveValue(newName, { timeout: 30_000 })
  await snap(page, 'unit-change-1-renamed')
  // A new name is in every seal: the contract seal joins the change, chosen and locked, and the picker says why.
  const picker = page.getByRole('region', { name: '业务信息' })
  await picker.scrollIntoViewIfNeeded()
  await expect(picker.getByText('单位名称变更需同时变更本单位全部有效印章')).toBeVisible()
  const joined = picker.getByRole('checkbox', { name: '合同专用章', exact: true })
  await expect(joined).toHaveAttribute('aria-checked', 'true')
  await expect(joined).toHaveAttribute('aria-disabled', 'true')
  await snap(page, 'unit-change-1-renamed-picker')
  // The face check passed a moment ago for this application: the verification runs at once.
  await verifySetUpAndSign(page, newName, 'unit-change', false)

  // The list names the unit anew; the certificate the seal had is on the CRL; a PDF sealed now names the new unit.
  const card = await openSealMenu(page, newName)
  await expect(card.locator('img')).toHaveJSProperty('complete', true)
  await snap(page, 'unit-change-5-seal-list')
  // Both seals were reissued under the new name: two certificates revoked.
  expect(await revokedCount(page)).toBe(revokedBeforeChange + 2)
  const changed = await heldSeals(page)
  expect(changed.group.businessName).toBe(newName)
  expect(changed.group.list.find((s) => s.id === contract.id)).toMatchObject({ sealName: `${newName}合同专用章` })
  const pdf = await page.request.get('/api/configs/operation/manual')
  const uploaded = await page.request.post('/api/file/upload', { headers: changed.auth, multipart: { file: { name: 'doc.pdf', mimeType: 'application/pdf', buffer: await pdf.body() } } })
  const sealed = await (await page.request.post('/api/seal/signDocument', { headers: changed.auth, data: { sealId: seal.id, pin: PIN, fileId: (await uploaded.json()).data.fileId } })).json()
  expect(sealed.resultStatus).toBe('00')
  const signedPdf = await page.request.get(`/api/file/download/${sealed.data.fileId}`, { headers: changed.auth })
  const [signature] = await pdfsigTrustingOurCa(page.request, await signedPdf.body())
  expect(signature).toMatchObject({ valid: true, trusted: true, commonName: expect.stringContaining(newName) })
  expect(signature!.commonName).not.toContain(oldName)

  // RENEWAL: the seal is in effect and the unit no administrative or public institution (06), so the renewal
  // rule (/seal/canRenewal) allows it and 印章续期 is offered; it still ends within 30 days (a change keeps
  // the end date). The operator has ended the trial: renewed certificates get the standard validity.
  const before = changed.group.list.find((s) => s.id === seal.id)!
  expect(before).toMatchObject({ canRenewal: true, blnWillExpires: true })
  await resetConfig(page.request, 'unitSealValidDays', `unit:${socialCreditCode}`)
  const revokedBeforeRenewal = await revokedCount(page)
  await card.getByText('查看详情').click()
  await page.getByText('印章续期').click()
  await expect(page).toHaveURL(/\/new\/seal\/home\?businessType=RENEWAL&applicatKind=LEGAL_APPLY&sealId=/)
  await expect(page.getByPlaceholder('请输入单位名称')).toHaveValue(newName)
  await unitEvidence(page, unit, newName)
  await snap(page, 'unit-renewal-1-unit-info')
  await verifySetUpAndSign(page, newName, 'unit-renewal', true, true)

  const renewed = (await heldSeals(page)).group.list.find((s) => s.id === seal.id)!
  expect(renewed.certEndTime).toBeGreaterThan(before.certEndTime + 365 * 86_400_000)
  expect(renewed.blnWillExpires).toBe(false)
  expect(await revokedCount(page)).toBe(revokedBeforeRenewal + 1)
  await openSealMenu(page, newName)
  await snap(page, 'unit-renewal-5-seal-list')
})
