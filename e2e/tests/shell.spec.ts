import { expect, test } from '@playwright/test'
import { loginPersonal, newPerson } from './support.ts'

test('/ goes to /home keeping the launch query', async ({ page }) => {
  await loginPersonal(page, newPerson('杜甫'))
  await page.goto('/?type=1&expand=abc')
  await expect(page).toHaveURL(/\/home\?type=1&expand=abc$/)
  await expect(page.getByText('管理我的印章', { exact: true })).toBeVisible()
})

test('a host app launches with a token and a redirect in params', async ({ page, browser, baseURL }) => {
  const person = newPerson('王维')
  await loginPersonal(page, person)
  const token = await page.evaluate(() => localStorage.getItem('seal.token'))
  const fresh = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } })
  const hosted = await fresh.newPage()
  const params = encodeURIComponent(JSON.stringify({ token, redirect: '/seal-apply/readme' }))
  await hosted.goto(`/home?params=${params}&enterpriseId=e-1`)
  await expect(hosted).toHaveURL(/\/seal-apply\/readme$/)
  await expect(hosted.getByText('个人电子名章申请', { exact: true })).toBeVisible()
  await fresh.close()
})

test('a spec route asks for login, then opens its screen (none says 建设中)', async ({ page }) => {
  await page.goto('/seal-activate/list')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fseal-activate%2Flist$/)
  await loginPersonal(page, newPerson('李白'), /\/seal-activate\/list$/)
  await expect(page.getByText('暂无可激活的印章类型')).toBeVisible()
  await expect(page.getByText('建设中')).toHaveCount(0)
  await page.screenshot({ path: 'test-results/screens/activation-list-empty.png' })
})

test('an unknown address says 页面不存在 and offers the way home, not 建设中', async ({ page }) => {
  await loginPersonal(page, newPerson('韩愈'))
  await page.goto('/no-such-screen')
  await expect(page.getByText('页面不存在').first()).toBeVisible()
  await expect(page.getByText('建设中')).toHaveCount(0)
  await expect(page.getByText(/敬请期待/)).toHaveCount(0)
  await page.screenshot({ path: 'test-results/screens/not-found.png' })
  await page.getByRole('button', { name: '返回首页' }).click()
  await expect(page).toHaveURL(/\/home$/)
})

test('the API documents itself at /api/docs', async ({ request }) => {
  const response = await request.get('/api/docs/json')
  expect(response.ok()).toBe(true)
  const document = await response.json()
  expect(Object.keys(document.paths)).toContain('/api/seal-apply/region/list')
})
