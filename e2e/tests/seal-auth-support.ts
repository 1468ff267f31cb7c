import { expect, type Browser, type Page } from '@playwright/test'
import { handOf, writeOnBoard } from './personal-seal-support.ts'
import { adminToken, loginPersonal, readSmsCode, registerRealName, snap } from './support.ts'
import { LEGAL_HAND, type HeldSeal, type OwnUnit } from './unit-apply-support.ts'

/**
 * The authorisation journey of spec 000 §2 in the browser, step by step as people take it: the legal
 * representative grants a seal to an employee from the organisation directory and signs the letter; the
 * employee, in a browser of their own, accepts. Shared by the journeys that use an authorised seal
 * (unit-seal-authorisation.spec.ts with the password method, seal-use-handwriting.spec.ts with handwriting).
 */

export type Person = { name: string; phone: string; identityNo: string }

/** The unit's administrators maintain its organisation directory (the operator call stands in for the PC side). */
export async function putInDirectory(page: Page, unit: OwnUnit, people: Person[]) {
  const members = await page.request.post(`/api/admin/units/${unit.socialCreditCode}/members`, {
    headers: { authorization: `Bearer ${adminToken()}` },
    data: { members: people.map((p) => ({ name: p.name, phone: p.phone, identityNo: p.identityNo })) },
  })
  expect((await members.json()).data.added).toBe(people.length)
}

/**
 * The legal representative (logged in on `page`) authorises `employee` to use `seal` with the use method
 * `method` (its label on the form), signs the letter with his hand (the one he signed the application
 * with) and the seal password, and lands on 授权书已签署. Screens are kept as `${shots}-…`.
 */
export async function grantFromDirectory(
  page: Page,
  options: { seal: HeldSeal; employee: Person; sealPassword: string; method: '签名用章' | '密码用章'; shots: string },
) {
  const { seal, employee, sealPassword, method, shots } = options
  await page.goto('/authorization-start/company')
  await expect(page.getByText('第1步：选择印章')).toBeVisible()
  await snap(page, `${shots}-1-start`)
  await page.getByRole('button', { name: '开始授权' }).click()
  await expect(page).toHaveURL(/\/seal-list/)
  await page.getByRole('button', { name: seal.sealName }).click()
  await page.getByPlaceholder('请输入印章密码').fill(sealPassword)
  await snap(page, `${shots}-2-seal-password`)
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page).toHaveURL(/\/seal-info-form/)

  // 下一步 on the empty form: each field says what it lacks, where it is.
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page.locator('.seal-auth-field-problem', { hasText: '请输入合法的用章人姓名' })).toBeVisible()
  await snap(page, `${shots}-3a-form-problems`)

  // The seal user from the organisation directory fills name, ID and phone.
  await page.getByText('从组织架构选择').click()
  await expect(page).toHaveURL(/\/select-seal-user/)
  await expect(page.getByText(employee.name)).toBeVisible()
  await snap(page, `${shots}-3-directory`)
  await page.getByText(employee.name).click()
  await expect(page.getByRole('textbox', { name: '身份证号' })).toHaveValue(employee.identityNo)
  await page.getByText(method, { exact: true }).click()
  await page.getByText('授权使用').click()
  await page.getByText('请设置结束时间').click()
  await page.locator('.adm-picker-header-button', { hasText: '确定' }).click()
  await snap(page, `${shots}-4-form`)
  await page.getByRole('button', { name: '下一步' }).click()

  // He signed the application by hand, so his sample is on file: the letter follows.
  await expect(page).toHaveURL(/\/authorization-sign\//)
  await expect(page.locator('.pdf-document canvas, .pdf-document-page').first()).toBeVisible({ timeout: 30_000 })
  await snap(page, `${shots}-5-letter`)
  await page.getByText('点击此处手写签名').click()
  await writeOnBoard(page, page.getByLabel('签名区域'), handOf(LEGAL_HAND), 7)
  await page.getByRole('button', { name: '确定' }).click()
  await page.getByRole('textbox', { name: '印章密码' }).fill(sealPassword)
  await snap(page, `${shots}-6-signing`)
  await page.getByRole('button', { name: '确认签署' }).click()
  await expect(page).toHaveURL(/\/authorization-success\/1/, { timeout: 60_000 })
  await expect(page.getByText('授权书已签署')).toBeVisible()
  await expect(page.getByText('已向用章人发送短信通知')).toBeVisible()
  await snap(page, `${shots}-7-granted`)
}

/** Five samples on the collection board, each confirmed. */
export async function writeSamples(page: Page, seed: number) {
  for (let i = 1; i <= 5; i++) {
    await expect(page.getByText(`${i}/5`)).toBeVisible()
    await writeOnBoard(page, page.getByLabel('签名区域'), handOf(seed), i)
    await page.getByRole('button', { name: '确定' }).click()
  }
}

/**
 * The employee, told by SMS, logs in in a browser of their own and accepts: confirms the authorisation
 * (setting the use password when the method asks for one), proves the phone, writes five samples with
 * their hand and countersigns the letter. Answers their page, on 授权完成.
 */
export async function acceptInOwnBrowser(
  browser: Browser,
  options: { employee: Person; seal: HeldSeal; unitName: string; hand: number; usePassword?: string; shots: string },
) {
  const { employee, seal, unitName, hand, usePassword, shots } = options
  const context = await browser.newContext()
  const staff = await context.newPage()
  await staff.goto('/dev/sms')
  await expect(staff.locator('.adm-list-item', { hasText: employee.phone }).first()).toContainText('授权您使用电子印章')
  // The SMS links to this very authorisation; the login keeps it as where to go. The authorisation put
  // them on record (name, ID, phone): the login knows them by their phone.
  const outbox: { phone: string; text: string }[] = (await (await staff.request.get('/api/dev/sms-outbox')).json()).data
  const notice = outbox.find((message) => message.phone === employee.phone && message.text.includes('确认授权：'))!
  const link = /确认授权：(\S+)$/.exec(notice.text)![1]!
  expect(new URL(link).pathname).toBe('/authorization-start/personal')
  // They use the service at another address of it (127.0.0.1, the link's PUBLIC_URL says localhost): home
  // there tells them the authorisation waits. A session belongs to its origin (README, PUBLIC_URL), so the
  // link asks them to log in once more and then goes on to that very authorisation.
  const elsewhere = new URL(link)
  elsewhere.hostname = '127.0.0.1'
  await staff.goto(`${elsewhere.origin}/login`)
  await loginPersonal(staff, { phone: employee.phone })
  await expect(staff.getByRole('status', { name: '待接受的授权' })).toContainText(seal.sealName)
  await snap(staff, `${shots}-8a-home-waiting`)
  await staff.goto(link)
  await expect(staff).toHaveURL(/\/login\?redirect=/)
  // Their phone is theirs at the carrier: the login's real-name check verifies them, as a grantee must be.
  await registerRealName(staff.request, employee)
  await loginPersonal(staff, { phone: employee.phone }, /\/authorization-start\/personal\?authId=/)
  await expect(staff.getByText('登录成功')).toHaveCount(0)
  // What is accepted is named before 接受授权.
  await expect(staff.getByRole('region', { name: '待接受的授权' })).toContainText(seal.sealName)
  await snap(staff, `${shots}-8-accept-start`)
  await staff.getByRole('button', { name: '接受授权' }).click()
  await expect(staff).toHaveURL(/\/seal-auth\?/)
  await expect(staff.getByText(seal.sealName)).toBeVisible()
  if (usePassword) {
    await staff.getByRole('textbox', { name: '用章密码', exact: true }).fill(usePassword)
    await staff.getByRole('textbox', { name: '确认用章密码' }).fill(usePassword)
  }
  await snap(staff, `${shots}-9-confirm`)
  await staff.getByRole('button', { name: '确认并继续' }).click()
  await expect(staff).toHaveURL(/\/signature-collection\?/)
  await staff.getByRole('button', { name: '获取验证码' }).click()
  await staff.getByPlaceholder('请输入验证码').fill(await readSmsCode(staff, employee.phone))
  await snap(staff, `${shots}-10-phone`)
  await staff.getByRole('button', { name: '下一步' }).click()
  await writeSamples(staff, hand)
  await expect(staff).toHaveURL(/\/authorization-sign\//)
  await staff.getByText('点击此处手写签名').click()
  await writeOnBoard(staff, staff.getByLabel('签名区域'), handOf(hand), 8)
  await staff.getByRole('button', { name: '确定' }).click()
  await snap(staff, `${shots}-11-countersign`)
  await staff.getByRole('button', { name: '确认签署' }).click()
  await expect(staff).toHaveURL(/\/authorization-success\/0/, { timeout: 60_000 })
  await expect(staff.getByText('授权完成')).toBeVisible()
  await expect(staff.getByText(unitName)).toBeVisible()
  await snap(staff, `${shots}-12-accepted`)
  // The letter, whole, down to both signatures and dates.
  await staff.getByRole('button', { name: '查看授权书' }).click()
  await expect(staff).toHaveURL(/\/authorization-done\//)
  await expect(staff.locator('.pdf-document canvas, .pdf-document-page').first()).toBeVisible({ timeout: 30_000 })
  await staff.waitForTimeout(1500)
  await staff.screenshot({ path: `test-results/screens/${shots}-12a-letter.png`, fullPage: true })
  await staff.goBack()
  // 我的印章 opens where their seal is: the unit's 电子印章, not an empty 个人名章.
  await staff.goto('/seal-preview-list/personal')
  await expect(staff.getByRole('tab', { name: '电子印章', selected: true })).toBeVisible()
  await expect(staff.getByText(seal.sealName).first()).toBeVisible()
  await snap(staff, `${shots}-12b-my-seals`)
  return { staff, close: () => context.close() }
}
