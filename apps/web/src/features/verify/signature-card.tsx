import { List, Tag } from 'antd-mobile'
import type { SignatureReport } from '@seal/shared/api/verify'
import { BEIJING_TIME, beijingSecond } from '@seal/shared/text/beijing-time'

const formatTime = (epoch: number | null) => (epoch === null ? '—' : beijingSecond(epoch))

/** The verdict of one signature in a word, with its colour (a seal cancelled since is not a plain 有效). */
const verdictTags = {
  valid: { text: '有效', color: 'success' },
  revoked: { text: '印章已注销', color: 'warning' },
  invalid: { text: '无效', color: 'danger' },
} as const

/** What a revocation means for a signature made before it, with the date of the revocation. */
function revocationNote(signature: SignatureReport): string | null {
  if (!signature.revoked || signature.revokedAt === null) return null
  const when = `${beijingSecond(signature.revokedAt)}（${BEIJING_TIME}）`
  return signature.verdict === 'revoked'
    ? `该印章已于 ${when} 注销，证书已吊销。本签章在注销前签署，签署时有效；注销后该印章不能再用于签章。`
    : `该印章已于 ${when} 注销，证书已吊销，无法证明本签章签署于注销之前。`
}

/** One signature of a verified document, in words a person can check. */
export function SignatureCard({ signature }: { signature: SignatureReport }) {
  const { signer } = signature
  const certificateState = signature.revoked ? '已吊销（印章已注销）' : signature.expired ? '已过期' : '有效'
  const verdict = verdictTags[signature.verdict]
  const note = revocationNote(signature)
  return (
    <List
      className={`verify-signature verify-signature-${signature.verdict}`}
      header={
        <span className="verify-signature-header">
          第 {signature.index + 1} 个签章
          <Tag color={verdict.color}>{verdict.text}</Tag>
        </span>
      }
    >
      {note && (
        <List.Item className="verify-revoked">
          <span role="note">{note}</span>
        </List.Item>
      )}
      <List.Item extra={signer.kind === 'unit' ? signer.unitName : signer.commonName}>{signer.kind === 'unit' ? '签章单位' : '签署人'}</List.Item>
      {signer.socialCreditCode && <List.Item extra={signer.socialCreditCode}>统一社会信用代码</List.Item>}
      {signer.sealName && <List.Item extra={signer.sealName}>印章名称</List.Item>}
      {signer.sealCode && <List.Item extra={signer.sealCode}>印章编码</List.Item>}
      <List.Item extra={formatTime(signature.signedAt)}>签署时间</List.Item>
      {signature.timestampedAt !== null && (
        <List.Item extra={formatTime(signature.timestampedAt)} description={signature.timestampAuthority && `由 ${signature.timestampAuthority} 签发`}>
          时间戳
        </List.Item>
      )}
      <List.Item extra={signature.documentUnchanged ? '签署后未被篡改' : '签署后已被修改'}>文件完整性</List.Item>
      <List.Item extra={signature.coversWholeDocument ? '覆盖整个文件' : signature.modifiedAfter ? '其后有追加的签章或修订' : '未覆盖整个文件'}>签署范围</List.Item>
      <List.Item extra={signature.chainTrusted ? '受信任' : '不受信任'}>证书链</List.Item>
      <List.Item extra={certificateState} description={signature.revokedAt !== null ? `吊销时间 ${formatTime(signature.revokedAt)}` : undefined}>
        证书状态
      </List.Item>
      {signature.problems.map((problem) => (
        <List.Item key={problem} className="verify-problem">
          {problem}
        </List.Item>
      ))}
    </List>
  )
}
