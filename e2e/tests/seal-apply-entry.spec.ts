import { expect, test } from '@playwright/test'
import { loginPersonal, newPerson, snap } from './support.ts'

test('a person finds the enterprise entry, reads the legal representative’s operation guide and starts the wizard; an operator sees their own steps', async ({
  page,
}) => {
  // A new person, not the shared demo phone: its one code a minute would hold this test behind earlier ones.
  await loginPersonal(page, newPerson('赵经办'))
  await page.goto('/seal-apply/readme')
  await page.getByRole('button', { name: '申请单位电子印章' }).click()
  await expect(page).toHaveURL(/\/seal-apply$/)
  await expect(page.getByText('我是法定代表人')).toBeVisible()
  await expect(page.getByText('我是经办人')).toBeVisible()
  await snap(page, 'seal-apply-landing')

  // The seal pattern example explains how to photograph the impression.
  await page.getByRole('link', { name: '查看印章图样示例' }).click()
  await expect(page).toHaveURL(/\/seal-example\/2$/)
  await expect(page.getByText('印模照片要求')).toBeVisible()
  await snap(page, 'seal-example-2')
  await page.getByRole('button', { name: '我知道了' }).click()
  await expect(page).toHaveURL(/\/seal-apply$/)

  await page.getByText('我是法定代表人').click()
  await expect(page).toHaveURL(/\/new\/seal\/flow\?businessType=APPLY&applicatKind=LEGAL_APPLY$/)
  await expect(page.getByText('操作指引').first()).toBeVisible()
  await expect(page.getByText('温馨提示')).toBeVisible()
  for (const step of ['1 填写单位信息', '2 设置印章', '3-1 签署申请文件', '3-2 查看结果']) {
    await expect(page.getByText(step, { exact: true })).toBeVisible()
  }
  await expect(page.getByText('经办人身份证人像面和国徽面照片')).toHaveCount(0)
  await snap(page, 'new-seal-flow-legal')

  await page.getByRole('button', { name: '开始申请' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText(/确定开始申请吗/)).toBeVisible()
  // The opening animation has ended: the box and the mask are fully shown.
  await expect(dialog.locator('> div')).toHaveCSS('opacity', '1')
  await expect(page.locator('.adm-center-popup-mask')).toHaveCSS('opacity', '1')
  await snap(page, 'new-seal-flow-confirm')
  await dialog.getByRole('button', { name: '确定' }).click()
  await expect(page).toHaveURL(/\/new\/seal\/home\?businessType=APPLY&applicatKind=LEGAL_APPLY$/)

  await page.goto('/seal-apply')
  await page.getByText('我是经办人').click()
  await expect(page).toHaveURL(/\/new\/seal\/flow\?businessType=APPLY&applicatKind=OPERATOR_APPLY$/)
  await expect(page.getByText('经办人身份证人像面和国徽面照片')).toBeVisible()
  await expect(page.getByText(/法定代表人以个人登录（同一手机号）在“待办中心”签署申请文件/)).toBeVisible()
  await snap(page, 'new-seal-flow-operator')

  // Cancelling the confirmation stays on the guide.
  await page.getByRole('button', { name: '开始申请' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click()
  await expect(page).toHaveURL(/\/new\/seal\/flow\?/)

  await page.goto('/new/seal/flow?businessType=CANCEL&applicatKind=LEGAL_APPLY')
  await expect(page.getByText('2-1 上传申请表', { exact: true })).toBeVisible()
  await expect(page.getByText('设置印章')).toHaveCount(0)

  await page.goto('/new/seal/flow?businessType=NOPE&applicatKind=LEGAL_APPLY')
  await expect(page.getByText('参数错误')).toBeVisible()
  await snap(page, 'new-seal-flow-bad-query')
  await page.getByRole('button', { name: '重新选择' }).click()
  await expect(page).toHaveURL(/\/seal-apply$/)
})
