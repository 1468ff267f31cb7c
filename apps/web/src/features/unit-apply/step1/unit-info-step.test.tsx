import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Call } from '../../../../test/unit-apply-wizard.tsx'
import { CREDIT_CODE, defaultRoutes, expectToast, fakeServer, LEGAL_ID, location, OPERATOR_ID, operatorLogin, pickFile, renderWizard, resetScreen } from '../../../../test/unit-apply-wizard.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const entry = '/new/seal/home?businessType=APPLY&applicatKind=OPERATOR_APPLY'

/** What OCR reads next from a portrait side (the test sets it before each upload). */
let front = { idCardNum: OPERATOR_ID, userName: '王五' }
let back: { expiredDateStr?: string } = { expiredDateStr: '20991231' }

function ocrRoutes() {
  let serial = 0
  return {
    'POST /paas-ai/ocr/uploadImgBase64': (call: Call) => ({ busSerialNo: `ocr-${(call.body as { imgType: string }).imgType}-${++serial}` }),
    'POST /paas-ai/ocr/idcard/*': (call: Call) =>
      call.path.includes('ocr-10-') ? { busSerialNo: 's', ...front } : { busSerialNo: 's', ...back },
    'POST /paas-ai/ocr/businessLicense/*': () => ({ busSerialNo: 's', unitName: '北京某某科技(集团)有限公司', socialCreditCode: CREDIT_CODE, legalName: '李四' }),
  }
}

const next = () => fireEvent.click(screen.getByRole('button', { name: '下一步' }))
const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } })
async function upload(label: string) {
  pickFile(label)
  const field = screen.getByLabelText(label).closest('.unit-picture')!
  await within(field as HTMLElement).findByText('识别成功')
}

describe('step 1 of the new wizard', () => {
  it('names the first problem in the order of spec 001 §5, field after field, then verifies the unit and moves to step 2', async () => {
    const server = fakeServer({
      ...defaultRoutes(),
      ...ocrRoutes(),
      'POST /seal-apply/seal/queryCanApply': () => ({
        canApply: [
          { sealTypeCode: '01', sealTypeName: '单位公章', applied: false, required: false, shownByDefault: true },
          { sealTypeCode: '05', sealTypeName: '法定代表人名章', applied: true, required: false, shownByDefault: true },
          { sealTypeCode: '04', sealTypeName: '合同专用章', applied: false, required: false, shownByDefault: false },
        ],
        hasSeal: true,
      }),
      'POST /apply/fourElementsOfEnterpriseVerification': () => ({ resultStatus: '00', responseInfo: '单位核验通过', data: { ranId: 'r-1', passed: true, nextStep: '2' } }),
    })
    renderWizard(entry)
    await screen.findByRole('region', { name: '经办人信息' })

    next()
    await expectToast('请上传经办人证件照人像面照片')
    front = { idCardNum: OPERATOR_ID, userName: '王五' }
    await upload('上传经办人身份证人像面')
    next()
    await expectToast('请上传经办人证件照国徽面照片')
    await upload('上传经办人身份证国徽面')
    next()
    await expectToast('请输入正确的手机号！')
    type('请输入经办人手机号', '13800138000')

    next()
    await expectToast('请上传法人证件照人像面照片')
    front = { idCardNum: LEGAL_ID, userName: '李四' }
    await upload('上传法人身份证人像面')
    expect(screen.getByPlaceholderText<HTMLInputElement>('请输入法人姓名').value).toBe('李四')
    expect(screen.getByPlaceholderText<HTMLInputElement>('请输入法人身份证号码').value).toBe(LEGAL_ID)
    next()
    await expectToast('请上传法人证件照国徽面照片')
    await upload('上传法人身份证国徽面')
    next()
    await expectToast('请输入正确的法人手机号')
    type('请输入法人手机号', '13900139000')

    next()
    await expectToast('请上传营业执照')
    await upload('上传营业执照')
    // The licence fills the unit: its name with full-width brackets, the code, the type from the prefix.
    expect(screen.getByPlaceholderText<HTMLInputElement>('请输入单位名称').value).toBe('北京某某科技（集团）有限公司')
    expect(screen.getByPlaceholderText<HTMLInputElement>('请输入统一社会信用代码').value).toBe(CREDIT_CODE)
    type('请输入单位名称', '某某')
    next()
    await expectToast('单位名称过短')
    type('请输入单位名称', '北京某某科技有限公司')
    type('请输入统一社会信用代码', '91110108MA01ABCDEM')
    next()
    await expectToast('请输入正确的社会信用代码')
    type('请输入统一社会信用代码', CREDIT_CODE)
    next()
    await expectToast('请选择单位注册地')
    fireEvent.click(screen.getByText('请选择注册地'))
    // Confirm once the region tree is in the picker's columns.
    await screen.findAllByText('北京市')
    fireEvent.click(await screen.findByText('确定'))
    await waitFor(() => expect(screen.queryByText('请选择注册地')).toBeNull())

    // The seal picker: 05 is already applied (disabled), 04 waits under 更多.
    const applied = await screen.findByRole('checkbox', { name: '法定代表人名章（已申请）' })
    expect(screen.queryByRole('checkbox', { name: '合同专用章' })).toBeNull()
    next()
    await expectToast('请选择印章！')
    fireEvent.click(applied)
    expect(applied.getAttribute('aria-checked')).toBe('false')
    fireEvent.click(screen.getByRole('checkbox', { name: '单位公章' }))
    fireEvent.click(screen.getByText('更多'))
    fireEvent.click(screen.getByRole('checkbox', { name: '合同专用章' }))
    // Only a legal representative is offered to recover the unit's seals.
    expect(screen.queryByText('章已申请，找回印章')).toBeNull()

    fireEvent.click(screen.getByRole('switch', { name: '设置印章管理员' }))
    next()
    await expectToast('请上传管理员证件照人像面照片')
    fireEvent.click(screen.getByText('经办人即管理员'))
    await waitFor(() => expect(screen.getByPlaceholderText<HTMLInputElement>('请输入管理员姓名').value).toBe('王五'))

    next()
    expect(await screen.findByText('上传印章图片')).toBeTruthy()
    const saved = server.callsTo('/seal-apply/apply/temporary')
    expect(saved[0]!.body).toMatchObject({
      operatorRealName: '王五',
      operatorTel: '13800138000',
      legalPersonIdentityNo: LEGAL_ID,
      unitName: '北京某某科技有限公司',
      unitTypeCode: '02',
      autoUnitTypeCode: '02',
      setSealManager: true,
      sealManagerIdentityNo: OPERATOR_ID,
    })
    expect((saved[0]!.body as { sealInfo: { sealTypeCode: string }[] }).sealInfo.map((s) => s.sealTypeCode)).toEqual(['01', '04'])
    const verification = server.callsTo('/apply/fourElementsOfEnterpriseVerification')[0]!.body
    expect(verification).toMatchObject({ applyId: 'app-1', legal: '李四', legalIdentity: LEGAL_ID, name: '北京某某科技有限公司', socialCode: CREDIT_CODE })
    // The move to step 2 is stored, and the address keeps the draft for a reload.
    expect(saved.at(-1)!.body).toMatchObject({ step: '2', id: 'app-1' })
    await waitFor(() => expect(location()).toContain('id=app-1'))
  }, 60_000)

  it('says 请输入正确的经办人姓名 first when the login gives no name', async () => {
    fakeServer(defaultRoutes({ ...operatorLogin, personName: '' }))
    renderWizard(entry)
    await screen.findByRole('region', { name: '经办人信息' })
    next()
    await expectToast('请输入正确的经办人姓名')
  })

  it('refuses an operator card that is not the logged-in person, and an expired emblem side', async () => {
    fakeServer({ ...defaultRoutes(), ...ocrRoutes() })
    renderWizard(entry)
    await screen.findByRole('region', { name: '经办人信息' })
    front = { idCardNum: LEGAL_ID, userName: '李四' }
    pickFile('上传经办人身份证人像面')
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '上传证件信息与当前经办人身份信息不一致，请重新上传！')
    back = { expiredDateStr: '20200101' }
    pickFile('上传经办人身份证国徽面')
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('证件已过期，请上传有效证件！'))
    back = {}
    pickFile('上传法人身份证国徽面')
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('请上传有效证件！'))
    back = { expiredDateStr: '20991231' }
  })

  it('asks before 经办人即管理员 replaces manager details already typed', async () => {
    fakeServer(defaultRoutes())
    renderWizard(entry)
    fireEvent.click(await screen.findByRole('switch', { name: '设置印章管理员' }))
    type('请输入管理员姓名', '赵六')
    fireEvent.click(screen.getByText('经办人即管理员'))
    expect(await screen.findByText('已填写管理员信息，是否替换为经办人信息？')).toBeTruthy()
    fireEvent.click(screen.getByText('取消'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByPlaceholderText<HTMLInputElement>('请输入管理员姓名').value).toBe('赵六')
  })

  it('opens a change for the seal: chosen and locked, not （已申请）; another seal of the unit may join, a type it lacks may not', async () => {
    const seal = (id: string, sealTypeCode: string, sealName: string) => ({ id, sealTypeCode, sealName, businessName: '示例科技有限公司', socialCreditCode: CREDIT_CODE, personName: '李四', personIdentity: '310***********4562' })
    const server = fakeServer({
      ...defaultRoutes(),
      'POST /seal-apply/seal/detail': () => seal('seal-01', '01', '示例科技有限公司'),
      'POST /seal/queryGroupByBusiness': () => [{ businessName: '示例科技有限公司', socialCreditCode: CREDIT_CODE, list: [seal('seal-01', '01', '示例科技有限公司'), seal('seal-04', '04', '示例科技有限公司合同专用章')] }],
      'POST /seal-apply/seal/queryCanApply': () => ({
        canApply: [
          { sealTypeCode: '01', sealTypeName: '单位公章', applied: true, required: false, shownByDefault: true },
          { sealTypeCode: '05', sealTypeName: '法定代表人名章', applied: false, required: false, shownByDefault: true },
          { sealTypeCode: '04', sealTypeName: '合同专用章', applied: true, required: false, shownByDefault: false },
        ],
        hasSeal: true,
      }),
    })
    renderWizard('/new/seal/home?businessType=CHANGE&applicatKind=OPERATOR_APPLY&sealId=seal-01')
    const official = await screen.findByRole('checkbox', { name: '单位公章' })
    expect(official.getAttribute('aria-checked')).toBe('true')
    expect(official.getAttribute('aria-disabled')).toBe('true')
    expect(screen.queryByText(/（已申请）/)).toBeNull()
    // The unit has no name seal: nothing to change.
    const nameSeal = screen.getByRole('checkbox', { name: '法定代表人名章' })
    expect(nameSeal.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(nameSeal)
    expect(nameSeal.getAttribute('aria-checked')).toBe('false')
    // Its contract seal joins with its own id.
    fireEvent.click(screen.getByText('更多'))
    const contract = await screen.findByRole('checkbox', { name: '合同专用章' })
    await waitFor(() => expect(contract.getAttribute('aria-disabled')).toBe('false'))
    fireEvent.click(contract)
    expect(contract.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(official)
    expect(official.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: '暂存' }))
    await waitFor(() => expect(server.callsTo('/seal-apply/apply/temporary')).toHaveLength(1))
    const saved = server.callsTo('/seal-apply/apply/temporary')[0]!.body as { sealInfo: { sealTypeCode: string; sealId: string }[]; unitTypeCode: string }
    expect(saved.sealInfo.map((s) => [s.sealTypeCode, s.sealId])).toEqual([
      ['01', 'seal-01'],
      ['04', 'seal-04'],
    ])
    // The seal's credit code gives the unit type, as typing it would.
    expect(saved.unitTypeCode).toBe('02')
  })

  it('opens a renewal whose other seals come from /seal/canRenewal: a seal in effect the rule does not allow cannot join', async () => {
    const seal = (id: string, sealTypeCode: string, sealName: string) => ({ id, sealTypeCode, sealName, businessName: '示例科技有限公司', socialCreditCode: CREDIT_CODE, personName: '李四', personIdentity: '310***********4562' })
    const server = fakeServer({
      ...defaultRoutes(),
      'POST /seal-apply/seal/detail': () => seal('seal-01', '01', '示例科技有限公司'),
      'POST /seal/queryGroupByBusiness': () => [{ businessName: '示例科技有限公司', socialCreditCode: CREDIT_CODE, list: [seal('seal-01', '01', '示例科技有限公司'), seal('seal-04', '04', '示例科技有限公司合同专用章'), seal('seal-02', '02', '示例科技有限公司财务专用章')] }],
      'POST /seal/canRenewal': () => [seal('seal-01', '01', '示例科技有限公司'), seal('seal-02', '02', '示例科技有限公司财务专用章')],
      'POST /seal-apply/seal/queryCanApply': () => ({
        canApply: [
          { sealTypeCode: '01', sealTypeName: '单位公章', applied: true, required: false, shownByDefault: true },
          { sealTypeCode: '02', sealTypeName: '财务专用章', applied: true, required: false, shownByDefault: true },
          { sealTypeCode: '04', sealTypeName: '合同专用章', applied: true, required: false, shownByDefault: true },
        ],
        hasSeal: true,
      }),
    })
    renderWizard('/new/seal/home?businessType=RENEWAL&applicatKind=LEGAL_APPLY&sealId=seal-01')
    const official = await screen.findByRole('checkbox', { name: '单位公章' })
    expect(official.getAttribute('aria-disabled')).toBe('true')
    const finance = screen.getByRole('checkbox', { name: '财务专用章' })
    await waitFor(() => expect(finance.getAttribute('aria-disabled')).toBe('false'))
    // The contract seal is in effect, but the renewal rule does not allow it: it stays off.
    const contract = screen.getByRole('checkbox', { name: '合同专用章' })
    expect(contract.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(contract)
    fireEvent.click(finance)
    fireEvent.click(screen.getByRole('button', { name: '暂存' }))
    await waitFor(() => expect(server.callsTo('/seal-apply/apply/temporary')).toHaveLength(1))
    const saved = server.callsTo('/seal-apply/apply/temporary')[0]!.body as { sealInfo: { sealTypeCode: string; sealId: string }[] }
    expect(saved.sealInfo.map((s) => [s.sealTypeCode, s.sealId])).toEqual([
      ['01', 'seal-01'],
      ['02', 'seal-02'],
    ])
    expect(server.callsTo('/seal/canRenewal')[0]!.body).toMatchObject({ socialCreditCode: CREDIT_CODE })
  })

  it('chooses and locks every seal of the unit in effect when the unit name changes, with the reason; the old name frees them again', async () => {
    const seal = (id: string, sealTypeCode: string, sealName: string) => ({ id, sealTypeCode, sealName, businessName: '示例科技有限公司', socialCreditCode: CREDIT_CODE, personName: '李四', personIdentity: '310***********4562' })
    const server = fakeServer({
      ...defaultRoutes(),
      'POST /seal-apply/seal/detail': () => seal('seal-01', '01', '示例科技有限公司'),
      'POST /seal/queryGroupByBusiness': () => [
        {
          businessName: '示例科技有限公司',
          socialCreditCode: CREDIT_CODE,
          list: [seal('seal-01', '01', '示例科技有限公司'), seal('seal-04', '04', '示例科技有限公司合同专用章'), seal('seal-99', '99', '示例科技有限公司项目专用章')],
        },
      ],
      'POST /seal-apply/seal/queryCanApply': () => ({
        canApply: [
          { sealTypeCode: '01', sealTypeName: '单位公章', applied: true, required: false, shownByDefault: true },
          { sealTypeCode: '05', sealTypeName: '法定代表人名章', applied: false, required: false, shownByDefault: true },
          { sealTypeCode: '04', sealTypeName: '合同专用章', applied: true, required: false, shownByDefault: false },
          { sealTypeCode: '99', sealTypeName: '其他类型印章', applied: false, required: false, shownByDefault: false },
        ],
        hasSeal: true,
      }),
    })
    renderWizard('/new/seal/home?businessType=CHANGE&applicatKind=LEGAL_APPLY&sealId=seal-01')
    await screen.findByRole('checkbox', { name: '单位公章' })
    await waitFor(() => expect(screen.getByPlaceholderText<HTMLInputElement>('请输入单位名称').value).toBe('示例科技有限公司'))
    expect(screen.queryByText('单位名称变更需同时变更本单位全部有效印章')).toBeNull()
    expect(screen.queryByRole('checkbox', { name: '合同专用章' })).toBeNull()

    type('请输入单位名称', '示例新名科技有限公司')
    expect(await screen.findByText('单位名称变更需同时变更本单位全部有效印章')).toBeTruthy()
    const contract = await screen.findByRole('checkbox', { name: '合同专用章' })
    expect(contract.getAttribute('aria-checked')).toBe('true')
    expect(contract.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(contract)
    expect(contract.getAttribute('aria-checked')).toBe('true')
    // The unit's other-type seal joins under its own name; a change adds no new one.
    expect(screen.getByDisplayValue('示例科技有限公司项目专用章')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /添加其他类型印章/ })).toBeNull()
    // The legal representative's name seal the unit does not hold stays off.
    expect(screen.getByRole('checkbox', { name: '法定代表人名章' }).getAttribute('aria-checked')).toBe('false')
    fireEvent.click(screen.getByRole('button', { name: '暂存' }))
    await waitFor(() => expect(server.callsTo('/seal-apply/apply/temporary')).toHaveLength(1))
    const saved = server.callsTo('/seal-apply/apply/temporary')[0]!.body as { sealInfo: { sealTypeCode: string; sealId: string }[] }
    expect(saved.sealInfo.map((s) => [s.sealTypeCode, s.sealId])).toEqual([
      ['01', 'seal-01'],
      ['04', 'seal-04'],
      ['99', 'seal-99'],
    ])

    // Back to the name on record: the choice is free again.
    type('请输入单位名称', '示例科技有限公司')
    await waitFor(() => expect(screen.queryByText('单位名称变更需同时变更本单位全部有效印章')).toBeNull())
    expect(contract.getAttribute('aria-disabled')).toBe('false')
    fireEvent.click(contract)
    // Left out again (and, not shown by default, folded back under 更多).
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: '合同专用章' })).toBeNull())
  })
})
