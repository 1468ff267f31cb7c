import type { ReactNode } from 'react'
import type { WaitActiveSeal } from '@seal/shared/api/activation'

/** A seal waiting for activation: its picture, name, type, unit and code. */
export function WaitingSealCard({ seal, action }: { seal: WaitActiveSeal; action?: ReactNode }) {
  return (
    <article className="activation-seal" aria-label={seal.sealName}>
      <div className="activation-seal-picture">{seal.sealPic ? <img src={seal.sealPic} alt={`${seal.sealName}印模`} draggable={false} /> : <span>暂无图片</span>}</div>
      <div className="activation-seal-body">
        <h3>{seal.sealName}</h3>
        <p>印章类型：{seal.sealTypeName}</p>
        <p>所属单位：{seal.businessName}</p>
        <p>印章编码：{seal.sealCode}</p>
        {action}
      </div>
    </article>
  )
}
