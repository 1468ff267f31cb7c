import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

/** Demo accounts the server seeds on first start (apps/server/src/seed.ts). */
export const demo = {
  person: { phone: '13800000001', name: '张三' },
  legal: { phone: '13800000002', name: '李四' },
  unit: { socialCreditCode: '91110108MA01ABCDEN', name: '示例科技有限公司' },
}

export function adminToken() {
  return readFileSync(join(process.env.E2E_DATA_DIR!, 'secrets', 'admin.token'), 'utf8').trim()
}

/** Sets a configuration value through the operator API, as an administrator would. */
export async function setConfig(request: APIRequestContext, key: string, value: unknown, scope = 'global') {
  const response = await request.put('/api/admin/config', { headers: { authorization: `Bearer ${adminToken()}` }, data: { scope, key, value } })
  expect((await response.json()).resultStatus).toBe('00')
}

export async function resetConfig(request: APIRequestContext, key: string, scope = 'global') {
  await request.delete('/api/admin/config', { headers: { authorization: `Bearer ${adminToken()}` }, data: { scope, key } })
}

/** Reads the latest code sent to a phone from the sandbox outbox page, as a tester without the phone would. */
export async function readSmsCode(page: Page, phone: string) {
  const outbox = await page.context().newPage()
  await outbox.goto('/dev/sms')
  const message = outbox.locator('.adm-list-item', { hasText: phone }).first()
  await expect(message).toBeVisible()
  const code = /验证码为(\d{6})/.exec((await message.textContent()) ?? '')?.[1]
  await outbox.close()
  expect(code).toBeTruthy()
  return code!
}

/**
 * A new person: an unused phone and a valid citizen ID (checksum computed as GB 11643 says). `birth`
 * (YYYYMMDD) and `sequence` (3 digits; 999 is the face sandbox's failing identity) fix parts of the number.
 */
export function newPerson(name = '王小明', fixed: { birth?: string; sequence?: string } = {}) {
  const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  const randomBirth = new Date(Date.UTC(1980, 0, 1) + Math.floor(Math.random() * 20 * 365) * 86_400_000)
  const birth = fixed.birth ?? randomBirth.toISOString().slice(0, 10).replaceAll('-', '')
  const sequence = fixed.sequence ?? String(100 + Math.floor(Math.random() * 800)).padStart(3, '0')
  const body = `110105${birth}${sequence}`
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0)
  return { phone, name, identityNo: body + '10X98765432'[sum % 11]! }
}

/**
 * 获取验证码, as a person taps it. When the last code to the same phone went out under a minute ago (a shared
 * demo phone, an earlier signing) the service says to wait, and the test waits as a person would.
 */
export async function askForCode(page: Page) {
  await page.getByRole('button', { name: '获取验证码' }).click()
  const tooSoon = page.getByText(/验证码发送过于频繁，请\d+秒后重试/)
  await expect(page.getByRole('button', { name: /秒后重新获取/ }).or(tooSoon)).toBeVisible()
  if (await tooSoon.isVisible()) {
    const seconds = Number(/(\d+)秒/.exec((await tooSoon.textContent()) ?? '')?.[1] ?? 60)
    await page.waitForTimeout((seconds + 1) * 1000)
    await page.getByRole('button', { name: '获取验证码' }).click()
    await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeVisible()
  }
}

/** Asks for a code on the login screen and types it from the outbox. */
async function enterPhoneAndCode(page: Page, phone: string, phonePlaceholder = '请输入手机号') {
  await page.getByPlaceholder(phonePlaceholder).fill(phone)
  await askForCode(page)
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page, phone))
}

/**
 * Puts a person in the sandbox real-name registry (the operator call): the carrier then knows the phone as
 * theirs, so their login verifies them, as a real person's would.
 */
export async function registerRealName(request: APIRequestContext, person: { phone: string; name: string; identityNo: string }) {
  const answer = await request.post('/api/admin/sandbox/persons', {
    headers: { authorization: `Bearer ${adminToken()}` },
    data: { phone: person.phone, name: person.name, identityNo: person.identityNo },
  })
  expect((await answer.json()).resultStatus).toBe('00')
}

/**
 * Logs in on the login screen with the phone and the SMS code from the outbox; a new person is asked for
 * name and ID number the first time. (Each phone may ask for a code once a minute, so tests use new people.)
 * A new person is a real one: put in the sandbox real-name registry first, unless `verified: false` (a phone
 * the carrier has no record of: the person registers unverified).
 */
export async function loginPersonal(page: Page, person: { phone: string; name?: string; identityNo?: string; verified?: boolean }, landing = /\/home/) {
  if (person.identityNo && person.verified !== false) await registerRealName(page.request, { phone: person.phone, name: person.name!, identityNo: person.identityNo })
  if (!page.url().includes('/login')) await page.goto('/login')
  await enterPhoneAndCode(page, person.phone)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  if (person.identityNo) {
    await expect(page.getByPlaceholder('请输入真实姓名')).toBeVisible()
    await page.getByPlaceholder('请输入真实姓名').fill(person.name!)
    await page.getByPlaceholder('请输入18位身份证号').fill(person.identityNo)
    await page.getByRole('button', { name: '登录', exact: true }).click()
  }
  await expect(page).toHaveURL(landing)
}

export async function loginEnterprise(page: Page) {
  await page.goto('/login?type=1')
  await page.getByPlaceholder('统一社会信用代码').fill(demo.unit.socialCreditCode)
  await enterPhoneAndCode(page, demo.legal.phone, '法定代表人手机号')
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/home/)
}

/** A screenshot of the screen as the person sees it, kept as a test artefact. */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png` })
}

/** A screen whose content fits the phone must not scroll (a page taller than 100vh shifts its title bar up). */
export async function expectNoScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
  expect(overflow, 'page taller than the screen by this many pixels').toBeLessThanOrEqual(0)
}

/** The 沙箱环境 badge covers no control: its box meets none of the given buttons' boxes. */
export async function expectBadgeClearOf(page: Page, controls: Locator[]) {
  const badge = await page.getByRole('note').filter({ hasText: '沙箱环境' }).boundingBox()
  expect(badge, 'the sandbox badge is shown').not.toBeNull()
  for (const control of controls) {
    const box = (await control.boundingBox())!
    const apart = badge!.x + badge!.width <= box.x || box.x + box.width <= badge!.x || badge!.y + badge!.height <= box.y || box.y + box.height <= badge!.y
    expect(apart, `the badge covers ${control.toString()}`).toBe(true)
  }
}

/** pdfsig's verdict on each signature of a PDF, trusting only our CA's root certificate. */
export async function pdfsigTrustingOurCa(request: APIRequestContext, pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'seal-pdfsig-'))
  try {
    const root = await request.get('/api/trust/ca.crt')
    writeFileSync(join(dir, 'root.crt'), await root.body())
    writeFileSync(join(dir, 'signed.pdf'), pdf)
    execFileSync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password'])
    execFileSync('certutil', ['-A', '-d', `sql:${dir}`, '-n', 'seal-root', '-t', 'CT,C,C', '-i', join(dir, 'root.crt')])
    const report = execFileSync('pdfsig', ['-nssdir', `sql:${dir}`, join(dir, 'signed.pdf')], { encoding: 'utf8' })
    return report
      .split(/^Signature #\d+:$/m)
      .slice(1)
      .map((text) => ({
        valid: text.includes('Signature Validation: Signature is Valid.'),
        trusted: text.includes('Certificate Validation: Certificate is Trusted.'),
        commonName: /Signer Certificate Common Name: (.*)$/m.exec(text)?.[1] ?? '',
      }))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Nothing on the screen is wider than the phone (390 px): no sideways scrolling, no clipped edge. */
export async function expectNoHorizontalOverflow(page: Page, ...selectors: string[]) {
  const width = page.viewportSize()!.width
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), 'page wider than the screen').toBeLessThanOrEqual(width)
  // Fixed sheets do not widen the page but can still run off its edge.
  for (const selector of selectors) {
    const box = (await page.locator(selector).first().boundingBox())!
    expect(box.x, `${selector} starts left of the screen`).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width, `${selector} ends right of the screen`).toBeLessThanOrEqual(width)
  }
}
