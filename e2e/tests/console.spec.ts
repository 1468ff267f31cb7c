import { expect, test } from '@playwright/test'
import { desk, firstLogin, login, operatorByKey, phone, type Operator } from './console-support.ts'
import { applyIdOf, operatorFillsStep1, uploadPatterns } from './offline-apply-support.ts'
import { snap } from './support.ts'
import { newUnit, registerInSandbox } from './unit-apply-support.ts'

/**
 * The people who run the service, in the console at 1440×900 (issue #22): an administrator sets up a
 * reviewer with TOTP; the reviewer logs in with password and code, takes an offline application from the
 * queue, compares each seal photo with its cut-out, rejects one seal with a reason and approves the other,
 * while a second reviewer cannot take the same application; the applicant sees both outcomes in the H5
 * record list; the auditor finds the actions under the reviewer's name and can change nothing.
 */
test('an administrator sets up a reviewer, who decides an application per seal while a second reviewer is kept out; the auditor reads it all', async ({ browser, baseURL }) => {
  test.setTimeout(420_000)
  const stamp = Date.now().toString(36).slice(-5)

  // 1. On a phone: an operator applies offline for the unit seal and a contract seal, and mails the paper.
  const h5 = await phone(browser, baseURL!)
  // The name is read back from the licence by OCR: Chinese only, as a licence prints it. The credit code finds it.
  const unit = newUnit('北京线下示例科技有限公司', '孙法人')
  await registerInSandbox(h5.request, unit)
  await operatorFillsStep1(h5, unit, 'console-h5')
  await h5.getByRole('checkbox', { name: '合同专用章' }).click()
  await h5.getByRole('button', { name: '下一步' }).click()
  await uploadPatterns(h5, unit, [
    { code: '01', name: /单位公章|北京线下示例科技有限公司/ },
    { code: '04', name: /合同专用章/ },
  ])
  await h5.getByRole('button', { name: '提交' }).click()
  await h5.getByRole('button', { name: '确认提交' }).click()
  await expect(h5).toHaveURL(/\/seal-apply\/operator\/step-3-1\?applyId=/, { timeout: 30_000 })
  const applyId = applyIdOf(h5)
  await h5.getByRole('button', { name: '邮寄材料' }).click()
  await h5.getByRole('textbox', { name: '快递公司' }).fill('顺丰速运')
  await h5.getByRole('textbox', { name: '快递单号' }).fill(`SF${stamp}0001`)
  await h5.getByRole('button', { name: '提交' }).click()
  await expect(h5).toHaveURL(/\/seal-apply\/operator\/step-3\?applyId=/)

  // 2. The administrator (created from the command line's equivalent, the start-up key) logs in the first
  // time: a password of their own, the authenticator enrolled; then creates the reviewer in 操作员管理.
  const adminDesk = await desk(browser, baseURL!)
  let admin: Operator = await operatorByKey(adminDesk.request, { username: `admin${stamp}`, displayName: '周管理', identityNo: '110101198001010010', roles: ['admin'] })
  admin = await firstLogin(adminDesk, admin, 'Admin#2026desk', 'console-1-admin')
  await expect(adminDesk.getByText(/数据截至/)).toBeVisible()
  await snap(adminDesk, 'console-2-admin-home')
  await adminDesk.getByRole('menuitem', { name: '操作员管理' }).click()
  await adminDesk.getByRole('button', { name: '新建操作员' }).click()
  const form = adminDesk.getByRole('dialog', { name: '新建操作员' })
  await form.getByLabel('用户名').fill(`wang${stamp}`)
  await form.getByLabel('姓名').fill('王审核')
  await form.getByLabel('身份证号').fill('110101199003070011')
  await form.getByRole('button', { name: '确定' }).click()
  await expect(form.getByText('请至少选择一个角色')).toBeVisible()
  await form.getByRole('checkbox', { name: '审核员' }).check()
  await snap(adminDesk, 'console-3-create-reviewer')
  await form.getByRole('button', { name: '确定' }).click()
  const shown = adminDesk.getByRole('dialog', { name: '已创建操作员 王审核' })
  await expect(shown.getByText('仅显示这一次')).toBeVisible()
  const initialPassword = (await shown.locator('.ant-typography code').innerText()).trim()
  expect(initialPassword).toMatch(/^.{16}$/)
  await snap(adminDesk, 'console-4-initial-password')
  await shown.getByRole('button', { name: '我已保存' }).click()
  await expect(adminDesk.getByRole('row', { name: /王审核/ })).toContainText('审核员')

  // 3. The reviewer's first login, then the queue: the application waits, from the offline door.
  const wangDesk = await desk(browser, baseURL!)
  await firstLogin(wangDesk, { username: `wang${stamp}`, displayName: '王审核', password: initialPassword }, 'Review#2026desk', 'console-5-reviewer')
  await wangDesk.getByRole('menuitem', { name: '审核队列' }).click()
  await wangDesk.getByPlaceholder('单位名称、信用代码、申请人或法定代表人姓名').fill(unit.socialCreditCode)
  await wangDesk.getByRole('button', { name: '查询' }).click()
  const row = wangDesk.getByRole('row', { name: new RegExp(unit.socialCreditCode) })
  await expect(row).toContainText('线下')
  await snap(wangDesk, 'console-6-queue')
  await row.getByRole('link', { name: unit.unitName }).click()
  await expect(wangDesk).toHaveURL(new RegExp(`/console/review/${applyId}`))
  await wangDesk.getByRole('button', { name: '领取' }).click()
  await expect(wangDesk.getByText(/已由我领取/)).toBeVisible()

  // Each seal's photo beside its cut-out.
  const unitSeal = wangDesk.getByRole('region', { name: /印章 .*(单位公章|北京线下示例科技有限公司)/ })
  const contractSeal = wangDesk.getByRole('region', { name: /印章 .*合同专用章/ })
  for (const card of [unitSeal, contractSeal]) {
    await expect(card.getByRole('img', { name: '印章照片' })).toBeVisible()
    await expect(card.getByRole('img', { name: '抠图后的印模' })).toBeVisible()
  }
  await contractSeal.scrollIntoViewIfNeeded()
  await snap(wangDesk, 'console-7-photo-beside-cutout')

  // 4. A second reviewer (set up by a script with the start-up key) cannot take it meanwhile.
  const liDesk = await desk(browser, baseURL!)
  const li = await firstLogin(liDesk, await operatorByKey(liDesk.request, { username: `li${stamp}`, displayName: '李审核', identityNo: '110101199003071014', roles: ['reviewer'] }), 'Review#2026other')
  expect(li.secret).toBeTruthy()
  await liDesk.goto(`/console/review/${applyId}`)
  await expect(liDesk.getByText('该申请正由王审核审核中', { exact: false })).toBeVisible()
  await expect(liDesk.getByRole('button', { name: '提交审核' })).toHaveCount(0)
  await snap(liDesk, 'console-8-second-reviewer-kept-out')

  // 5. The reviewer rejects the contract seal with a reason and approves the unit seal.
  const reason = '合同专用章印模边缘残缺，请重新盖章拍照'
  // antd's button-style radios: the person clicks the button (the input under it is hidden).
  await contractSeal.locator('label', { hasText: '驳回' }).click()
  await expect(contractSeal.getByRole('radio', { name: '驳回' })).toBeChecked()
  await contractSeal.getByRole('textbox', { name: /驳回原因/ }).fill(reason)
  await unitSeal.locator('label', { hasText: '通过' }).click()
  await expect(unitSeal.getByRole('radio', { name: '通过' })).toBeChecked()
  await snap(wangDesk, 'console-9-decisions')
  await wangDesk.getByRole('button', { name: '提交审核' }).click()
  const confirm = wangDesk.getByRole('tooltip').getByRole('button', { name: '提交', exact: true })
  await expect(wangDesk.getByRole('tooltip').getByRole('button', { name: '取消' })).toBeVisible()
  // A click that lands while the confirmation is still opening is lost (it stays open, not loading): again.
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.click({ timeout: 2_000 })
    await expect(contractSeal.getByText('已驳回')).toBeVisible({ timeout: 10_000 })
  }).toPass({ timeout: 60_000 })
  await expect(unitSeal.getByText('已通过')).toBeVisible()
  await snap(wangDesk, 'console-10-decided')

  // 6. On the phone: the record list says so, and each seal's outcome with the reason.
  await h5.goto('/seal-apply/record-list')
  await h5.getByText('经办人申请').click()
  const card = h5.getByRole('article', { name: unit.unitName })
  await card.getByRole('button', { name: '查看' }).click()
  await expect(h5.getByText('部分申请通过')).toBeVisible()
  await h5.getByRole('button', { name: '查看审核结果' }).click()
  await expect(h5.getByRole('region', { name: '未通过的印章' }).getByText(reason)).toBeVisible()
  await expect(h5.getByRole('region', { name: '审核通过的印章' })).toBeVisible()
  await snap(h5, 'console-11-applicant-sees-outcome')

  // 7. The auditor finds the reviewer's actions under his name, and can change nothing.
  const auditorDesk = await desk(browser, baseURL!)
  await firstLogin(auditorDesk, await operatorByKey(auditorDesk.request, { username: `zhao${stamp}`, displayName: '赵审计', identityNo: '110101199003072017', roles: ['auditor'] }), 'Audit#2026desk')
  await auditorDesk.getByRole('menuitem', { name: '审计日志' }).click()
  await auditorDesk.getByPlaceholder('操作员、API 密钥，或用户的手机号、身份证号、姓名').fill('王审核')
  await auditorDesk.getByRole('button', { name: '查询' }).click()
  const entries = auditorDesk.getByRole('row', { name: new RegExp(applyId) })
  await expect(entries.first()).toContainText('王审核')
  expect(await entries.count()).toBeGreaterThanOrEqual(2) // the claim and the decision
  await snap(auditorDesk, 'console-12-auditor-audit-log')
  await auditorDesk.goto(`/console/review/${applyId}`)
  await expect(auditorDesk.getByText(unit.unitName).first()).toBeVisible()
  await expect(auditorDesk.getByRole('button', { name: '领取' })).toHaveCount(0)
  await expect(auditorDesk.getByRole('button', { name: '提交审核' })).toHaveCount(0)
  await snap(auditorDesk, 'console-13-auditor-reads-only')
  // And the API refuses the auditor's session what the screen does not offer.
  const auditorToken = await auditorDesk.evaluate(() => sessionStorage.getItem('seal-console.token'))
  const refused = await auditorDesk.request.post(`/api/admin/applications/${applyId}/claim`, { headers: { authorization: `Bearer ${auditorToken}` } })
  expect(refused.status()).toBe(403)

  // The administrator logs out; the session is gone.
  await adminDesk.getByText('周管理').first().hover()
  await adminDesk.getByText('退出登录').click()
  await expect(adminDesk).toHaveURL(/\/console\/login/)
  await login(adminDesk, admin)
  await expect(adminDesk.getByRole('menuitem', { name: '操作员管理' })).toBeVisible()
})
