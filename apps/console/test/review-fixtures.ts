import { reviewApplicationDetail, type ReviewApplicationDetail } from '@seal/shared/api/unit-apply-admin'

const link = (purpose: string, title: string, mediaType = 'image/png') => ({
  fileId: `f-${purpose}`,
  purpose,
  title,
  mediaType,
  url: `/api/file/preview/${purpose}`,
  expiresAt: Date.now() + 600_000,
})

/** An application waiting for review with two seals, parsed by the contract so it has every field the server sends. */
export function waitingApplication(
  overrides: Partial<ReviewApplicationDetail> = {},
): ReviewApplicationDetail {
  return reviewApplicationDetail.parse({
    id: 'app-1',
    businessType: 'APPLY',
    applyType: 'LEGAL_APPLY',
    unitName: '示例科技有限公司',
    socialCreditCode: '91110108MA01ABCDEN',
    legalPersonName: '李四',
    legalPersonIdentityNo: '110101199003077777',
    legalTel: '13800000002',
    sealInfo: [
      {
        _id: 'seal-a',
        sealName: '示例科技有限公司',
        sealTypeCode: '01',
        sealTypeName: '单位公章',
        sealPic: 'f-a',
        originalFileId: 'f-a0',
      },
      {
        _id: 'seal-b',
        sealName: '示例科技有限公司财务专用章',
        sealTypeCode: '02',
        sealTypeName: '财务专用章',
        sealPic: 'f-b',
        originalFileId: 'f-b0',
      },
    ],
    applyStatus: 'PENDING_REVIEW',
    legalPasswordSet: true,
    sealManagerPasswordSet: false,
    companyVerifyPass: false,
    companyVerifyReason: '企业名称与登记信息不一致',
    serialNo: 'RAN-1',
    faceSerialNo: null,
    signedFiles: [],
    failReason: null,
    failSealItems: [],
    successSealItems: [],
    createTime: 1,
    updateTime: 2,
    submitTime: 1_735_700_000_000,
    unitId: null,
    applicant: { name: '李四', identityNo: '110101199003077777', phone: '13800000002' },
    reviewedBy: null,
    reviewNote: null,
    reviewTime: null,
    reviewReasons: ['单位核验未通过：企业名称与登记信息不一致'],
    files: [
      link('businessLicense', '营业执照'),
      link('legalPersonIdFront', '法定代表人身份证人像面'),
      link('applicationFile:1', '申请表（1）', 'application/pdf'),
      link('seal:seal-a:photo', '单位公章印章照片'),
      link('seal:seal-a:sealPic', '单位公章印模图片'),
      link('seal:seal-b:photo', '财务专用章印章照片'),
      link('seal:seal-b:sealPic', '财务专用章印模图片'),
    ],
    impressionReadings: [
      {
        itemId: 'seal-a',
        verdict: 'match',
        ringText: '示例科技有限公司',
        centreText: '',
        unitName: '示例科技有限公司',
        sealName: '示例科技有限公司',
        checkedAt: 1,
      },
    ],
    door: null,
    deliveryRecord: null,
    makesPendingActivation: false,
    ...overrides,
  })
}
