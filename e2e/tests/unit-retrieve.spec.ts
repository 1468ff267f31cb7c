import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { applyForUnitSeals, newUnit, registerInSandbox, unitEvidence, unitSealsOf, type OwnUnit } from './unit-apply-support.ts'
import { askForCode, loginPersonal, newPerson, readSmsCode, snap } from './support.ts'

/**
 * 找回印章 (RETRIEVE) of issue #10 in the browser: a unit of its own got its seals under its former legal
 * representative; the registry then names a new one (the operator's call, as after a change of legal
 * representative at the market regulator); the new legal representative recovers the seals through the
 * new wizard, the application passes, they hold the seals with a PIN of their own, and the former legal
 * representative's enterprise session ends.
 */
const unit = newUnit('示例找回咨询有限公司', '孙前任')
const successor: OwnUnit = { ...unit, legal: newPerson('周继任') }
const FORMER_PIN = 'seal2026'
const NEW_PIN = 'find2026'

/** The enterprise login (统一社会信用代码 + the legal representative's phone), as the former legal representative uses it. */
async function loginEnterpriseOf(page: Page, own: OwnUnit) {
  await page.goto('/login?type=1')
  await page.getByPlaceholder('统一社会信用代码').fill(own.socialCreditCode)
  await page.getByPlaceholder('法定代表人手机号').fill(own.legal.phone)
  await askForCode(page)
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page, own.legal.phone))
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/home/)
}

/** Seals a PDF with a unit seal through the API as its holder would from a platform; answers the envelope. */
async function sealWith(page: Page, sealId: string, pin: string) {
  const token = await page.evaluate(() => localStorage.getItem('seal.token') ?? '')
  const auth = { authorization: `Bearer ${token}` }
  const pdf = await page.request.get('/api/configs/operation/manual')
  const uploaded = await page.request.post('/api/file/upload', { headers: auth, multipart: { file: { name: 'doc.pdf', mimeType: 'application/pdf', buffer: await pdf.body() } } })
  return (await page.request.post('/api/seal/signDocument', { headers: auth, data: { sealId, pin, fileId: (await uploaded.json()).data.fileId } })).json()
}

/** The generated application form's first page as a photo of the signed paper (pdftoppm renders it). */
async function photoOfForm(page: Page, pdfUrl: string) {
  const pdf = await (await page.request.get(pdfUrl)).body()
  const dir = mkdtempSync(join(tmpdir(), 'seal-form-'))
  try {
    writeFileSync(join(dir, 'form.pdf'), pdf)
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', join(dir, 'form.pdf'), join(dir, 'form')])
    return { name: 'form.png', mimeType: 'image/png', buffer: readFileSync(join(dir, 'form.png')) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('a new legal representative retrieves the unit’s seals through the new wizard; the former one’s enterprise session ends', async ({ page, browser }) => {
  test.setTimeout(480_000)

  // The unit got its 公章 and 合同专用章 under its former legal representative.
  await applyForUnitSeals(page, unit, FORMER_PIN)
  const made = await unitSealsOf(page)
  expect(made.map((seal) => seal.sealTypeCode).sort()).toEqual(['01', '04'])
  const contract = made.find((seal) => seal.sealTypeCode === '04')!

  // The former legal representative also uses the unit's enterprise login, in a browser of their own.
  const formerContext = await browser.newContext()
  const former = await formerContext.newPage()
  await loginEnterpriseOf(former, unit)
  await former.getByText('管理我的印章').click()
  await expect(former.locator('.seal-card', { hasText: '合同专用章' }).first()).toBeVisible()

  // The market regulator's record names a new legal representative (the sandbox registry's operator call).
  await registerInSandbox(page.request, successor)

  // The new legal representative opens 找回印章 of the new wizard.
  const successorContext = await browser.newContext()
  const next = await successorContext.newPage()
  await loginPersonal(next, successor.legal)
  await next.goto('/new/seal/flow?businessType=RETRIEVE&applicatKind=LEGAL_APPLY')
  await expect(next.getByText('电子印章找回 · 法定代表人办理')).toBeVisible()
  await snap(next, 'unit-retrieve-0-guide')
  await next.getByRole('button', { name: '开始申请' }).click()
  await next.getByRole('button', { name: '确定' }).click()
  await expect(next).toHaveURL(/\/new\/seal\/home\?businessType=RETRIEVE&applicatKind=LEGAL_APPLY/)

  // Step 1: the licence and their ID card; the seals to recover are chosen among the unit's types.
  await unitEvidence(next, successor)
  await expect(next.getByPlaceholder('请输入单位名称')).toHaveValue(unit.unitName)
  await expect(next.getByPlaceholder('请输入法人身份证号码')).toHaveValue(successor.legal.identityNo)
  await next.getByPlaceholder('请输入法人手机号').fill(successor.legal.phone)
  const official = next.getByRole('checkbox', { name: /^单位公章/ })
  if ((await official.getAttribute('aria-checked')) !== 'true') await official.click()
  await next.getByRole('button', { name: '更多' }).click()
  await next.getByRole('checkbox', { name: /^合同专用章/ }).click()
  await snap(next, 'unit-retrieve-1-unit-info')
  await next.getByRole('region', { name: '业务信息' }).scrollIntoViewIfNeeded()
  await snap(next, 'unit-retrieve-1-picker')
  await next.getByRole('button', { name: '下一步' }).click()
  await next.getByRole('button', { name: '开始识别' }).click()

  // Step 2: the recovered seals keep picture and certificate; a new password is set for them.
  await expect(next.getByText('找回的印章沿用原有的印章图片和证书，请设置新的印章密码。')).toBeVisible({ timeout: 30_000 })
  await expect(next.getByLabel(/上传.*印模照片/)).toHaveCount(0)
  await next.getByRole('textbox', { name: '印章密码', exact: true }).fill(NEW_PIN)
  await next.getByRole('textbox', { name: '确认印章密码', exact: true }).fill(NEW_PIN)
  await snap(next, 'unit-retrieve-2-seal-setup')
  await next.getByRole('button', { name: '下一步' }).click()

  // Step 3-1: the application form, signed on paper by the new legal representative, photographed and uploaded.
  await expect(next.getByLabel('已签字的申请表')).toBeVisible({ timeout: 30_000 })
  await next.getByRole('button', { name: '复制链接' }).click()
  const formLink = (await next.locator('.unit-link-text').textContent())!
  await snap(next, 'unit-retrieve-3-form-link')
  await next.getByRole('button', { name: '关闭' }).click()
  await next.getByLabel('上传申请表').setInputFiles(await photoOfForm(next, formLink))
  await expect(next.locator('.unit-form-files img')).toHaveCount(1, { timeout: 30_000 })
  await next.locator('.unit-truthful').click()
  await snap(next, 'unit-retrieve-3-form')
  await next.getByRole('button', { name: '提交', exact: true }).click()
  await next.getByRole('button', { name: '确认提交' }).click()

  // Verification passed and nothing needs a reviewer's eye: the sandbox's automatic review approves.
  await expect(next).toHaveURL(/\/new\/seal-result\?id=/, { timeout: 30_000 })
  await expect(next.getByText('申请通过')).toBeVisible({ timeout: 30_000 })
  await expect(next.getByRole('region', { name: '已找回的印章' })).toContainText('合同专用章')
  await snap(next, 'unit-retrieve-4-result')

  // The new legal representative holds the seals: in the list, and sealing with their own PIN.
  await next.goto('/home')
  await next.getByText('管理我的印章').click()
  await next.getByRole('tab', { name: '电子印章' }).click()
  const card = next.locator('.seal-card', { hasText: '合同专用章' }).first()
  await expect(card).toBeVisible()
  await expect(card.locator('img')).toHaveJSProperty('complete', true)
  await snap(next, 'unit-retrieve-5-seal-list')
  const held = await unitSealsOf(next)
  expect(held.map((seal) => seal.id).sort()).toEqual(made.map((seal) => seal.id).sort())
  expect((await sealWith(next, contract.id, FORMER_PIN)).resultStatus).not.toBe('00')
  expect((await sealWith(next, contract.id, NEW_PIN)).resultStatus).toBe('00')

  // The former legal representative's enterprise session has ended: the next screen says so.
  await former.reload()
  await expect(former.getByText('服务已断开，请退出后重新打开')).toBeVisible()
  await snap(former, 'unit-retrieve-6-former-enterprise')
  // Their personal login no longer sees the unit's seals.
  expect(await unitSealsOf(page)).toEqual([])

  await formerContext.close()
  await successorContext.close()
})
