import { expect, test } from '@playwright/test'
import { idCardPictures } from './personal-seal-support.ts'
import { applyIdOf, newInstitution, operatorFillsStep1, uploadPatterns } from './offline-apply-support.ts'
import { adminToken, loginPersonal, pdfsigTrustingOurCa, registerRealName, snap } from './support.ts'
import { newUnit, registerInSandbox } from './unit-apply-support.ts'

/**
 * The operator's offline-materials door (spec 001 §2 "Operator offline flow", §4 offline statuses; issue #21
 * §1 journeys (b) and (e)), at 390×844, as new users: the operator fills in the unit and both people from
 * their ID cards and the licence, uploads the seal patterns, sends the signed materials (uploaded, or mailed
 * with a waybill number), and the application waits for a person: the reviewer decides through the operator
 * API, per seal.
 */

const admin = () => ({ authorization: `Bearer ${adminToken()}` })


test('(b) an administrative institution applies offline with its signed documents and is approved only after a person reviews it', async ({ page }) => {
  test.setTimeout(300_000)
  const unit = newInstitution('北京市示例区档案馆', '孙馆长')
  await registerInSandbox(page.request, unit)
  await operatorFillsStep1(page, unit, 'offline-b')
  // The credit code's prefix (121) makes it an administrative or public institution (06).
  await expect(page.locator('.adm-selector-item-active', { hasText: '行政事业单位' })).toBeVisible()
  await snap(page, 'offline-b-1-step1')
  await page.getByRole('button', { name: '下一步' }).click()

  // step-2-1: the unit seal's pattern; an institution applying anew uploads its signed documents next.
  await uploadPatterns(page, unit, [{ code: '01', name: /单位公章|北京市示例区档案馆/ }])
  await snap(page, 'offline-b-2-patterns')
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/operator\/step-2-2\?applyId=/)
  const applyId = applyIdOf(page)
  await snap(page, 'offline-b-3-documents-empty')

  // The materials to print: the application form made for this application, the letter of authorisation.
  await page.getByRole('button', { name: '下载申请材料' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/operator\/step-2\?applyId=/)
  await snap(page, 'offline-b-4-download')
  const download = page.waitForEvent('download')
  await page.getByRole('listitem').filter({ hasText: '电子印章申请表' }).getByRole('button', { name: '下载' }).click()
  const form = await download
  expect(form.suggestedFilename()).toBe('电子印章申请表.pdf')
  const formPdf = await form.path().then((path) => import('node:fs').then((fs) => fs.readFileSync(path)))
  expect(formPdf.subarray(0, 5).toString()).toBe('%PDF-')
  await page.getByRole('link', { name: '查看申请表示例' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/operator\/temp$/)
  await expect(page.getByRole('figure', { name: '已签字盖章的申请表示例' })).toBeVisible()
  await snap(page, 'offline-b-5-examples')
  await page.getByRole('button', { name: '我知道了' }).click()
  await page.locator('.unit-footer').getByRole('button', { name: '返回' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/operator\/step-2-2\?applyId=/)

  // 暂存 first (稍后上传), then the signed form (the PDF printed, signed, stamped and scanned) and submit.
  await page.getByRole('button', { name: '暂存' }).click()
  await expect(page.getByText('已保存，可稍后上传')).toBeVisible()
  await page.getByRole('button', { name: '提交' }).click()
  await expect(page.getByText('请上传申请表！')).toBeVisible()
  await page.getByLabel('上传申请材料').setInputFiles({ name: '电子印章申请表（已盖章）.pdf', mimeType: 'application/pdf', buffer: formPdf })
  await expect(page.locator('.unit-form-files .adm-image-uploader-cell-image')).toHaveCount(1, { timeout: 30_000 })
  await expect(page.getByText('上传中...')).toBeHidden({ timeout: 30_000 })
  await expect(page.getByText('请上传申请表！')).toBeHidden()
  await snap(page, 'offline-b-6-documents')
  await page.getByRole('button', { name: '提交' }).click()
  await page.getByRole('button', { name: '确认提交' }).click()

  // Submitted: it waits for a person; nothing is approved on its own.
  await expect(page).toHaveURL(new RegExp(`/seal-apply/operator/step-3-1\\?applyId=${applyId}`), { timeout: 30_000 })
  await expect(page.getByText('材料已上传，待审核')).toBeVisible()
  await snap(page, 'offline-b-7-waiting')
  const queued = (await (await page.request.get(`/api/admin/applications/${applyId}`, { headers: admin() })).json()).data
  expect(queued).toMatchObject({ applyStatus: 'PENDING_REVIEW', door: 'OFFLINE', unitTypeCode: '06' })
  await page.reload()
  await expect(page.getByText('材料已上传，待审核')).toBeVisible()

  // A reviewer reads the documents and approves the seal.
  const reviewed = await page.request.post(`/api/admin/applications/${applyId}/review`, {
    headers: admin(),
    data: { decisions: queued.sealInfo.map((item: { _id: string }) => ({ itemId: item._id, approve: true })), note: '申请表签字盖章齐全' },
  })
  expect((await reviewed.json()).resultStatus).toBe('00')
  await page.reload()
  await expect(page.getByText('申请通过')).toBeVisible()
  await expect(page.getByText('需法定代表人激活后使用')).toBeVisible()
  await snap(page, 'offline-b-8-approved')
  await page.getByRole('button', { name: '查看审核结果' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/operator\/step-5\?applyId=/)
  await expect(page.getByRole('region', { name: '审核通过的印章' })).toBeVisible()
  await expect(page.getByText('申请表签字盖章齐全')).toBeVisible()
  await snap(page, 'offline-b-9-outcome')

  // The offline form of a renewal asks for the unit first; an institution cannot renew (001 §1).
  await page.goto('/seal-apply/offline-form?applyType=4')
  await expect(page.getByText('印章续期申请表')).toBeVisible()
  await page.getByPlaceholder('请输入统一社会信用代码').fill(unit.socialCreditCode)
  await expect(page.getByText('暂无可续期的印章')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: '行政事业单位不可申请印章续期' })).toBeVisible()
  await snap(page, 'offline-b-10-renewal-form')
})

test('(e) a reviewer rejects one seal of an offline application and the operator reapplies from the record list', async ({ page }) => {
  test.setTimeout(300_000)
  const unit = newUnit('北京线下示例科技有限公司', '周法人')
  await registerInSandbox(page.request, unit)
  await operatorFillsStep1(page, unit, 'offline-e')
  await page.getByRole('checkbox', { name: '合同专用章' }).click()
  await snap(page, 'offline-e-1-step1')
  await page.getByRole('button', { name: '下一步' }).click()

  await uploadPatterns(page, unit, [
    { code: '01', name: /单位公章|北京线下示例科技有限公司/ },
    { code: '04', name: /合同专用章/ },
  ])
  await page.getByRole('button', { name: '提交' }).click()
  await page.getByRole('button', { name: '确认提交' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/operator\/step-3-1\?applyId=/, { timeout: 30_000 })
  const applyId = applyIdOf(page)
  await expect(page.getByText('已提交，待寄送纸质材料')).toBeVisible()
  await snap(page, 'offline-e-2-submitted')

  // The paper goes by courier: the consignee and the materials list, both courier fields required.
  await page.getByRole('button', { name: '邮寄材料' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/operator\/step-4\?applyId=/)
  await expect(page.getByText('营业执照副本复印件（加盖单位公章）')).toBeVisible()
  await page.getByRole('textbox', { name: '快递公司' }).fill('顺丰速运')
  await page.getByRole('button', { name: '提交' }).click()
  await expect(page.getByText('请输入快递单号')).toBeVisible()
  await page.getByRole('textbox', { name: '快递单号' }).fill('SF1234567890')
  await expect(page.getByText('请输入快递单号')).toBeHidden()
  await snap(page, 'offline-e-3-mail')
  await page.getByRole('button', { name: '提交' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/operator\/step-3\?applyId=/)
  await expect(page.getByText('审核结果将以短信方式通知您', { exact: false })).toBeVisible()
  await expect(page.getByText('操作成功')).toBeHidden()
  await snap(page, 'offline-e-4-sent')

  // The reviewer approves the unit seal and rejects the contract seal with a reason.
  const detail = (await (await page.request.get(`/api/admin/applications/${applyId}`, { headers: admin() })).json()).data
  expect(detail.deliveryRecord).toMatchObject({ deliverCompany: '顺丰速运', deliverNo: 'SF1234567890' })
  const reason = '合同专用章印模不清晰，请重新盖章拍照'
  const reviewed = await page.request.post(`/api/admin/applications/${applyId}/review`, {
    headers: admin(),
    data: {
      decisions: detail.sealInfo.map((item: { _id: string; sealTypeCode: string }) =>
        item.sealTypeCode === '04' ? { itemId: item._id, approve: false, reason } : { itemId: item._id, approve: true },
      ),
    },
  })
  expect((await reviewed.json()).resultStatus).toBe('00')

  // From the record list: the offline application opens on the offline pages, with the reason per seal.
  await page.goto('/seal-apply/record-list')
  await page.getByText('经办人申请').click()
  const card = page.getByRole('article', { name: unit.unitName })
  await expect(card.getByText('线下材料')).toBeVisible()
  await snap(page, 'offline-e-5-records')
  await card.getByRole('button', { name: '查看' }).click()
  await expect(page).toHaveURL(new RegExp(`/seal-apply/operator/step-3-1\\?applyId=${applyId}`))
  await expect(page.getByText('部分申请通过')).toBeVisible()
  await page.getByRole('button', { name: '查看审核结果' }).click()
  const rejected = page.getByRole('region', { name: '未通过的印章' })
  await expect(rejected.getByText(reason)).toBeVisible()
  await expect(page.getByRole('region', { name: '审核通过的印章' })).toBeVisible()
  await snap(page, 'offline-e-6-outcome')

  // 重新申请: a new draft holding only the rejected seal, its pattern uploaded again, submitted again.
  await page.getByRole('button', { name: '重新申请' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/operator\/step-1\?applyId=/)
  const again = applyIdOf(page)
  expect(again).not.toBe(applyId)
  await expect(page.getByPlaceholder('请输入单位名称')).toHaveValue(unit.unitName)
  await expect(page.getByRole('checkbox', { name: '合同专用章' })).toHaveAttribute('aria-checked', 'true')
  await snap(page, 'offline-e-7-reapply-step1')
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/operator\/step-2-1\?applyId=/)
  // The rejected pattern comes along: the operator deletes it and uploads a clear one.
  await expect(page.locator('.offline-pattern')).toHaveCount(1)
  await expect(page.getByRole('img', { name: /合同专用章印章图样/ })).toBeVisible()
  await page.getByRole('button', { name: '删除' }).click()
  await uploadPatterns(page, unit, [{ code: '04', name: /合同专用章/ }])
  await snap(page, 'offline-e-8-reapply-patterns')
  await page.getByRole('button', { name: '提交' }).click()
  await page.getByRole('button', { name: '确认提交' }).click()
  await expect(page).toHaveURL(new RegExp(`/seal-apply/operator/step-3-1\\?applyId=${again}`), { timeout: 30_000 })
  await expect(page.getByText('已提交，待寄送纸质材料')).toBeVisible()
  await snap(page, 'offline-e-9-resubmitted')
})

test('(a) a unit no online check can verify applies offline: stamped form uploaded, paper mailed, a reviewer approves, the legal representative activates the seal and seals a PDF pdfsig accepts', async ({ page, browser }) => {
  test.setTimeout(420_000)
  // Not in the enterprise registry: the four-element check online would fail for it (tested in
  // unit-apply.spec.ts); the offline door asks no vendor, a person reads the paper instead.
  const unit = newUnit('北京纸质材料科技有限公司', '吴法人')
  await operatorFillsStep1(page, unit, 'offline-a')
  await page.getByRole('button', { name: '下一步' }).click()
  await uploadPatterns(page, unit, [{ code: '01', name: /单位公章|北京纸质材料科技有限公司/ }])
  await page.getByRole('button', { name: '提交' }).click()
  await page.getByRole('button', { name: '确认提交' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/operator\/step-3-1\?applyId=/, { timeout: 30_000 })
  const applyId = applyIdOf(page)
  await expect(page.getByText('已提交，待寄送纸质材料')).toBeVisible()

  // The application form made for it, printed, signed, stamped and scanned: uploaded while it waits.
  await page.getByRole('button', { name: '下载申请材料' }).click()
  const download = page.waitForEvent('download')
  await page.getByRole('listitem').filter({ hasText: '电子印章申请表' }).getByRole('button', { name: '下载' }).click()
  const formPdf = await (await download).path().then((path) => import('node:fs').then((fs) => fs.readFileSync(path)))
  await page.goto(`/seal-apply/operator/step-3-1?applyId=${applyId}`)
  await page.getByRole('button', { name: '上传申请材料' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/operator\/step-2-2\?applyId=/)
  await page.getByLabel('上传申请材料').setInputFiles({ name: '电子印章申请表（已盖章）.pdf', mimeType: 'application/pdf', buffer: formPdf })
  await expect(page.locator('.unit-form-files .adm-image-uploader-cell-image')).toHaveCount(1, { timeout: 30_000 })
  await expect(page.getByText('上传中...')).toBeHidden({ timeout: 30_000 })
  await snap(page, 'offline-a-1-documents-after-submit')
  await page.getByRole('button', { name: '完成' }).click()
  await expect(page.getByText('材料已上传，待审核')).toBeVisible()

  // The paper goes by courier with a waybill number.
  await page.getByRole('button', { name: '邮寄材料' }).click()
  await page.getByRole('textbox', { name: '快递公司' }).fill('中国邮政EMS')
  await page.getByRole('textbox', { name: '快递单号' }).fill('EMS9876543210')
  await page.getByRole('button', { name: '提交' }).click()
  await expect(page).toHaveURL(/\/seal-apply\/operator\/step-3\?applyId=/)
  await snap(page, 'offline-a-2-mailed')

  // The reviewer sees why it came, the document and the waybill, and approves: the seal waits for activation.
  const detail = (await (await page.request.get(`/api/admin/applications/${applyId}`, { headers: admin() })).json()).data
  expect(detail).toMatchObject({ door: 'OFFLINE', makesPendingActivation: true, deliveryRecord: { deliverCompany: '中国邮政EMS', deliverNo: 'EMS9876543210' } })
  expect(detail.reviewReasons.join('')).toContain('已上传签署材料1份')
  const reviewed = await page.request.post(`/api/admin/applications/${applyId}/review`, {
    headers: admin(),
    data: { decisions: detail.sealInfo.map((item: { _id: string }) => ({ itemId: item._id, approve: true })), note: '纸质材料已收到，核对无误' },
  })
  expect((await reviewed.json()).resultStatus).toBe('00')
  await page.goto(`/seal-apply/operator/step-3-1?applyId=${applyId}`)
  await expect(page.getByText('需法定代表人激活后使用')).toBeVisible()
  await snap(page, 'offline-a-3-approved')

  // The legal representative, on his own phone, finds the seal waiting and activates it with a password of his own.
  const legalContext = await browser.newContext()
  const legal = await legalContext.newPage()
  // Approval put him on record by the application's name, ID number and phone; the carrier's real-name
  // check verifies him as he logs in with that phone.
  await registerRealName(legal.request, unit.legal)
  await loginPersonal(legal, { phone: unit.legal.phone })
  await legal.goto('/seal-preview-list/company')
  const card = legal.getByRole('article', { name: unit.unitName, exact: true })
  await expect(card).toContainText('待激活')
  await card.getByRole('button', { name: '去激活' }).click()
  await expect(legal).toHaveURL(/\/seal-active\/step-1\?sealId=/)
  const sealId = new URL(legal.url()).searchParams.get('sealId')!
  const own = await idCardPictures(unit.legal)
  await legal.getByLabel('上传法定代表人身份证人像面', { exact: true }).setInputFiles(own.front)
  await legal.getByLabel('上传法定代表人身份证国徽面', { exact: true }).setInputFiles(own.back)
  await expect(legal.locator('.activation-photo-status-ok')).toHaveCount(2, { timeout: 60_000 })
  await legal.getByRole('button', { name: '下一步' }).click()
  await legal.getByPlaceholder('请输入印章密码').fill('paper2026')
  await legal.getByPlaceholder('请再次输入印章密码').fill('paper2026')
  await legal.getByRole('button', { name: '确认激活' }).click()
  await expect(legal.getByText('电子印章已激活')).toBeVisible()
  await snap(legal, 'offline-a-4-activated')

  // It seals a PDF; pdfsig trusts the signature and it names the unit.
  const auth = { authorization: `Bearer ${await legal.evaluate(() => localStorage.getItem('seal.token') ?? '')}` }
  const manual = await legal.request.get('/api/configs/operation/manual')
  const uploaded = await legal.request.post('/api/file/upload', { headers: auth, multipart: { file: { name: '采购合同.pdf', mimeType: 'application/pdf', buffer: await manual.body() } } })
  const sealed = await (await legal.request.post('/api/seal/signDocument', { headers: auth, data: { sealId, pin: 'paper2026', fileId: (await uploaded.json()).data.fileId } })).json()
  expect(sealed.resultStatus, sealed.responseInfo).toBe('00')
  const signed = await legal.request.get(`/api/file/download/${sealed.data.fileId}`, { headers: auth })
  const [signature] = await pdfsigTrustingOurCa(legal.request, await signed.body())
  expect(signature).toMatchObject({ valid: true, trusted: true, commonName: expect.stringContaining(unit.unitName) })
  await legalContext.close()
})
