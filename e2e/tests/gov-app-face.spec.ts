import { devices, expect, test } from '@playwright/test'
import { idCardPictures, uploadIdSide } from './personal-seal-support.ts'
import { loginPersonal, newPerson, snap } from './support.ts'

// The H5 inside the government service app: its web view appends the marker to the user agent. The server
// runs the sandbox platform, so the page's own camera (Chromium's fake device) plays the app's face screen.
test.use({ userAgent: `${devices['Pixel 5'].userAgent} GovServiceApp/3.2` })

async function toFaceStep(
  page: import('@playwright/test').Page,
  person: { name: string; identityNo: string },
) {
  const pictures = await idCardPictures(person)
  await page.goto('/personal-seal-apply/show-flow')
  await page.getByRole('button', { name: '开始申请' }).click()
  await uploadIdSide(page, 'front', pictures.front)
  await uploadIdSide(page, 'back', pictures.back)
  await expect(page.locator('.id-photo-field[data-side="front"]')).toContainText('识别成功', {
    timeout: 30_000,
  })
  await expect(page.locator('.id-photo-field[data-side="back"]')).toContainText('识别成功', {
    timeout: 30_000,
  })
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-2$/)
}

test("inside the government app the personal seal's face step runs the app's face route and goes on", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const person = newPerson('周政务')
  await loginPersonal(page, person)
  await toFaceStep(page, person)

  await expect(page.getByText('政务服务应用人脸识别')).toBeVisible()
  await snap(page, 'gov-face-1-start')
  await page.getByRole('button', { name: '开始人脸识别' }).click()
  // The stand-in app takes the face with the page's camera.
  await expect(page.getByText('沙箱环境：由本页摄像头代替政务服务应用采集人脸')).toBeVisible()
  await expect(page.getByRole('button', { name: '开始识别' })).toBeEnabled()
  await snap(page, 'gov-face-2-sandbox-capture')
  await page.getByRole('button', { name: '开始识别' }).click()
  await expect(page.getByText('人脸验证成功').first()).toBeVisible({ timeout: 20_000 })
  await snap(page, 'gov-face-3-passed')
  await expect(page).toHaveURL(/\/personal-seal-apply\/apply-agreement-sample$/, { timeout: 10_000 })
})

test('a person the government platform fails sees its msg and may start again', async ({ page }) => {
  test.setTimeout(120_000)
  const person = newPerson('钱政务', { sequence: '999' })
  await loginPersonal(page, person)
  await toFaceStep(page, person)
  await page.getByRole('button', { name: '开始人脸识别' }).click()
  await page.getByRole('button', { name: '开始识别' }).click()
  await expect(page.getByText('人脸核验失败，请重试').first()).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('button', { name: '重新识别' })).toBeVisible()
  await snap(page, 'gov-face-4-failed')
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-2$/)
})
