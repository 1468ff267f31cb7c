import { expect, test } from '@playwright/test'
import { snap } from './support.ts'

test('验章 reads an unsigned PDF as having no seals, and refuses a file that is not a PDF', async ({ page, request }) => {
  const manual = await request.get('/api/configs/operation/manual')
  expect(manual.headers()['content-type']).toBe('application/pdf')

  await page.goto('/verify')
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('验章')
  await page.locator('input[type=file]').setInputFiles({ name: '操作手册.pdf', mimeType: 'application/pdf', buffer: await manual.body() })
  await expect(page.getByText('未发现电子签章')).toBeVisible()
  await expect(page.getByText('操作手册.pdf，共 0 个签章')).toBeVisible()
  await snap(page, 'verify-unsigned')

  await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('不是PDF') })
  await expect(page.getByText('请上传PDF格式的文件')).toBeVisible()
})
