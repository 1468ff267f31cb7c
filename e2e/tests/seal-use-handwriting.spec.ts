import { expect, test } from '@playwright/test'
import { handOf, writeOnBoard } from './personal-seal-support.ts'
import { acceptInOwnBrowser, grantFromDirectory, putInDirectory } from './seal-auth-support.ts'
import { contractPdf, confirmPopup, downloadSealed, pageSize, pickPdf, sealRedWhere, shownStampInPoints, tapPage } from './seal-use-support.ts'
import { newPerson, pdfsigTrustingOurCa, snap } from './support.ts'
import { applyForUnitSeals, newUnit, unitSealsOf } from './unit-apply-support.ts'

/** A unit of this journey's own, and the employee authorised to use its contract seal by handwriting. */
const unit = newUnit('示例签名用章有限公司', '韩法人')
const employee = newPerson('刘签名')
const SEAL_PASSWORD = 'seal2026'
const EMPLOYEE_HAND = 3021
const SOMEONE_ELSE = 77

test('issue #11 journey (b): an employee authorised with the handwriting method is refused a forged signature on the 用章 screen, and seals with their own', async ({ page, browser, request }) => {
  test.setTimeout(480_000)
  await applyForUnitSeals(page, unit, SEAL_PASSWORD)
  const contract = (await unitSealsOf(page)).find((seal) => seal.sealTypeCode === '04' && seal.status === '1')
  expect(contract).toBeTruthy()
  await putInDirectory(page, unit, [employee])

  // The legal representative grants the contract seal with the handwriting method; the employee accepts
  // in a browser of their own with five samples (no use password to set).
  await grantFromDirectory(page, { seal: contract!, employee, sealPassword: SEAL_PASSWORD, method: '签名用章', shots: 'hw' })
  const { staff, close } = await acceptInOwnBrowser(browser, { employee, seal: contract!, unitName: unit.unitName, hand: EMPLOYEE_HAND, shots: 'hw' })

  // Home → 用章 → the contract seal, the only seal they may use.
  await staff.goto('/home')
  await staff.getByRole('button', { name: /^用章/ }).click()
  const seals = staff.getByRole('list', { name: '可用印章' }).getByRole('button')
  await expect(seals).toHaveCount(1)
  await seals.first().click()
  await expect(staff.getByText('用章方式：签名用章')).toBeVisible()
  await snap(staff, 'hw-13-use-pick')
  const document = await contractPdf(request, '采购合同.pdf')
  const size = pageSize(document.buffer)
  await pickPdf(staff, document)
  await tapPage(staff, 1, { x: 0.3, y: 0.75 })
  // No handwriting beside a unit seal: that is a name seal holder's option.
  await expect(staff.getByRole('switch', { name: '同时加盖手写签名' })).toHaveCount(0)
  const placed = await shownStampInPoints(staff, 1, size)
  await snap(staff, 'hw-14-placed')

  // 确认用章 asks for the handwriting, not a password. Someone else's hand is refused, saying so.
  await staff.getByRole('button', { name: '确认用章' }).click()
  const popup = confirmPopup(staff)
  await expect(popup.getByRole('textbox')).toHaveCount(0)
  await writeOnBoard(staff, popup.getByLabel('签名区域'), handOf(SOMEONE_ELSE), 4)
  await popup.getByRole('button', { name: '确定' }).click()
  const refusal = staff.getByRole('dialog').filter({ hasText: '签名比对未通过，无法用章' })
  await expect(refusal).toBeVisible()
  await expect(refusal).toContainText('与之前的签名不一致')
  await snap(staff, 'hw-15-forged-refused')
  await refusal.getByRole('button', { name: '重新签名' }).click()
  await expect(refusal).toBeHidden()

  // Their own hand: compared with the five samples, it passes and the document is sealed at once. (The
  // comparison weighs the pace of the pen, which a loaded test machine can upset: like a person, the
  // employee may write it again, at most three times.)
  const sealedScreen = staff.getByText('用章成功')
  for (const variant of [9, 10, 11]) {
    await writeOnBoard(staff, popup.getByLabel('签名区域'), handOf(EMPLOYEE_HAND), variant)
    if (variant === 9) await snap(staff, 'hw-16-genuine')
    await popup.getByRole('button', { name: '确定' }).click()
    await expect(sealedScreen.or(refusal)).toBeVisible({ timeout: 60_000 })
    if (await sealedScreen.isVisible()) break
    test.info().annotations.push({ type: 'genuine signature refused', description: `variant ${variant}` })
    await refusal.getByRole('button', { name: '重新签名' }).click()
    await expect(refusal).toBeHidden()
  }
  await expect(sealedScreen).toBeVisible()
  await expect(staff.locator('.seal-use-sealed')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 })
  await snap(staff, 'hw-17-sealed')

  const sealed = await downloadSealed(staff)
  expect(sealed.name).toBe('采购合同（已签章）.pdf')
  const [signature] = await pdfsigTrustingOurCa(request, sealed.bytes)
  expect(signature).toMatchObject({ valid: true, trusted: true, commonName: expect.stringContaining(unit.unitName) })
  const red = await sealRedWhere(sealed.bytes, { page: 1, placed, pageSize: size, artefact: 'authorised-handwriting-page-1' })
  expect(red.placed.red).toBeGreaterThan(0.08)
  expect(red.elsewhere.red).toBe(0)
  await close()

  // The legal representative sees the use in 用章记录 under the employee's name.
  await page.goto(`/seal-use-record/company/${contract!.id}`)
  await expect(page.locator('.use-record-card', { hasText: '采购合同.pdf' })).toContainText(employee.name)
  await snap(page, 'hw-18-use-records')
})
