/** The problems a signature report can name, as Chinese sentences a person reads on the verification page. */
export const verifyProblems = {
  BYTE_RANGE_INVALID: '签名覆盖范围无效',
  SIGNATURE_UNREADABLE: '签名数据无法解析',
  DOCUMENT_MODIFIED: '文档在签署后被修改',
  SIGNATURE_INVALID: '签名值验证失败',
  SIGNING_CERTIFICATE_MISMATCH: '签名证书与签名属性不符',
  CERTIFICATE_MISSING: '签名中缺少签名证书',
  UNSUPPORTED_ALGORITHM: '签名算法不受支持',
  CHAIN_UNTRUSTED: '证书链不受信任',
  REVOKED: '证书已吊销',
  EXPIRED: '证书已过期',
  NOT_YET_VALID: '证书在签署时尚未生效',
  TIMESTAMP_INVALID: '时间戳无效',
  TIMESTAMP_UNTRUSTED: '时间戳证书不受信任',
  UNSIGNED_CHANGES: '文档在最后一次签署后被追加了未经签名的修改',
} as const

export type VerifyProblemCode = keyof typeof verifyProblems
