import { useNavigate } from 'react-router-dom'
import { NoticeBar } from 'antd-mobile'
import type { WillExpires } from '@seal/shared/api/seals'
import { formatDate } from './seal-list-logic.ts'
import { useWillExpires } from './api.ts'

/** What the notice says of what ends soon; nothing when nothing does. Soonest first, as the server sorts. */
export function expiryNoticeTexts(data: WillExpires): { seals: string | null; auths: string | null } {
  const [seal] = data.seals
  const [auth] = data.auths
  return {
    seals: seal ? `您有${data.seals.length}枚印章即将到期（最早${formatDate(seal.certEndTime)}到期），请及时续期` : null,
    auths: auth ? `您有${data.auths.length}项印章授权即将到期（最早${formatDate(auth.endTime)}到期），到期后将无法使用该印章` : null,
  }
}

/**
 * Above the seal list (/seal-preview-list): seals about to expire (each card also shows 即将到期, 000 §2) and
 * the caller's own authorisations ending soon, from POST /seal/v4/queryWillExpires; the latter opens the
 * authorisation list.
 */
export function ExpiryNotice() {
  const navigate = useNavigate()
  const { data } = useWillExpires()
  if (!data) return null
  const texts = expiryNoticeTexts(data)
  if (!texts.seals && !texts.auths) return null
  return (
    <div className="my-seals-expiry" role="status" aria-label="即将到期提醒">
      {texts.seals && <NoticeBar color="alert" wrap content={texts.seals} />}
      {texts.auths && (
        <NoticeBar
          color="alert"
          wrap
          content={texts.auths}
          extra={
            <button type="button" className="my-seals-expiry-link" onClick={() => navigate('/authorization/personal')}>
              查看
            </button>
          }
        />
      )}
    </div>
  )
}
