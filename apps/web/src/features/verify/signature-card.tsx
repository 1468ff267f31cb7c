import { List, Tag } from 'antd-mobile'
import type { SignatureReport } from '@seal/shared/api/verify'

const formatTime = (epoch: number | null) => (epoch === null ? '—' : new Date(epoch).toLocaleString('zh-CN', { hour12: false }))

/** One signature of a verified document, in words a person can check. */
export function SignatureCard({ signature }: { signature: SignatureReport }) {
  const { signer } = signature
  const certificateState = signature.revoked ? '已吊销' : signature.expired ? '已过期' : '有效'
  return (
    <List
      className="verify-signature"
      header={
        <span className="verify-signature-header">
          第 {signature.index + 1} 个签章
          <Tag color={signature.valid ? 'success' : 'danger'}>{signature.valid ? '有效' : '无效'}</Tag>
        </span>
      }
    >
      <List.Item extra={signer.kind === 'unit' ? signer.unitName : signer.commonName}>{signer.kind === 'unit' ? '签章单位' : '签署人'}</List.Item>
      {signer.socialCreditCode && <List.Item extra={signer.socialCreditCode}>统一社会信用代码</List.Item>}
      {signer.sealName && <List.Item extra={signer.sealName}>印章名称</List.Item>}
      {signer.sealCode && <List.Item extra={signer.sealCode}>印章编码</List.Item>}
      <List.Item extra={formatTime(signature.signedAt)}>签署时间</List.Item>
      {signature.timestampedAt !== null && (
        <List.Item extra={formatTime(signature.timestampedAt)} description={signature.timestampAuthority}>
          时间戳
        </List.Item>
      )}
      <List.Item extra={signature.documentUnchanged ? '签署后未被篡改' : '签署后已被修改'}>文件完整性</List.Item>
      <List.Item extra={signature.coversWholeDocument ? '覆盖整个文件' : signature.modifiedAfter ? '其后有追加的签章或修订' : '未覆盖整个文件'}>签署范围</List.Item>
      <List.Item extra={signature.chainTrusted ? '受信任' : '不受信任'}>证书链</List.Item>
      <List.Item extra={certificateState}>证书状态</List.Item>
      {signature.problems.map((problem) => (
        <List.Item key={problem} className="verify-problem">
          {problem}
        </List.Item>
      ))}
    </List>
  )
}
