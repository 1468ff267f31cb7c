import { useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { Button, NavBar, Result, Toast } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { sealAuthMessages } from '@seal/shared/api/seal-auth'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { beijingDottedDate } from '@seal/shared/text/beijing-time'
import { currentChannel } from '../../lib/host/channel.ts'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { useSealDetail } from '../my-seals/api.ts'
import { SealPicture } from '../my-seals/seal-picture.tsx'
import { authorisationsOnTab } from './api.ts'
import { invitationLink, invitationText } from './flow.ts'
import './seal-auth.css'

/**
 * `/authorization-success/{role}` 授权成功 (000 §2). Role 0, the seal user who just accepted: the seal with its
 * picture, unit, credit code, type and validity. Otherwise the grantor: the seal user was told by SMS, a
 * copy-link invitation (masked phone, validity) to send them when an authorized-url is configured, and,
 * outside a plain browser, a note to have them log into the government app; they accept before using the seal.
 */
export function AuthorizationSuccessPage() {
  const role = Number(useParams().role ?? '1')
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const authId = params.get('authId') ?? ''
  const authFileId = params.get('authFileId') ?? ''
  return (
    <div className="seal-auth-page">
      <NavBar onBack={() => navigate('/home', { replace: true })}>授权成功</NavBar>
      {role === 0 ? <AcceptedBody sealId={params.get('sealId') ?? ''} authId={authId} /> : <GrantedBody authId={authId} smsSent={params.get('smsSent') === '1'} />}
      <div className="seal-auth-footer seal-auth-footer-two">
        {authFileId && (
          <Button block size="large" onClick={() => navigate(`/authorization-done/${encodeURIComponent(authFileId)}?role=${role}`)}>
            查看授权书
          </Button>
        )}
        <Button block color="primary" size="large" onClick={() => navigate('/home', { replace: true })}>
          返回首页
        </Button>
      </div>
    </div>
  )
}

function AcceptedBody({ sealId, authId }: { sealId: string; authId: string }) {
  const seal = useSealDetail(sealId)
  const auth = useQuery({ queryKey: ['seal-auth', 'accepted', authId], queryFn: async () => (await authorisationsOnTab(2)).list.find((item) => item.authId === authId) ?? null })
  return (
    <>
      <Result status="success" title="授权完成" description="您已接受授权，可在授权期限内使用该印章" />
      {seal.data && (
        <section className="seal-auth-card seal-auth-seal-summary" aria-label="印章信息">
          <SealPicture seal={seal.data} large />
          <dl>
            <dt>单位名称</dt>
            <dd>{seal.data.businessName}</dd>
            {seal.data.socialCreditCode && (
              <>
                <dt>统一社会信用代码</dt>
                <dd>{seal.data.socialCreditCode}</dd>
              </>
            )}
            <dt>印章类型</dt>
            <dd>{sealTypeLabel(seal.data.sealTypeCode)}</dd>
            {auth.data && (
              <>
                <dt>授权期限</dt>
                <dd>
                  {beijingDottedDate(auth.data.startTime)} 至 {beijingDottedDate(auth.data.endTime)}
                </dd>
              </>
            )}
          </dl>
        </section>
      )}
    </>
  )
}

function GrantedBody({ authId, smsSent }: { authId: string; smsSent: boolean }) {
  const { data: me } = useLoginInfo()
  const auth = useQuery({ queryKey: ['seal-auth', 'granted', authId], queryFn: async () => (await authorisationsOnTab(1)).list.find((item) => item.authId === authId) ?? null })
  const { data: config } = useIdentityConfig()
  const item = auth.data
  const link = config ? invitationLink(config.authorizedUrl, { authId, socialCreditCode: item?.socialCreditCode ?? null }, window.location.origin) : null

  const copy = async () => {
    if (!item || !link) return
    const text = invitationText({
      inviter: me?.companyName ?? me?.personName ?? '',
      sealName: item.sealName,
      sealTypeCode: item.sealTypeCode,
      authorizer: me?.personName ?? '',
      phone: item.phone,
      startTime: item.startTime,
      endTime: item.endTime,
      link,
    })
    try {
      await navigator.clipboard.writeText(text)
      Toast.show({ icon: 'success', content: messages.copied })
    } catch {
      Toast.show({ content: '复制失败，请长按链接复制' })
    }
  }

  return (
    <>
      <Result status="success" title="授权书已签署" description="请等待用章人接受授权，接受后方可使用印章" />
      <section className="seal-auth-card" aria-label="通知用章人">
        {item && (
          <p>
            用章人：{item.name}（{item.phone}），授权期限 {beijingDottedDate(item.startTime)} 至 {beijingDottedDate(item.endTime)}
          </p>
        )}
        {smsSent && <p>已向用章人发送短信通知，请提醒其登录电子印章确认授权。</p>}
        {currentChannel() !== 'h5' && <p>{sealAuthMessages.govAppNote}</p>}
        {link && (
          <>
            <p className="seal-auth-link">{link}</p>
            <Button block color="primary" fill="outline" disabled={!item} onClick={() => void copy()}>
              复制邀请链接
            </Button>
          </>
        )}
      </section>
    </>
  )
}
