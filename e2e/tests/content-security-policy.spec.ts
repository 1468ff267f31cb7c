import { expect, test, type Page } from '@playwright/test'
import { loginPersonal, newPerson, resetConfig, setConfig, snap } from './support.ts'

/** Everything the browser refused or complained about while the screens ran: CSP violations and console errors. */
function watchForRefusals(page: Page) {
  const refusals: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') refusals.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => refusals.push(`page error: ${error.message}`))
  // A violation is reported as an event in the page even when the console message is missed.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber} on ${location.pathname}`)
    })
  })
  return refusals
}

test('the app runs under its content security policy: login, home, the operation manual (pdf.js), 验章 and the API documentation', async ({ page, request }) => {
  const refusals = watchForRefusals(page)

  const shell = await request.get('/login')
  expect(shell.headers()['content-security-policy']).toContain("script-src 'self'")

  await page.goto('/login')
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible()
  // A new person, so the demo person's once-a-minute SMS code stays free for the other tests.
  await loginPersonal(page, newPerson('陈立'))
  await expect(page.getByText('电子印章申请', { exact: true })).toBeVisible()
  await snap(page, 'csp-home')

  // The operation manual is drawn by pdf.js, whose worker comes from /assets.
  await page.getByRole('link', { name: '操作手册' }).click()
  await expect.poll(() => page.locator('canvas').count()).toBeGreaterThan(0)

  const manual = await request.get('/api/configs/operation/manual')
  await page.goto('/verify')
  await page.locator('input[type=file]').setInputFiles({ name: '操作手册.pdf', mimeType: 'application/pdf', buffer: await manual.body() })
  await expect(page.getByText('未发现电子签章')).toBeVisible()

  await page.goto('/api/docs')
  await expect(page.locator('.swagger-ui .info .title')).toContainText('电子印章服务 API')

  expect(refusals).toEqual([])
})

test('the camera works under the policy: the login face check takes a selfie and lets the person in', async ({ page, request }) => {
  const refusals = watchForRefusals(page)
  await setConfig(request, 'enableLoginFaceAuth', true)
  try {
    await loginPersonal(page, newPerson('卫青'))
    await expect(page.getByLabel('摄像头画面')).toBeVisible()
    await page.getByRole('button', { name: '开始识别' }).click()
    await expect(page.getByText('电子印章申请', { exact: true })).toBeVisible()
  } finally {
    await resetConfig(request, 'enableLoginFaceAuth')
  }
  expect(refusals).toEqual([])
})
