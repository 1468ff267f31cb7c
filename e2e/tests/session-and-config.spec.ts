import { expect, test } from '@playwright/test'
import { loginPersonal, newPerson, resetConfig, setConfig, snap } from './support.ts'

test('a session ended on the server says 服务已断开，请退出后重新打开 and returns to login', async ({ page }) => {
  await loginPersonal(page, newPerson('孙悟'))
  const token = await page.evaluate(() => localStorage.getItem('seal.token'))
  // The app is closed while the session ends: home's first requests, still in flight on a slow machine,
  // met the 401 themselves and took the page to login before the reload, which then had nothing to say.
  await page.goto('about:blank')
  const logout = await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` }, data: {} })
  expect((await logout.json()).resultStatus).toBe('00')

  // The notice shows for 3 seconds: look for it from the moment the page starts again, not after it loaded.
  await page.goto('/home', { waitUntil: 'commit' })
  await expect(page.getByText('服务已断开，请退出后重新打开')).toBeVisible()
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome/)
  expect(await page.evaluate(() => localStorage.getItem('seal.token'))).toBeNull()
})

test.describe('configuration', () => {
  test.describe.configure({ mode: 'serial' })
  test.afterEach(async ({ request }) => {
    await resetConfig(request, 'enable')
    await resetConfig(request, 'enableLoginFaceAuth')
    await resetConfig(request, 'buttonConfig')
  })

  test('turning the entry off shows 电子印章入口已关闭 instead of home', async ({ page, request }) => {
    await loginPersonal(page, newPerson('周芷'))
    await setConfig(request, 'enable', false)
    await page.reload()
    await expect(page.getByText('电子印章入口已关闭，如需帮助可联系系统管理员。')).toBeVisible()
    await expect(page.getByText('管理我的印章')).toHaveCount(0)
    await snap(page, 'entry-closed')
  })

  test('button config 1 sends the apply card straight to the personal flow', async ({ page, request }) => {
    await setConfig(request, 'buttonConfig', 1)
    await loginPersonal(page, newPerson('吴用'))
    await page.getByText('电子印章申请', { exact: true }).click()
    await expect(page).toHaveURL(/\/personal-seal-apply\/show-flow$/)
  })

  test('with the login face check on, the camera selfie passes and home opens', async ({ page, request }) => {
    await setConfig(request, 'enableLoginFaceAuth', true)
    await loginPersonal(page, newPerson('郑和'))
    await expect(page.getByText('为保障账户安全，登录前需完成本人人脸识别')).toBeVisible()
    await expect(page.getByRole('button', { name: '开始识别' })).toBeVisible()
    await snap(page, 'login-face-check')
    // Cancelling says so and offers the check again.
    await page.getByRole('button', { name: '取消' }).click()
    await expect(page.getByText('人脸识别已取消')).toBeVisible()
    // A double tap (two taps before the screen reacts, on a slow network) sends one request: the second
    // is refused as 请求重复 and the check goes on.
    const tokenRequests: string[] = []
    await page.route('**/api/verifySign/paasExchangeToken', async (route) => {
      tokenRequests.push(route.request().url())
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.getByRole('button', { name: '开始识别' }).evaluate((button: HTMLElement) => {
      button.click()
      button.click()
    })
    await expect(page.getByText('请求重复')).toBeVisible()
    await expect(page.getByText('电子印章申请', { exact: true })).toBeVisible()
    expect(tokenRequests).toHaveLength(1)
  })

  test('without a camera the person uploads a selfie photo instead', async ({ page, request }) => {
    await setConfig(request, 'enableLoginFaceAuth', true)
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('no camera', 'NotFoundError'))
    })
    await loginPersonal(page, newPerson('冯唐'))
    await expect(page.getByText('无法打开摄像头')).toBeVisible()
    const selfie = await page.evaluate(() => {
      const canvas = document.createElement('canvas')
      canvas.width = canvas.height = 480
      const context = canvas.getContext('2d')!
      context.fillStyle = '#d9b99b'
      context.fillRect(0, 0, 480, 480)
      context.fillStyle = '#6b4f3a'
      context.beginPath()
      context.arc(240, 220, 120, 0, Math.PI * 2)
      context.fill()
      return canvas.toDataURL('image/png').split(',')[1]!
    })
    await page.locator('input[type=file]').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: Buffer.from(selfie, 'base64') })
    await expect(page.getByText('电子印章申请', { exact: true })).toBeVisible()
  })
})
