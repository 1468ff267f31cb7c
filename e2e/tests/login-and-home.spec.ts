import { expect, test } from '@playwright/test'
import { demo, expectBadgeClearOf, expectNoScroll, loginEnterprise, loginPersonal, newPerson, readSmsCode, snap } from './support.ts'

test('opening the app without a session leads to login, and the demo person lands on home with every card', async ({ page }) => {
  await page.goto('/home')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome/)
  await expect(page.getByText('沙箱环境', { exact: true })).toBeVisible()
  await snap(page, 'login')

  await loginPersonal(page, demo.person)
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('电子印章')
  for (const title of ['电子印章申请', '管理我的印章', '完成印章授权', '印章绑定', '待办中心']) {
    await expect(page.getByText(title, { exact: true })).toBeVisible()
  }
  await expect(page.getByText('申请记录')).toBeVisible()
  await expect(page.getByText('技术支持：')).toContainText('400-000-0000')
  await snap(page, 'home-personal')

  // The operation manual (generated at first start) opens as pages at the screen width.
  await page.getByRole('link', { name: '操作手册' }).click()
  await expect(page).toHaveURL(/\/applyPdf$/)
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('电子印章申请')
  await expect(page.locator('canvas').first()).toBeVisible()
  await expect.poll(() => page.locator('canvas').count()).toBeGreaterThan(3)
  const width = await page.locator('canvas').first().evaluate((canvas) => canvas.getBoundingClientRect().width)
  expect(Math.round(width)).toBe(390)
  await expect(page.getByText('PDF加载中')).toHaveCount(0)
  await snap(page, 'operation-manual')
  // The way back is a button named 返回, large enough for a thumb, and all of it answers a tap.
  const back = page.getByRole('button', { name: '返回' })
  const box = (await back.boundingBox())!
  expect(box.width).toBeGreaterThanOrEqual(44)
  expect(box.height).toBeGreaterThanOrEqual(44)
  await page.mouse.click(box.x + box.width - 6, box.y + box.height - 4) // the far corner, not the arrow
  await expect(page).toHaveURL(/\/home$/)

  // The apply card goes to the readme page by default; the personal option starts the personal flow.
  await page.getByText('电子印章申请', { exact: true }).click()
  await expect(page).toHaveURL(/\/seal-apply\/readme$/)
  await expect(page.getByText('个人电子名章申请', { exact: true })).toBeVisible()
  await expectNoScroll(page)
  await snap(page, 'readme')
  await page.getByRole('button', { name: '申请个人电子名章' }).click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/show-flow$/)
})

test('a first login asks for name and ID number, with the shared rules checked before sending', async ({ page }) => {
  const person = newPerson('赵敏')
  await page.goto('/login')
  await page.getByPlaceholder('请输入手机号').fill('1234')
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByText('请输入正确的手机号码')).toBeVisible()

  await page.getByPlaceholder('请输入手机号').fill(person.phone)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await page.getByPlaceholder('请输入验证码').fill(await readSmsCode(page, person.phone))
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.getByPlaceholder('请输入真实姓名')).toBeVisible()
  await page.getByPlaceholder('请输入真实姓名').fill(person.name)
  await page.getByPlaceholder('请输入18位身份证号').fill(person.identityNo.slice(0, 17) + (person.identityNo.endsWith('1') ? '2' : '1'))
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.getByText('请输入正确的身份证件号码').or(page.getByText('请输入正确的身份证'))).toBeVisible()
  await snap(page, 'login-first-time')

  await page.getByPlaceholder('请输入18位身份证号').fill(person.identityNo)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByText(`${person.name}，您好`)).toBeVisible()
})

test('the legal representative logs in for the unit: no to-do centre, and the personal seal is refused', async ({ page }) => {
  await loginEnterprise(page)
  await expect(page.getByText(`${demo.unit.name}，您好`)).toBeVisible()
  await expect(page.getByText('管理我的印章', { exact: true })).toBeVisible()
  await expect(page.getByText('待办中心', { exact: true })).toHaveCount(0)
  await snap(page, 'home-enterprise')
  await page.getByText('电子印章申请', { exact: true }).click()
  await page.getByRole('button', { name: '申请个人电子名章' }).click()
  await expect(page.getByText('请切换至个人账户进行个人电子名章申请')).toBeVisible()
  await expect(page).toHaveURL(/\/seal-apply\/readme$/)
})

test('退出登录 on home ends the session and opens login, where another account can log in', async ({ page }) => {
  const first = newPerson('欧阳修')
  await loginPersonal(page, first)
  const token = await page.evaluate(() => localStorage.getItem('seal.token'))
  const logout = page.getByRole('button', { name: '退出登录' })
  await expectBadgeClearOf(page, [logout, page.getByRole('button', { name: '返回' })])
  await snap(page, 'home-logout-button')
  await logout.click()
  await expect(page.getByText('退出当前账号？退出后可使用其他账号登录')).toBeVisible()
  await snap(page, 'home-logout-confirm')
  await page.locator('.adm-dialog').getByRole('button', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('seal.token'))).toBeNull()
  // The old token is dead on the server too.
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })
  expect(me.status() === 401 || (await me.json()).resultStatus === '401').toBe(true)
  // Home now asks for a login; another person logs in and is greeted by name.
  await page.goto('/home')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome/)
  const second = newPerson('苏轼')
  await loginPersonal(page, second)
  await expect(page.getByText(`${second.name}，您好`)).toBeVisible()

  // The sandbox outbox gives its times in Beijing time, as every screen does, and says so.
  await page.goto('/dev/sms')
  await expect(page.locator('.adm-list-item', { hasText: second.phone }).first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（北京时间）/)
  await snap(page, 'sms-outbox')
})
