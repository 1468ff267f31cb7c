import { expect, test, type Page } from '@playwright/test'
import { handOf, idCardPictures, uploadIdSide, writeOnBoard } from './personal-seal-support.ts'
import { expectBadgeClearOf, expectNoScroll, loginPersonal, newPerson, pdfsigTrustingOurCa, snap } from './support.ts'

async function sessionToken(page: Page) {
  return page.evaluate(() => localStorage.getItem('seal.token') ?? '')
}

test('a new person applies for a personal name seal, step by step, and leaves with a seal that signs', async ({ page, request }) => {
  test.setTimeout(180_000)
  const person = newPerson('王小明')
  const hand = handOf(20261122)
  const pictures = await idCardPictures(person)

  // Home → 电子印章申请 → the readme's personal option → the flow page.
  await loginPersonal(page, person)
  await page.getByText('电子印章申请', { exact: true }).click()
  await page.getByText('申请个人电子名章').click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/show-flow$/)
  await expect(page.getByText('申请流程')).toBeVisible()
  // 开始申请 is on screen whole on a 390×844 phone, and the sandbox badge covers none of it.
  await expect(page.getByRole('button', { name: '开始申请' })).toBeInViewport({ ratio: 1 })
  await expectBadgeClearOf(page, [page.getByRole('button', { name: '开始申请' }), page.getByRole('button', { name: '返回' })])
  await snap(page, 'personal-0-show-flow')
  await page.getByRole('button', { name: '开始申请' }).click()

  // Step 1: name and number come from the login; both sides of the ID card are read by OCR.
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-1$/)
  await expect(page.locator('input[readonly]').first()).toHaveValue(person.name)
  await uploadIdSide(page, 'front', pictures.front)
  await uploadIdSide(page, 'back', pictures.back)
  await expect(page.locator('.id-photo-field[data-side="front"]')).toContainText('识别成功', { timeout: 30_000 })
  await expect(page.locator('.id-photo-field[data-side="back"]')).toContainText('识别成功', { timeout: 30_000 })
  // Each picture is named for what it is, and can be removed by a named button.
  await expect(page.getByRole('button', { name: '删除身份证人像面' })).toBeVisible()
  await expect(page.getByRole('button', { name: '删除身份证国徽面' })).toBeVisible()
  // The whole card shows in its tile (fitted, not cropped to a square).
  const thumbnail = page.locator('.id-photo-field[data-side="front"] .adm-image-uploader-cell')
  const tile = (await thumbnail.boundingBox())!
  expect(tile.width / tile.height).toBeCloseTo(85.6 / 54, 1)
  await expect(thumbnail.locator('img')).toHaveCSS('object-fit', 'contain')
  const picture = (await thumbnail.locator('img').boundingBox())!
  expect(picture.width).toBeCloseTo(tile.width, 0)
  await snap(page, 'personal-1-identity')
  await page.getByRole('button', { name: '下一步' }).click()

  // Step 2: the fake camera's picture is the selfie; success moves on after two seconds.
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-2$/)
  await expect(page.getByRole('button', { name: '开始识别' })).toBeVisible()
  await snap(page, 'personal-2-face')
  await page.getByRole('button', { name: '开始识别' }).click()
  await expect(page.getByText('人脸验证成功').first()).toBeVisible()

  // Agreements: shown to read, then signed once by hand; the first tap on the button opens the board.
  await expect(page).toHaveURL(/\/personal-seal-apply\/apply-agreement-sample$/)
  await expect(page.locator('.adm-tabs-tab').first()).toBeVisible()
  await expect(page.locator('.agreement-reader canvas, .agreement-reader img').first()).toBeVisible({ timeout: 20_000 })
  // Once the first page is drawn the PDF加载中 toast does not stay over it.
  await expect(page.getByText('PDF加载中')).toHaveCount(0)
  const agree = page.getByRole('button', { name: '我已阅读并同意，手写签署' })
  await expectBadgeClearOf(page, [agree])
  await snap(page, 'personal-3-agreement')
  await agree.click()
  await expect(page.getByLabel('签名区域')).toBeVisible()
  await expect(page).toHaveURL(/\/personal-seal-apply\/apply-agreement-sample$/)
  await expectBadgeClearOf(page, [page.getByRole('button', { name: '确定' }), page.getByRole('button', { name: '重写' })])
  const signed = page.waitForResponse((response) => response.url().endsWith('/api/apply/signAgreement'))
  await writeOnBoard(page, page.getByLabel('签名区域'), hand, 1)
  await snap(page, 'personal-3-agreement-signing')
  await page.getByRole('button', { name: '确定' }).click()
  const signedFiles: { key: string; fileId: string }[] = (await (await signed).json()).data
  await expect(page.getByText('已签署的协议')).toBeVisible()
  expect(signedFiles.length).toBeGreaterThan(0)
  // The 签署成功 toast is still up; a tap (or a pen stroke on the next board) at its centre reaches what
  // lies under it. (Toasts took those taps: the first strokes on step 4 were lost.)
  await expect(page.getByText('签署成功')).toBeVisible()
  const underToast = await page.evaluate(() => {
    const toast = Array.from(document.querySelectorAll('.adm-toast-main')).find((node) => node.textContent?.includes('签署成功'))!.getBoundingClientRect()
    return document.elementFromPoint(toast.x + toast.width / 2, toast.y + toast.height / 2)?.closest('.adm-toast-main') ? 'toast' : 'page'
  })
  expect(underToast).toBe('page')
  await snap(page, 'personal-3-agreement-signed')
  await page.getByRole('button', { name: '下一步' }).click()

  // Step 4: three samples, counted, then one chosen as the signature. The first is written the moment the
  // board shows (the 签署成功 toast still up): every stroke must arrive, none lost under the toast.
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-4$/)
  for (const [index, seed] of [2, 3, 4].entries()) {
    await expect(page.locator('.sign-counter')).toContainText(`${index + 1}/3`)
    if (index === 1) {
      // Someone else's hand is refused, and the person is told what to do, not only 识别不通过.
      await writeOnBoard(page, page.getByLabel('签名区域'), handOf(77), 5)
      await page.getByRole('button', { name: '确定' }).click()
      const refusal = page.getByRole('dialog')
      await expect(refusal).toContainText('识别不通过')
      await expect(refusal).toContainText('与之前的签名不一致')
      await snap(page, 'personal-4-signature-refused')
      await refusal.getByRole('button', { name: '重新签名' }).click()
      // The dialog's wrap covers the board until its closing animation ends; a pen landing there is lost.
      await expect(refusal).toBeHidden()
      await expect(page.locator('.sign-counter')).toContainText('2/3')
    }
    const saved = page.waitForRequest((request) => request.url().endsWith('/api/sign/handwriting/save'))
    const drawn = await writeOnBoard(page, page.getByLabel('签名区域'), hand, seed, { settle: index > 0 })
    await page.getByRole('button', { name: '确定' }).click()
    expect((await saved).postDataJSON().signData.strokes).toHaveLength(drawn)
    if (index === 0) await snap(page, 'personal-4-signature-sample')
  }
  await expect(page.getByRole('radio', { name: '签名1' })).toBeVisible()
  await page.getByRole('radio', { name: '签名2' }).click()
  await snap(page, 'personal-4-signature-choose')
  await page.getByRole('button', { name: '下一步' }).click()

  // Step 5: three styles drawn from the name.
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-5$/)
  const styles = page.getByRole('radiogroup', { name: '名章样式' }).getByRole('radio')
  await expect(styles).toHaveCount(3)
  // The explanation of the styles: each picture stands apart from its title and its text.
  await page.getByRole('link', { name: '名章样式说明' }).click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-5-why$/)
  const why = page.locator('.personal-section').first()
  await expect(why.locator('img')).toBeVisible()
  const pictureBox = (await why.locator('img').boundingBox())!
  const captionBox = (await why.locator('p').first().boundingBox())!
  expect(captionBox.y - (pictureBox.y + pictureBox.height)).toBeGreaterThanOrEqual(8)
  await snap(page, 'personal-5-style-why')
  await page.getByRole('button', { name: '返回' }).click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-5$/)
  await styles.nth(0).click()
  await snap(page, 'personal-5-style')
  await page.getByRole('button', { name: '下一步' }).click()

  // Step 6: a weak password and a mismatch are refused with the spec's words, then the seal is made.
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-6$/)
  await page.getByPlaceholder('请输入印章密码').fill('12345678')
  await page.getByPlaceholder('请再次输入印章密码').fill('12345678')
  await page.getByRole('button', { name: '提交申请' }).click()
  await expect(page.getByText('请输入6-16位密码（数字/字母/特殊符号任意两种）').first()).toBeVisible()
  await page.getByPlaceholder('请输入印章密码').fill('seal2026')
  await page.getByPlaceholder('请再次输入印章密码').fill('seal2027')
  await page.getByRole('button', { name: '提交申请' }).click()
  await expect(page.getByText('两次密码不相等')).toBeVisible()
  await page.getByPlaceholder('请再次输入印章密码').fill('seal2026')
  await expectNoScroll(page)
  await snap(page, 'personal-6-password')
  await page.getByRole('button', { name: '提交申请' }).click()
  await expect(page.getByText('申请成功').first()).toBeVisible()
  await expect(page.getByRole('img', { name: '我的个人电子名章' })).toBeVisible()
  await expectNoScroll(page)
  await snap(page, 'personal-7-done')

  // The seal is in the list and its detail.
  await page.getByRole('button', { name: '查看我的印章' }).click()
  await expect(page).toHaveURL(/\/seal-preview-list\/personal/)
  await expect(page.getByText('个人名章').first()).toBeVisible()
  // The list carries the picture as a link; the browser loads it (not just the alt text).
  const listPicture = page.locator('img.seal-picture').first()
  await expect(listPicture).toHaveAttribute('src', /^\/api\/seal\/picture\//)
  await expect.poll(() => listPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  await expectNoScroll(page)
  await snap(page, 'personal-8-seal-list')
  await page.getByRole('button', { name: '查看详情' }).first().click()
  await expect(page).toHaveURL(/\/seal-preview\/personal\/[^/]+$/)
  const sealId = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.locator('img').first()).toBeVisible()
  await expect(page.getByText('个人名章').first()).toBeVisible()
  await snap(page, 'personal-9-seal-detail')

  // A second application is refused.
  await page.goto('/personal-seal-apply/show-flow')
  await page.getByRole('button', { name: '开始申请' }).click()
  await expect(page.getByText('个人名章正在申请中或生效中，请勿重新申请！')).toBeVisible()
  await snap(page, 'personal-refused-second')
  await page.getByRole('button', { name: '我知道了' }).click()

  // Every signed agreement passes poppler's pdfsig against our CA, and our /verify page says so too.
  const token = await sessionToken(page)
  for (const file of signedFiles) {
    const download = await request.get(`/api/file/download/${file.fileId}`, { headers: { authorization: `Bearer ${token}` } })
    expect(download.ok()).toBe(true)
    const signatures = await pdfsigTrustingOurCa(request, await download.body())
    expect(signatures.length).toBeGreaterThan(0)
    for (const signature of signatures) expect(signature).toMatchObject({ valid: true, trusted: true })
  }
  // The seal signs: a platform acting for the person seals an uploaded PDF with the seal password. The
  // signature's certificate names the person, and pdfsig trusts it through our CA.
  const auth = { authorization: `Bearer ${token}` }
  const manual = await request.get('/api/configs/operation/manual')
  const uploaded = await request.post('/api/file/upload', { headers: auth, multipart: { file: { name: '合同.pdf', mimeType: 'application/pdf', buffer: await manual.body() } } })
  const sealed = await request.post('/api/seal/signDocument', { headers: auth, data: { sealId, pin: 'seal2026', fileId: (await uploaded.json()).data.fileId } })
  const sealedFile = (await sealed.json()).data
  expect(sealedFile.fileName).toBe('合同（已签章）.pdf')
  const sealedPdf = await (await request.get(`/api/file/download/${sealedFile.fileId}`, { headers: auth })).body()
  const [sealSignature] = await pdfsigTrustingOurCa(request, sealedPdf)
  expect(sealSignature).toMatchObject({ valid: true, trusted: true, commonName: expect.stringContaining(person.name) })

  const firstSigned = await request.get(`/api/file/download/${signedFiles[0]!.fileId}`, { headers: { authorization: `Bearer ${token}` } })
  await page.goto('/verify')
  await page.locator('input[type=file]').setInputFiles({ name: '已签署协议.pdf', mimeType: 'application/pdf', buffer: await firstSigned.body() })
  await expect(page.getByText('全部签章有效')).toBeVisible()
  await snap(page, 'personal-10-verify-agreement')
  await page.locator('input[type=file]').setInputFiles({ name: '合同（已签章）.pdf', mimeType: 'application/pdf', buffer: sealedPdf })
  await expect(page.getByText('全部签章有效')).toBeVisible()
  await expect(page.getByText(person.name).first()).toBeVisible()
  await snap(page, 'personal-11-verify-sealed')

  // The holder changes the seal password: a wrong current one counts down, the new one must follow the rule.
  const sealWith = async (pin: string, remark?: string) => {
    const again = await request.post('/api/file/upload', { headers: auth, multipart: { file: { name: '租赁合同.pdf', mimeType: 'application/pdf', buffer: await manual.body() } } })
    return (await request.post('/api/seal/signDocument', { headers: auth, data: { sealId, pin, fileId: (await again.json()).data.fileId, remark } })).json()
  }
  await page.goto(`/seal-preview/personal/${sealId}`)
  await page.getByText('修改印章密码').click()
  await expect(page).toHaveURL(/\/seal-edit-password\/step-1\?sealId=/)
  await expect(page.getByText(`${person.name}的个人名章`)).toBeVisible()
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page.getByText('请填写印章密码')).toBeVisible()
  await page.getByPlaceholder('请输入原印章密码').fill('seal2099')
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page.getByText('印章密码错误，还可尝试4次')).toBeVisible()
  await expectNoScroll(page)
  await snap(page, 'password-1-verify-current')
  await page.getByPlaceholder('请输入原印章密码').fill('seal2026')
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page).toHaveURL(/\/seal-edit-password\/step-2\/[^/?]+\?sealId=/)
  await page.getByPlaceholder('请输入新印章密码').fill('13579')
  await page.getByPlaceholder('请再次输入新印章密码').fill('13579')
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('请输入6-16位密码（数字/字母/特殊符号任意两种）').first()).toBeVisible()
  await page.getByPlaceholder('请输入新印章密码').fill('135790')
  await page.getByPlaceholder('请再次输入新印章密码').fill('135791')
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('两次密码不相等')).toBeVisible()
  await page.getByPlaceholder('请再次输入新印章密码').fill('135790')
  await expectNoScroll(page)
  await snap(page, 'password-2-new')
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('密码修改成功')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/seal-preview/personal/${sealId}$`))
  expect((await sealWith('seal2026')).responseInfo).toMatch(/印章密码错误/)
  const longRemark = '二〇二六年度办公场地租赁合同第三次续签，经双方协商一致后由本人以电子名章签署确认'
  expect((await sealWith('135790', longRemark)).resultStatus).toBe('00')

  // Forgotten: the holder's face instead of the old password, then a new one.
  await page.getByText('修改印章密码').click()
  await page.getByRole('button', { name: '忘记密码？通过人脸识别重置' }).click()
  await expect(page).toHaveURL(/\/seal-edit-password\/face-authentication\?sealId=/)
  await expect(page.getByRole('button', { name: '开始识别' })).toBeEnabled()
  await snap(page, 'password-3-face')
  await page.getByRole('button', { name: '开始识别' }).click()
  await expect(page.getByText('人脸验证成功').first()).toBeVisible()
  await expect(page).toHaveURL(/\/seal-edit-password\/step-2\?sealId=[^&]+&ranId=/)
  await page.getByPlaceholder('请输入新印章密码').fill('reset2026')
  await page.getByPlaceholder('请再次输入新印章密码').fill('reset2026')
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('密码修改成功')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/seal-preview/personal/${sealId}$`))
  expect((await sealWith('reset2026')).resultStatus).toBe('00')

  // 用章记录: the uses by month, the long remark folded with 查看详情, the filters and the keyword search.
  await page.getByText('用章记录').click()
  await expect(page).toHaveURL(new RegExp(`/seal-use-record/personal/${sealId}$`))
  const [year, month] = new Date(Date.now() + 8 * 3_600_000).toISOString().split('-')
  await expect(page.getByRole('heading', { name: `${year}年${month}月` })).toBeVisible()
  await expect(page.locator('.use-record-card')).toHaveCount(3)
  await expect(page.getByText(`${Array.from(longRemark).slice(0, 34).join('')}…`)).toBeVisible()
  await page.getByRole('button', { name: '查看详情' }).click()
  await expect(page.locator('.use-record-popover')).toHaveText(longRemark)
  await snap(page, 'records-1-list')
  await page.getByRole('heading', { name: `${year}年${month}月` }).click() // a tap elsewhere closes the popover
  await page.getByPlaceholder('使用人姓名').fill('别人')
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page.getByText('暂无用章记录')).toBeVisible()
  await page.getByRole('button', { name: '重置' }).click()
  await expect(page.locator('.use-record-card')).toHaveCount(3)
  await page.getByRole('button', { name: '开始日期' }).click()
  await page.getByText('确定', { exact: true }).click()
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page.getByText('请选择开始日期和结束日期')).toBeVisible()
  await expect(page.getByText('请选择开始日期和结束日期')).toBeHidden()
  await page.getByRole('button', { name: '结束日期' }).click()
  await page.getByText('确定', { exact: true }).click()
  await page.getByRole('button', { name: '查询' }).click()
  await expect(page.locator('.use-record-card')).toHaveCount(3)
  await snap(page, 'records-2-filtered')
  await page.getByRole('button', { name: '搜索' }).click()
  await expect(page).toHaveURL(new RegExp(`/seal-searchbar-list/personal\\?sealId=${sealId}$`))
  await page.getByPlaceholder('请输入备注或文件名称').fill('续签')
  await page.getByPlaceholder('请输入备注或文件名称').press('Enter')
  await expect(page.locator('.use-record-card')).toHaveCount(1)
  await snap(page, 'records-3-search')

  // A seal in daily use: the list shows 20 records and loads the next page as it scrolls to its end.
  for (let i = 0; i < 20; i++) expect((await sealWith('reset2026')).resultStatus).toBe('00')
  await page.goto(`/seal-use-record/personal/${sealId}`)
  await expect(page.locator('.use-record-card')).toHaveCount(20)
  await page.locator('.use-record-card').last().scrollIntoViewIfNeeded()
  await expect(page.locator('.use-record-card')).toHaveCount(23)
  await page.getByText('已经到底了').scrollIntoViewIfNeeded()
  await expect(page.getByText('已经到底了')).toBeInViewport()
  await expect(page.getByText('合同.pdf', { exact: true })).toBeInViewport()
  await snap(page, 'records-4-more')

  // 注销印章: the seal password, a last confirmation, then the seal stops working and says who cancelled it.
  await page.goto(`/seal-preview/personal/${sealId}`)
  await page.getByText('注销印章').click()
  await expect(page).toHaveURL(new RegExp(`/seal-off/${sealId}$`))
  const cancelButton = page.locator('form').getByRole('button', { name: '确认注销' })
  await cancelButton.click()
  await expect(page.getByText('请填写密码')).toBeVisible()
  await page.getByPlaceholder('请输入印章密码').fill('wrong2026')
  await cancelButton.click()
  await page.locator('.adm-dialog').getByRole('button', { name: '确认注销' }).click()
  await expect(page.getByText(/印章密码错误，还可尝试\d次/)).toBeVisible()
  await expect(page.getByPlaceholder('请输入印章密码')).toHaveValue('')
  await page.getByPlaceholder('请输入印章密码').fill('reset2026')
  await expectNoScroll(page)
  await snap(page, 'cancel-1-password')
  await cancelButton.click()
  await expect(page.locator('.adm-dialog')).toContainText('立即失效、不可恢复')
  await page.locator('.adm-dialog').getByRole('button', { name: '确认注销' }).click()
  await expect(page.getByText('注销成功')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/seal-preview/personal/${sealId}$`))
  await expect(page.getByText('注销人')).toBeVisible()
  await expect(page.getByText('印章持有人申请注销')).toBeVisible()
  await expect(page.getByText('注销印章')).toHaveCount(0)
  await expect(page.getByText('修改印章密码')).toHaveCount(0)
  await snap(page, 'cancel-2-detail')
  expect((await sealWith('reset2026')).resultStatus).not.toBe('00')

  // 验章 of the contract it sealed before: as the cancel screen promised, the seal shows as cancelled,
  // with the date, and the document's verdict is no longer a plain green 全部签章有效.
  await page.goto('/verify')
  await page.locator('input[type=file]').setInputFiles({ name: '合同（已签章）.pdf', mimeType: 'application/pdf', buffer: sealedPdf })
  await expect(page.getByText('签章有效，但印章已注销')).toBeVisible()
  await expect(page.getByText('全部签章有效')).toHaveCount(0)
  await expect(page.locator('.verify-signature-header')).toContainText('印章已注销')
  await expect(page.getByRole('note').filter({ hasText: '该印章已于' })).toHaveText(/该印章已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（北京时间） 注销/)
  // The timestamp authority reads as a name, not as a distinguished name.
  await expect(page.getByText(/由 .*时间戳.* 签发/)).toBeVisible()
  await expect(page.getByText(/CN=/)).toHaveCount(0)
  await snap(page, 'verify-revoked')
})
