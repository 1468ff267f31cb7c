import { describe, expect, it } from 'vitest'
import { messages, messageTemplates, ownMessages } from './messages.ts'

describe('user messages', () => {
  it('quote the spec exactly, full-width punctuation included', () => {
    expect(messages.serviceDisconnected).toBe('服务已断开，请退出后重新打开')
    expect(messages.duplicateRequest).toBe('请求重复')
    expect(messages.entryClosed).toBe('电子印章入口已关闭，如需帮助可联系系统管理员。')
    expect(messages.missingIdentity).toBe('缺少用户信息!')
    expect(messages.sealPasswordRule).toBe('请输入6-16位密码（数字/字母/特殊符号任意两种）')
    expect(messages.unitNameTooLongWizard).toBe('单位名称名称过长')
  })

  it('have no stray whitespace and no key that is also one of our own', () => {
    for (const text of Object.values(messages)) expect(text).toBe(text.trim())
    for (const key of Object.keys(ownMessages)) expect(Object.keys(messages)).not.toContain(key)
  })

  it('fill their slots the way the spec writes them', () => {
    expect(messageTemplates.fileUploadFailed('网络中断')).toBe('文件上传失败:网络中断')
    expect(messageTemplates.draftLoadFailed('超时')).toBe('加载失败,超时')
    expect(messageTemplates.identityMismatch('经办人')).toBe(
      '上传证件信息与当前经办人身份信息不一致，请重新上传！',
    )
    expect(messageTemplates.sealAuthRuleAll('单位公章、合同专用章')).toBe(
      '需要拥有单位公章、合同专用章,才能进行授权',
    )
    expect(messageTemplates.signatureNotCollected('法人')).toBe('未采集法人签字，无法完成授权。')
    expect(messageTemplates.underMinimumAge(14)).toBe(messages.underMinimumAge)
  })
})
