import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type OpenDatabase } from '../../db/client.ts'
import { EnterpriseVerificationTimeout } from '../enterprise-provider.ts'
import { findSandboxEnterprise, saveSandboxEnterprise, seedSandboxEnterprises } from './registry.ts'
import { sandboxEnterpriseProvider } from './sandbox.ts'
import { sandboxUnits, type SandboxUnit } from './sandbox-units.ts'

const { demo, undecided, timeout, trading } = sandboxUnits
const elementsOf = (unit: SandboxUnit) => ({
  socialCreditCode: unit.socialCreditCode,
  unitName: unit.unitName,
  legalPersonName: unit.legalPersonName,
  legalPersonIdentityNo: unit.legalPersonIdentityNo,
})

describe('sandbox enterprise provider', () => {
  let database: OpenDatabase
  let provider: ReturnType<typeof sandboxEnterpriseProvider>

  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:', warn: () => {} })
    await seedSandboxEnterprises(database.db)
    provider = sandboxEnterpriseProvider({ db: database.db })
  })
  afterAll(() => database.close())

  it('passes the four elements of a registered unit, whatever the case of the codes', async () => {
    expect(await provider.fourElements(elementsOf(demo))).toEqual({
      resultStatus: '00',
      responseInfo: '核验通过',
      passed: true,
      reason: null,
    })
    const lower = { ...elementsOf(demo), socialCreditCode: demo.socialCreditCode.toLowerCase() }
    expect((await provider.fourElements(lower)).passed).toBe(true)
  })

  it('names every element that differs, in the order of the form', async () => {
    const answer = await provider.fourElements({
      ...elementsOf(demo),
      unitName: '示例科技股份有限公司',
      legalPersonIdentityNo: trading.legalPersonIdentityNo,
    })
    expect(answer).toEqual({
      resultStatus: '40001',
      responseInfo: '四要素验证失败',
      passed: false,
      reason: '单位名称不一致、法定代表人证件号码不一致',
    })
  })

  it('fails a credit code the registry does not hold', async () => {
    const answer = await provider.fourElements({
      ...elementsOf(demo),
      socialCreditCode: '91440300MA5EXAMP3M',
    })
    expect(answer).toMatchObject({
      resultStatus: '40004',
      responseInfo: '四要素验证失败',
      reason: '未查询到该统一社会信用代码登记的单位',
    })
    expect(
      (await provider.licence({ ...elementsOf(demo), socialCreditCode: '91440300MA5EXAMP3M' })).responseInfo,
    ).toBe('营业执照验证失败')
  })

  it('answers 40075 for the undecided unit, and times out at once for the timeout unit', async () => {
    expect(await provider.fourElements(elementsOf(undecided))).toMatchObject({
      resultStatus: '40075',
      passed: false,
    })
    expect(await provider.licence(elementsOf(undecided))).toMatchObject({
      resultStatus: '40075',
      passed: false,
    })
    const started = Date.now()
    await expect(provider.fourElements(elementsOf(timeout))).rejects.toBeInstanceOf(
      EnterpriseVerificationTimeout,
    )
    await expect(provider.licence(elementsOf(timeout))).rejects.toThrow('单位核验超时，请稍后重试')
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('checks a licence by unit and legal representative name, not the ID number', async () => {
    const { legalPersonIdentityNo: _ignored, ...licence } = elementsOf(trading)
    expect((await provider.licence(licence)).passed).toBe(true)
    expect(await provider.licence({ ...licence, unitName: '示例商贸有限公司' })).toMatchObject({
      responseInfo: '企业信息不匹配!',
      passed: false,
    })
    expect(await provider.licence({ ...licence, legalPersonName: '赵七' })).toMatchObject({
      responseInfo: '营业执照验证不通过，请重试',
      reason: '法定代表人姓名不一致',
    })
  })

  it('compares unit names after full-width brackets, and keeps a replaced unit through a later seed', async () => {
    const unit = { ...trading, unitName: '示例(深圳)贸易有限公司', outcome: 'normal' as const }
    await saveSandboxEnterprise(database.db, unit)
    expect(
      (await provider.fourElements({ ...elementsOf(trading), unitName: '示例（深圳）贸易有限公司' })).passed,
    ).toBe(true)
    await seedSandboxEnterprises(database.db)
    expect((await findSandboxEnterprise(database.db, trading.socialCreditCode))?.unitName).toBe(
      '示例(深圳)贸易有限公司',
    )
  })
})
