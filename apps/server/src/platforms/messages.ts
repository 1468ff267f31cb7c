/** What the operator API says about platforms and webhook deliveries (our wording; the spec shows none). */
export const platformMessages = {
  registered: '平台已登记，请妥善保存 clientSecret，它只显示这一次',
  secretRotated: '已更换 clientSecret，原密钥及其令牌已失效；新密钥只显示这一次',
  updated: '修改成功',
  nameTaken: '平台名称已存在',
  notFound: '平台不存在',
  deliveryNotFound: '推送记录不存在',
  deliveryNotFailed: '只有发送失败的推送可以重新发送',
  requeued: '已重新排队发送',
  webhookUrlPrivate: 'webhookUrl 指向本机或内网地址，请填写平台可从公网访问的地址',
} as const
