import { devices, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import type { OperatorRole } from '@seal/shared/api/operators'
import { currentCode } from '../../apps/server/src/operators/totp.ts'
import { adminToken, snap } from './support.ts'

/**
 * The console (/console) as the people who run the service use it (issue #22): at a desktop's 1440×900, each
 * operator in a browser of their own, logging in with a password and the code of an authenticator app, which
 * these helpers play.
 */

/** A desktop browser window for one operator. */
export async function desk(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })
  return context.newPage()
}

/** A phone for a user of the H5 app. */
export async function phone(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 5'], viewport: { width: 390, height: 844 }, baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })
  return context.newPage()
}

export type Operator = { username: string; displayName: string; password: string; secret?: string }

/** An operator account made with the start-up key, as `npm run operator -- create` would: answers the initial password. */
export async function operatorByKey(request: APIRequestContext, fields: { username: string; displayName: string; identityNo: string; roles: OperatorRole[] }): Promise<Operator> {
  const answer = await (await request.post('/api/admin/operators', { headers: { authorization: `Bearer ${adminToken()}` }, data: fields })).json()
  expect(answer.resultStatus, answer.responseInfo).toBe('00')
  return { username: fields.username, displayName: fields.displayName, password: answer.data.initialPassword }
}

/** The last TOTP step each secret's code was used at: a code is good once, so a second login waits for the next. */
const lastStep = new Map<string, number>()

/** The authenticator app's code for `secret`, of a step not used yet (waiting for the next one if need be). */
export async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000)
    if (step > (lastStep.get(secret) ?? 0)) {
      lastStep.set(secret, step)
      return currentCode(secret)
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

async function typeCredentials(page: Page, username: string, password: string) {
  await page.goto('/console/login')
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('密码', { exact: true }).fill(password)
  await page.getByRole('button', { name: '登录' }).click()
}

/**
 * A first login: the initial password, a password of one's own, then the authenticator enrolled from the
 * secret shown beside the QR code. Ends on the console's home page; answers the operator with both.
 */
export async function firstLogin(page: Page, operator: Operator, newPassword: string, shot?: string): Promise<Operator> {
  await typeCredentials(page, operator.username, operator.password)
  await expect(page.getByText(`首次登录 · ${operator.displayName}`)).toBeVisible()
  if (shot) await snap(page, `${shot}-first-login`)
  await page.getByLabel('初始密码').fill(operator.password)
  await page.getByLabel('新密码', { exact: true }).fill(newPassword)
  await page.getByLabel('确认新密码').fill(newPassword)
  await page.getByRole('button', { name: '修改密码' }).click()
  await expect(page.getByRole('img', { name: '动态验证码二维码' })).toBeVisible()
  const secret = (await page.getByLabel('密钥', { exact: true }).innerText()).trim()
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  if (shot) await snap(page, `${shot}-enrol-totp`)
  await page.getByLabel('动态验证码').fill(await freshCode(secret))
  await page.getByRole('button', { name: '完成绑定' }).click()
  await expect(page.getByText('电子印章运营管理后台').first()).toBeVisible()
  await expect(page).not.toHaveURL(/\/login|\/enrol/)
  return { ...operator, password: newPassword, secret }
}

/** A later login: password, then the code the console asks for. */
export async function login(page: Page, operator: Operator) {
  await typeCredentials(page, operator.username, operator.password)
  await expect(page.getByLabel('动态验证码')).toBeVisible()
  await page.getByLabel('动态验证码').fill(await freshCode(operator.secret!))
  await page.getByRole('button', { name: '登录' }).click()
  await expect(page).not.toHaveURL(/\/login/)
}
