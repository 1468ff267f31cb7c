import { useNavigate } from 'react-router-dom'
import { Button } from 'antd-mobile'
import { ActivationLayout } from './activation-layout.tsx'
import { useWaitingSeals } from './api/query-wait-active.ts'

/**
 * `/seal-activate/:from` (spec 000 §2, 001 §2 "Activation": intro). Why a seal made from offline materials
 * waits, who activates it and how; 开始激活 opens the seals to activate. `from` is where the person came
 * from (the seal list, an application result), so 返回 takes him back there.
 */
export function ActivationIntroPage() {
  const navigate = useNavigate()
  const waiting = useWaitingSeals()
  const count = waiting.data?.length

  return (
    <ActivationLayout>
      <section className="activation-intro">
        <h2>电子印章激活</h2>
        <p>通过线下材料审核制作的电子印章，须由单位法定代表人本人激活并设置印章密码后方可使用。激活前，该印章不能用章、授权或绑定平台。</p>
        {count !== undefined && <p className="activation-intro-count">{count > 0 ? `您有 ${count} 枚电子印章待激活` : '您暂无待激活的电子印章'}</p>}
      </section>
      <section className="activation-intro">
        <h3>激活流程</h3>
        <ol>
          <li>选择待激活的电子印章</li>
          <li>上传法定代表人本人身份证人像面和国徽面照片，系统识别并核对身份</li>
          <li>设置印章密码（6-16位，数字、字母、特殊符号任意两种）</li>
          <li>激活完成，印章立即生效</li>
        </ol>
        <h3>温馨提示</h3>
        <ul>
          <li>仅单位登记的法定代表人本人，且已完成实名核验，可以激活电子印章。</li>
          <li>身份证须在有效期内，照片清晰完整、无遮挡、无反光。</li>
          <li>印章密码用于每次用章时的身份确认，请妥善保管，勿告知他人。</li>
        </ul>
      </section>
      <div className="activation-actions">
        <Button block color="primary" size="large" onClick={() => navigate('/seal-activate/list')}>
          开始激活
        </Button>
      </div>
    </ActivationLayout>
  )
}
