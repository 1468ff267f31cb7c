import { creditCodeCheckCharacter } from '@seal/shared/rules/credit-code'
import { idCardCheckCharacter } from '@seal/shared/rules/id-card'
import type { BusinessLicenceInfo } from './business-licence.ts'
import type { IdCardBackInfo, IdCardPerson } from './id-card.ts'

/**
 * Invented people and units for recognition tests and browser tests: every number is well formed
 * (its check character computed here), names are common ones, nobody is real.
 */

/** A valid 18-digit ID number from its parts. */
export function idNumberOf(region: string, birth: string, sequence: string): string {
  const first17 = `${region}${birth}${sequence}`
  return first17 + idCardCheckCharacter(first17)
}

/** A valid credit code from its first 17 characters. */
export function creditCodeOf(first17: string): string {
  return first17 + creditCodeCheckCharacter(first17)
}

export type SampleCardholder = { person: IdCardPerson; back: IdCardBackInfo }

const holder = (
  name: string,
  region: string,
  birth: string,
  sequence: string,
  back: IdCardBackInfo,
  address?: string,
) => ({
  person: { name, idNumber: idNumberOf(region, birth, sequence), ...(address ? { address } : {}) },
  back,
})

/** Twelve cardholders; six (张伟, 欧阳娜娜, 李娜, 刘洋, 赵磊, 吴婷) have X as their check character; two cards are long-term. */
export const sampleCardholders: SampleCardholder[] = [
  holder('张伟', '110105', '19900307', '101', {
    issuingAuthority: '北京市公安局朝阳分局',
    validFrom: '20150301',
    validTo: '20350301',
  }),
  holder(
    '王芳',
    '310104',
    '19851120',
    '246',
    { issuingAuthority: '上海市公安局徐汇分局', validFrom: '20121105', validTo: '20321105' },
    '上海市徐汇区漕溪北路201号',
  ),
  holder(
    '欧阳娜娜',
    '440305',
    '20000101',
    '150',
    { issuingAuthority: '深圳市公安局南山分局', validFrom: '20180620', validTo: '20280620' },
    '广东省深圳市南山区科技园南区8栋',
  ),
  holder('李娜', '510107', '19780615', '129', {
    issuingAuthority: '成都市公安局武侯分局',
    validFrom: '20100412',
    validTo: '20300412',
  }),
  holder(
    '陈静',
    '330106',
    '19951009',
    '264',
    { issuingAuthority: '杭州市公安局西湖分局', validFrom: '20190909', validTo: '20290909' },
    '浙江省杭州市西湖区文三路90号',
  ),
  holder('刘洋', '420106', '20010315', '129', {
    issuingAuthority: '武汉市公安局武昌分局',
    validFrom: '20170201',
    validTo: '20270201',
  }),
  holder(
    '黄晓明',
    '320102',
    '19680228',
    '315',
    { issuingAuthority: '南京市公安局玄武分局', validFrom: '20140228', validTo: '长期' },
    '江苏省南京市玄武区中山路18号',
  ),
  holder('赵磊', '370102', '19920812', '150', {
    issuingAuthority: '济南市公安局历下分局',
    validFrom: '20160718',
    validTo: '20360718',
  }),
  holder(
    '周秀英',
    '610113',
    '19830530',
    '422',
    { issuingAuthority: '西安市公安局雁塔分局', validFrom: '20110815', validTo: '20310815' },
    '陕西省西安市雁塔区长安南路56号',
  ),
  holder('孙建国', '500103', '19590718', '331', {
    issuingAuthority: '重庆市公安局渝中区分局',
    validFrom: '20130301',
    validTo: '长期',
  }),
  holder('吴婷', '210203', '19750903', '108', {
    issuingAuthority: '大连市公安局西岗分局',
    validFrom: '20081010',
    validTo: '20281010',
  }),
  holder(
    '马丽',
    '350102',
    '19881225',
    '426',
    { issuingAuthority: '福州市公安局鼓楼分局', validFrom: '20200601', validTo: '20400601' },
    '福建省福州市鼓楼区五四路128号',
  ),
]

/** Five units of different kinds (limited companies, a public institution, a sole trader). */
export const sampleLicences: BusinessLicenceInfo[] = [
  {
    unitName: '北京明远科技有限公司',
    socialCreditCode: creditCodeOf('91110108MA01ABCDE'),
    legalName: '王明',
  },
  {
    unitName: '上海浦江数据服务有限公司',
    socialCreditCode: creditCodeOf('91310115MA1K3YJD6'),
    legalName: '陈思远',
  },
  {
    unitName: '成都天府软件园（集团）有限公司',
    socialCreditCode: creditCodeOf('91510100MA61RX7K2'),
    legalName: '刘建华',
    companyType: '其他有限责任公司',
  },
  {
    unitName: '杭州西溪文化传媒有限公司',
    socialCreditCode: creditCodeOf('91330106MA2H0PQ81'),
    legalName: '周婷',
  },
  {
    unitName: '深圳市福田区老街小吃店',
    socialCreditCode: creditCodeOf('92440300MA5FXKN37'),
    legalName: '李强',
    companyType: '个体工商户',
  },
]
