import { expect, test, type Page } from '@playwright/test'
import { handOf, writeOnBoard } from './personal-seal-support.ts'
import { adminToken, loginPersonal, newPerson, pdfsigTrustingOurCa, readSmsCode, snap } from './support.ts'
import { applyForUnitSeals, newUnit, unitSealsOf } from './unit-apply-support.ts'

/** A unit of this journey's own, and an employee its administrators put in its organisation directory. */
const unit = newUnit('示例授权用印有限公司', '卫授权')
const employee = newPerson('王小明')
const SEAL_PASSWORD = 'seal2026'
const USE_PASSWORD = 'work2026'

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('seal.token') ?? '')

/** Seals the operation manual with `sealId` through the API as the page's login; answers the envelope. */
async function sealAPdf(page: Page, sealId: string, pin: string) {
  const auth = { authorization: `Bearer ${await tokenOf(page)}` }
  const pdf = await page.request.get('/api/configs/operation/manual')
  const uploaded = await page.request.post('/api/file/upload', { headers: auth, multipart: { file: { name: '采购合同.pdf', mimeType: 'application/pdf', buffer: await pdf.body() } } })
  const sealed = await (await page.request.post('/api/seal/signDocument', { headers: auth, data: { sealId, pin, fileId: (await uploaded.json()).data.fileId } })).json()
  return { sealed, download: async () => (await page.request.get(`/api/file/download/${sealed.data.fileId}`, { headers: auth })).body() }
}

/** Five (or more) samples on the collection board, each confirmed. */
async function writeSamples(page: Page, seed: number) {
  for (let i = 1; i <= 5; i++) {
    await expect(page.getByText(`${i}/5`)).toBeVisible()
    await writeOnBoard(page, page.getByLabel('签名区域'), handOf(seed), i)
    await page.getByRole('button', { name: '确定' }).click()
  }
}

test('the legal representative authorises an employee for the contract seal; the employee accepts, seals a PDF, and is refused after the revocation', async ({ page, browser }) => {
  test.setTimeout(420_000)
  await applyForUnitSeals(page, unit, SEAL_PASSWORD)
  const contract = (await unitSealsOf(page)).find((seal) => seal.sealTypeCode === '04' && seal.status === '1')
  expect(contract).toBeTruthy()
  // The unit's administrators maintain its organisation directory (the operator call stands in for the PC side).
  const members = await page.request.post(`/api/admin/units/${unit.socialCreditCode}/members`, {
    headers: { authorization: `Bearer ${adminToken()}` },
    data: { members: [employee, newPerson('赵敏'), newPerson('孙丽')].map((p) => ({ name: p.name, phone: p.phone, identityNo: p.identityNo })) },
  })
  expect((await members.json()).data.added).toBe(3)

  // (1) The legal representative: start → choose the contract seal with the seal password → the form.
  await page.goto('/authorization-start/company')
  await expect(page.getByText('第1步：选择印章')).toBeVisible()
  await snap(page, 'auth-1-start')
  await page.getByRole('button', { name: '开始授权' }).click()
  await expect(page).toHaveURL(/\/seal-list/)
  await page.getByRole('button', { name: contract!.sealName }).click()
  await page.getByPlaceholder('请输入印章密码').fill(SEAL_PASSWORD)
  await snap(page, 'auth-2-seal-password')
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page).toHaveURL(/\/seal-info-form/)

  // The seal user from the organisation directory fills name, ID and phone.
  await page.getByText('从组织架构选择').click()
  await expect(page).toHaveURL(/\/select-seal-user/)
  await expect(page.getByText(employee.name)).toBeVisible()
  await snap(page, 'auth-3-directory')
  await page.getByText(employee.name).click()
  await expect(page.getByRole('textbox', { name: '身份证号' })).toHaveValue(employee.identityNo)
  await page.getByText('授权使用').click()
  await page.getByText('请设置结束时间').click()
  await page.locator('.adm-picker-header-button', { hasText: '确定' }).click()
  await snap(page, 'auth-4-form')
  await page.getByRole('button', { name: '下一步' }).click()

  // A legal representative without handwriting samples collects them first (000 §4).
  // He signed the application by hand, so his sample is on file: the letter follows.
  await expect(page).toHaveURL(/\/authorization-sign\//)

  // The letter, his signature, the seal password: the letter is sealed and signed.
  await expect(page.locator('.pdf-document canvas, .pdf-document-page').first()).toBeVisible({ timeout: 30_000 })
  await snap(page, 'auth-5-letter')
  await page.getByText('点击此处手写签名').click()
  await writeOnBoard(page, page.getByLabel('签名区域'), handOf(20261123), 7)
  await page.getByRole('button', { name: '确定' }).click()
  await page.getByRole('textbox', { name: '印章密码' }).fill(SEAL_PASSWORD)
  await snap(page, 'auth-6-signing')
  await page.getByRole('button', { name: '确认签署' }).click()
  await expect(page).toHaveURL(/\/authorization-success\/1/, { timeout: 60_000 })
  await expect(page.getByText('授权书已签署')).toBeVisible()
  await expect(page.getByText('已向用章人发送短信通知')).toBeVisible()
  await snap(page, 'auth-7-granted')

  // (2) The employee, in a second browser: told by SMS, logs in, accepts.
  const employeeContext = await browser.newContext()
  const staff = await employeeContext.newPage()
  await staff.goto('/dev/sms')
  const notice = staff.locator('.adm-list-item', { hasText: employee.phone }).first()
  await expect(notice).toContainText('授权您使用电子印章')
  // The SMS links to this very authorisation; the login keeps it as where to go. The authorisation put
  // them on record (name, ID, phone): the login knows them by their phone.
  const outbox: { phone: string; text: string }[] = (await (await staff.request.get('/api/dev/sms-outbox')).json()).data
  const link = /确认授权：(\S+)$/.exec(outbox.find((message) => message.phone === employee.phone)!.text)![1]!
  expect(new URL(link).pathname).toBe('/authorization-start/personal')
  await staff.goto(link)
  await expect(staff).toHaveURL(/\/login\?redirect=/)
  await loginPersonal(staff, { phone: employee.phone }, /\/authorization-start\/personal\?authId=/)
  await expect(staff.getByText('登录成功')).toHaveCount(0)
  await snap(staff, 'auth-8-accept-start')
  await staff.getByRole('button', { name: '接受授权' }).click()
  await expect(staff).toHaveURL(/\/seal-auth\?/)
  await expect(staff.getByText(contract!.sealName)).toBeVisible()
  await staff.getByRole('textbox', { name: '用章密码', exact: true }).fill(USE_PASSWORD)
  await staff.getByRole('textbox', { name: '确认用章密码' }).fill(USE_PASSWORD)
  await snap(staff, 'auth-9-confirm')
  await staff.getByRole('button', { name: '确认并继续' }).click()
  await expect(staff).toHaveURL(/\/signature-collection\?/)
  await staff.getByRole('button', { name: '获取验证码' }).click()
  await staff.getByPlaceholder('请输入验证码').fill(await readSmsCode(staff, employee.phone))
  await snap(staff, 'auth-10-phone')
  await staff.getByRole('button', { name: '下一步' }).click()
  await writeSamples(staff, 1992)
  await expect(staff).toHaveURL(/\/authorization-sign\//)
  await staff.getByText('点击此处手写签名').click()
  await writeOnBoard(staff, staff.getByLabel('签名区域'), handOf(1992), 8)
  await staff.getByRole('button', { name: '确定' }).click()
  await snap(staff, 'auth-11-countersign')
  await staff.getByRole('button', { name: '确认签署' }).click()
  await expect(staff).toHaveURL(/\/authorization-success\/0/, { timeout: 60_000 })
  await expect(staff.getByText('授权完成')).toBeVisible()
  await expect(staff.getByText(unit.unitName)).toBeVisible()
  await snap(staff, 'auth-12-accepted')

  // The employee seals a PDF with their own use password: pdfsig trusts it and names the unit's seal.
  const used = await sealAPdf(staff, contract!.id, USE_PASSWORD)
  expect(used.sealed.resultStatus, used.sealed.responseInfo).toBe('00')
  const [signature] = await pdfsigTrustingOurCa(staff.request, await used.download())
  expect(signature).toMatchObject({ valid: true, trusted: true, commonName: expect.stringContaining(unit.unitName) })

  // (3) The legal representative finds the use under the employee's name in 用章记录, and revokes.
  await page.goto(`/seal-use-record/company/${contract!.id}`)
  await expect(page.getByText(employee.name).first()).toBeVisible()
  await snap(page, 'auth-13-use-records')
  const auths = await (await page.request.post('/api/sealAuth/queryListBySeal', { headers: { authorization: `Bearer ${await tokenOf(page)}` }, data: { sealId: contract!.id } })).json()
  const granted = auths.data.list.find((row: { name: string }) => row.name === employee.name)
  const revoked = await (await page.request.post('/api/sealAuth/v4/cancelAuth', { headers: { authorization: `Bearer ${await tokenOf(page)}` }, data: { authId: granted.id } })).json()
  expect(revoked.responseInfo).toBe('解除授权成功')

  // The employee's next attempt is refused, saying why.
  const refused = await sealAPdf(staff, contract!.id, USE_PASSWORD)
  expect(refused.sealed.responseInfo).toBe('您未获得此印章的授权或授权已失效')
  await employeeContext.close()

  // (4) The legal representative switches the unit's use method to signature, then back to the password.
  await page.goto('/batch-modify-call-type')
  const methods = page.getByRole('region', { name: unit.unitName })
  await expect(methods).toContainText('当前：密码用章')
  await methods.getByText('签名用章', { exact: true }).click()
  await page.getByRole('button', { name: '保存' }).click()
  await writeOnBoard(page, page.getByLabel('签名区域'), handOf(20261123), 9)
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('修改成功')).toBeVisible()
  await expect(methods).toContainText('当前：签名用章')
  await snap(page, 'auth-14-use-method')
  await methods.getByText('密码用章', { exact: true }).click()
  await page.getByRole('button', { name: '保存' }).click()
  await page.getByRole('textbox', { name: '印章密码' }).fill(SEAL_PASSWORD)
  await page.getByRole('button', { name: '确定' }).click()
  await expect(methods).toContainText('当前：密码用章')
})
