import { expect, test, type Page } from '@playwright/test'
import { handOf, writeOnBoard } from './personal-seal-support.ts'
import { newPerson, pdfsigTrustingOurCa, snap } from './support.ts'
import { acceptInOwnBrowser, grantFromDirectory, putInDirectory } from './seal-auth-support.ts'
import { LEGAL_HAND, applyForUnitSeals, newUnit, unitSealsOf } from './unit-apply-support.ts'

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

test('the legal representative authorises an employee for the contract seal; the employee accepts, seals a PDF, and is refused after the revocation', async ({ page, browser }) => {
  test.setTimeout(420_000)
  await applyForUnitSeals(page, unit, SEAL_PASSWORD)
  const contract = (await unitSealsOf(page)).find((seal) => seal.sealTypeCode === '04' && seal.status === '1')
  expect(contract).toBeTruthy()
  await putInDirectory(page, unit, [employee, newPerson('赵敏'), newPerson('孙丽')])

  // (1) The legal representative: start → choose the contract seal with the seal password → the form →
  // the letter signed with his hand and the seal password.
  await grantFromDirectory(page, { seal: contract!, employee, sealPassword: SEAL_PASSWORD, method: '密码用章', shots: 'auth' })

  // (2) The employee, in a second browser: told by SMS, logs in, accepts.
  const { staff, close } = await acceptInOwnBrowser(browser, { employee, seal: contract!, unitName: unit.unitName, hand: 1992, usePassword: USE_PASSWORD, shots: 'auth' })

  // A wrong use password is called what it is, 用章密码, not the holder's 印章密码.
  expect((await sealAPdf(staff, contract!.id, 'wrong2026')).sealed.responseInfo).toBe('用章密码错误，还可尝试4次')
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
  await close()

  // (4) The legal representative switches the unit's use method to signature, then back to the password.
  await page.goto('/batch-modify-call-type')
  const methods = page.getByRole('region', { name: unit.unitName })
  await expect(methods).toContainText('当前：密码用章')
  await methods.getByText('签名用章', { exact: true }).click()
  await page.getByRole('button', { name: '保存' }).click()
  await writeOnBoard(page, page.getByLabel('签名区域'), handOf(LEGAL_HAND), 9)
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
