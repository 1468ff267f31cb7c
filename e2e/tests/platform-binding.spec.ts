import { expect, test } from '@playwright/test'
import { confirmWith, DEMO_SEAL_PIN, demoNameSeal, tickAgreement } from './binding-support.ts'
import { demo, expectBadgeClearOf, loginPersonal, snap } from './support.ts'

/**
 * Platform binding (spec 002 §2 "Platform binding routes", §4, §5; issue #12) as the demo person does it at
 * 390×844: bind their name seal to 政府采购电子交易平台 with the seal password, see the result and the
 * record in 平台绑定记录, cancel it with the password, rebind it; and bind the same seal to a second
 * platform from the seal's own menu (/seal-bind).
 */

const PIN = DEMO_SEAL_PIN

test('the demo person binds their name seal to a platform, sees the record, cancels it and binds it again', async ({ page, request }) => {
  test.setTimeout(300_000)
  await loginPersonal(page, demo.person)
  const sealId = await demoNameSeal(page, request)

  // Home → 印章绑定: the intro; 立即绑定 without the tick asks to read the agreement.
  await page.goto('/home')
  await page.getByText('印章绑定', { exact: true }).click()
  await expect(page).toHaveURL(/\/binding$/)
  await expect(page.getByRole('button', { name: '立即绑定' })).toBeInViewport({ ratio: 1 })
  await expectBadgeClearOf(page, [page.getByRole('button', { name: '立即绑定' }), page.getByRole('button', { name: '返回' })])
  await snap(page, 'binding-1-intro')
  await page.getByRole('link', { name: '《平台绑定用章服务协议》' }).click()
  await expect(page).toHaveURL(/\/binding\/argument$/)
  await expect(page.getByRole('heading', { name: '三、绑定的有效期' })).toBeVisible()
  await snap(page, 'binding-2-agreement')
  await page.getByRole('button', { name: '返回' }).click()
  await page.getByRole('button', { name: '立即绑定' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('平台绑定用章服务协议')
  await expect(dialog.getByRole('button', { name: '不同意' })).toBeVisible()
  await snap(page, 'binding-3-agreement-dialog')
  await dialog.getByRole('button', { name: '同意', exact: true }).click()

  // 选择绑定平台: a name that matches nothing, then the full name.
  await expect(page).toHaveURL(/\/binding\/platform$/)
  await expect(page.getByText('政府采购电子交易平台')).toBeVisible()
  await expect(page.locator('.binding-platform', { hasText: '政府采购电子交易平台' })).toContainText('用于投标文件、合同的电子签章')
  await snap(page, 'binding-4-platforms')
  const search = page.getByRole('searchbox').or(page.getByPlaceholder('请输入平台全称搜索')).first()
  await search.fill('不存在的平台')
  await expect(page.getByText('搜索无结果，请检查输入的平台名称')).toBeVisible()
  await snap(page, 'binding-4-platforms-none')
  await search.fill('政府采购电子交易平台')
  await expect(page.locator('.binding-platform')).toHaveCount(1)
  const procurement = page.locator('.binding-platform', { hasText: '政府采购电子交易平台' })
  const before = /\((\d+)\/20\)/.exec((await procurement.textContent()) ?? '')
  expect(before, 'the platform shows (applied/total)').toBeTruthy()
  await procurement.click()

  // 选择印章: nothing selected yet; the seal is selected only after its password.
  await expect(page).toHaveURL(/\/binding-list\?platformId=/)
  await expect(page.getByText('绑定平台：政府采购电子交易平台')).toBeVisible()
  const seal = page.locator('.binding-seal', { hasText: `${demo.person.name}的个人名章` })
  await expect(seal).toContainText('未选择')
  await expect(page.getByRole('button', { name: '提交绑定(0/1)' })).toBeVisible()
  await snap(page, 'binding-5-seals')
  await page.getByRole('button', { name: '提交绑定(0/1)' }).click()
  await expect(page.getByText('请先选择绑定印章，完成用章确认')).toBeVisible()
  await seal.click()
  await confirmWith(page, 'abc')
  await expect(page.getByText('请输入正确的用章密码（数字+字母组合）')).toBeVisible()
  await snap(page, 'binding-6-confirm-rule')
  await confirmWith(page, 'wrong2026')
  await expect(page.getByText('印章密码错误，还可尝试4次')).toBeVisible()
  await confirmWith(page, PIN)
  await expect(seal).toContainText('已选择')
  await expect(page.getByRole('button', { name: '提交绑定(1/1)' })).toBeVisible()
  await snap(page, 'binding-7-selected')
  await page.getByRole('button', { name: '提交绑定(1/1)' }).click()

  // 提交成功 with the count.
  await expect(page).toHaveURL(/\/binding-result\/1$/)
  await expect(page.getByText('已成功绑定1枚印章')).toBeVisible()
  await snap(page, 'binding-8-result')
  await page.getByRole('button', { name: '完成' }).click()
  await expect(page).toHaveURL(/\/home/)

  // The seal's detail → 平台绑定记录: the binding in effect.
  await page.goto(`/seal-preview/personal/${sealId}`)
  await page.getByText('平台绑定记录').click()
  await expect(page).toHaveURL(new RegExp(`/platform-binding-record\\?sealId=${sealId}$`))
  const record = page.locator('.binding-record', { hasText: '政府采购电子交易平台' }).first()
  await expect(record).toContainText('绑定中')
  await expect(record).toContainText(demo.person.name)
  await snap(page, 'binding-9-records')

  // 取消绑定 asks for the seal password.
  await record.getByRole('button', { name: '取消绑定' }).click()
  await confirmWith(page, 'wrong2026')
  await expect(page.getByText(/印章密码错误，还可尝试\d次/)).toBeVisible()
  await confirmWith(page, PIN)
  await expect(page.getByText('取消绑定成功')).toBeVisible()
  await expect(record).toContainText('已失效')
  await snap(page, 'binding-10-cancelled')

  // 重新绑定: the explanation and agreement, then the password, then done; the record is in effect again.
  await record.getByRole('button', { name: '重新绑定' }).click()
  await expect(page).toHaveURL(new RegExp(`/seal-bind/${sealId}/0/[^/?]+\\?platformId=`))
  await expect(page.getByText('平台绑定说明')).toBeVisible()
  await snap(page, 'binding-11-rebind-intro')
  await tickAgreement(page)
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page.getByText('政府采购电子交易平台')).toBeVisible()
  await snap(page, 'binding-12-rebind-confirm')
  await page.getByRole('button', { name: '确认重新绑定' }).click()
  await confirmWith(page, PIN)
  await expect(page).toHaveURL(/\/seal-bind-complete\?/)
  await expect(page.getByText('印章已绑定至政府采购电子交易平台。')).toBeVisible()
  await snap(page, 'binding-13-rebind-done')
  await page.getByRole('button', { name: '查看平台绑定记录' }).click()
  await expect(page.locator('.binding-record', { hasText: '政府采购电子交易平台' }).first()).toContainText('绑定中')

  // From the seal's own menu (印章绑定): choose another platform and bind it there.
  await page.goto(`/seal-preview/personal/${sealId}`)
  await page.getByText('印章绑定', { exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/seal-bind/${sealId}$`))
  await tickAgreement(page)
  await page.getByRole('button', { name: '选择绑定平台' }).click()
  await expect(page).toHaveURL(new RegExp(`/binding/platform\\?sealId=${sealId}$`))
  await page.locator('.binding-platform', { hasText: '电子税务局' }).click()
  await expect(page.getByText('密码确认')).toBeVisible()
  await snap(page, 'binding-14-seal-bind-confirm')
  await page.getByRole('button', { name: '确认绑定' }).click()
  await confirmWith(page, PIN)
  await expect(page.getByText('印章已绑定至电子税务局。')).toBeVisible()
  await page.getByRole('button', { name: '查看平台绑定记录' }).click()
  await expect(page.locator('.binding-record')).toHaveCount(2)
  await snap(page, 'binding-15-records-two')
})
