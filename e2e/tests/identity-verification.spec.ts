import { expect, test } from '@playwright/test'
import { handOf, writeOnBoard } from './personal-seal-support.ts'
import { loginPersonal, newPerson, readSmsCode, registerRealName, snap } from './support.ts'
import { legalSetsPin, newUnit, operatorAppliesForUnitSeal, registerInSandbox } from './unit-apply-support.ts'

/**
 * Identity is verified, never declared (issue #19 §1): the real-name check of phone, name and ID number at
 * registration; a squatter who typed a legal representative's ID number first holds nothing and loses it.
 */

test('a phone whose carrier record names someone else is refused at registration, with a message that says so', async ({ page }) => {
  const owner = newPerson('柳实名')
  await registerRealName(page.request, owner)
  const impostor = newPerson('柳冒名')
  await page.goto('/login')
  await page.getByPlaceholder('请输入手机号').fill(owner.phone)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page, owner.phone))
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await page.getByPlaceholder('请输入真实姓名').fill(impostor.name)
  await page.getByPlaceholder('请输入18位身份证号').fill(impostor.identityNo)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.getByText('手机号与姓名、身份证号不一致，请核对，或使用本人实名登记的手机号')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
  await snap(page, 'identity-1-mismatch-refused')
  // The typed details stay, so the person can correct them; the right ones go through with the same code.
  await expect(page.getByPlaceholder('请输入真实姓名')).toHaveValue(impostor.name)
  await page.getByPlaceholder('请输入真实姓名').fill(owner.name)
  await page.getByPlaceholder('请输入18位身份证号').fill(owner.identityNo)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/home/)
})

test('a squatter who typed the legal representative’s ID number first sees no to-do and loses the number when the real one logs in', async ({ page, browser }) => {
  test.setTimeout(300_000)
  const unit = newUnit('示例防冒用科技有限公司', '柏法人')
  await registerInSandbox(page.request, unit)

  // The squatter registers first from a phone the carrier has no record of: unverified.
  const squatterContext = await browser.newContext()
  const squatter = await squatterContext.newPage()
  await loginPersonal(squatter, { phone: newPerson().phone, name: unit.legal.name, identityNo: unit.legal.identityNo, verified: false })
  await expect(squatter.getByText(/您尚未通过实名核验/)).toBeVisible()
  await snap(squatter, 'identity-2-squatter-home-unverified')

  // An operator applies for the unit; the application waits for the legal representative's signature.
  await operatorAppliesForUnitSeal(page, unit)
  await squatter.goto('/agency-center')
  await expect(squatter.getByText('暂无待办事项')).toBeVisible()
  await snap(squatter, 'identity-2-squatter-no-to-do')

  // The real legal representative logs in with his own phone: verified, and the number is his.
  const legalContext = await browser.newContext()
  const legal = await legalContext.newPage()
  await loginPersonal(legal, unit.legal)
  await legal.goto('/agency-center')
  const item = legal.locator('.agency-card', { hasText: unit.unitName })
  await expect(item).toContainText('待处理')
  await snap(legal, 'identity-3-legal-todo')

  // The squatter's session is over.
  await squatter.reload()
  await expect(squatter).toHaveURL(/\/login/)
  await snap(squatter, 'identity-4-squatter-logged-out')

  // He signs: the code goes to his verified phone.
  await item.locator('.agency-card-open').click()
  await legal.getByRole('button', { name: '签署授权' }).click()
  await expect(legal).toHaveURL(/\/new\/seal\/sign\?.*from=agency/)
  await legal.getByText('点击此处手写签名').click()
  await writeOnBoard(legal, legal.getByLabel('签名区域'), handOf(20261127), 1)
  await legal.getByRole('button', { name: '确定' }).click()
  await legal.getByRole('button', { name: '获取验证码' }).click()
  await legal.getByPlaceholder('请输入验证码').fill(await readSmsCode(legal, unit.legal.phone))
  // He sets the seal's PIN himself (the operator never knew it).
  await legalSetsPin(legal, 'seal2026')
  await legal.getByRole('button', { name: '确认签署' }).click()
  await expect(legal).toHaveURL(/\/agency-center\/result\?id=/, { timeout: 60_000 })
  await snap(legal, 'identity-5-legal-signed')
  await squatterContext.close()
  await legalContext.close()
})
