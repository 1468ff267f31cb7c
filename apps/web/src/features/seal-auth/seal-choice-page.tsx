import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Form, Input, NavBar, Popup, Toast } from 'antd-mobile'
import { sealRole } from '@seal/shared/codes/authorization'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { requiredPasswordSchema, SEAL_PASSWORD_MAX_LENGTH } from '@seal/shared/rules/seal-password'
import { beijingDottedDate } from '@seal/shared/text/beijing-time'
import { Loaded } from '../../components/loaded.tsx'
import { zodRule } from '../../lib/form/zod-rule.ts'
import { apiLink } from '../../lib/request/request.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { useAvailableSeals, verifySealPassword, type AvailableSeal } from './api.ts'
import { flowStore, sealsToChoose } from './flow.ts'
import './seal-auth.css'

/**
 * `/seal-list` 选择印章, step 1 of an authorisation (000 §2): the seals in effect the caller may authorise,
 * by seal-type code, or the one `sealCode` names. A company account, the holder (role 1) or a manager
 * (role 2) proves the seal password before going on to the form.
 */
export function SealChoicePage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const seals = useAvailableSeals()
  const me = useLoginInfo()
  const [chosen, setChosen] = useState<AvailableSeal | null>(null)

  const choose = (seal: AvailableSeal) => {
    const asksPassword = me.data?.kind === 'enterprise' || seal.role === sealRole.LEGAL_PERSON || seal.role === sealRole.MANAGER
    if (asksPassword) setChosen(seal)
    else proceed(seal)
  }
  const proceed = (seal: AvailableSeal) => {
    flowStore.write('seal', seal)
    flowStore.clear('form')
    flowStore.clear('user')
    navigate('/seal-info-form')
  }

  return (
    <div className="seal-auth-page">
      <NavBar onBack={() => navigate(-1)}>选择印章</NavBar>
      <p className="seal-auth-intro">第1步：请选择要授权的印章</p>
      <Loaded query={{ ...seals, data: seals.data && sealsToChoose(seals.data, params.get('sealCode')) }} isEmpty={(list) => list.length === 0} emptyTitle={messages.noAuthorizableSeal}>
        {(list) => (
          <ul className="seal-auth-seals">
            {list.map((seal) => (
              <li key={seal.sealId}>
                <button type="button" className="seal-auth-seal" onClick={() => choose(seal)} aria-label={seal.sealName}>
                  {seal.sealPic ? <img src={apiLink(seal.sealPic)} alt="" draggable={false} /> : <span className="seal-auth-seal-blank" />}
                  <span className="seal-auth-seal-text">
                    <strong>{seal.sealName}</strong>
                    <span>{sealTypeLabel(seal.sealTypeCode)} · {seal.businessName}</span>
                    <span>有效期至 {beijingDottedDate(seal.certEndTime)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      <Popup visible={chosen !== null} onMaskClick={() => setChosen(null)} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
        {chosen && <PasswordCheck seal={chosen} onPassed={() => proceed(chosen)} />}
      </Popup>
    </div>
  )
}

function PasswordCheck({ seal, onPassed }: { seal: AvailableSeal; onPassed: () => void }) {
  const [busy, setBusy] = useState(false)
  const finish = async ({ pin }: { pin: string }) => {
    setBusy(true)
    try {
      const answer = await verifySealPassword(seal, pin)
      if (answer.success) onPassed()
      else Toast.show({ content: answer.mess || messages.wrongSealPassword, duration: 3000 })
    } catch {
      // Told by the request module.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Form
      layout="horizontal"
      onFinish={(values: { pin: string }) => void finish(values)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={busy}>
          确定
        </Button>
      }
    >
      <Form.Header>请输入“{seal.sealName}”的印章密码</Form.Header>
      <Form.Item name="pin" label="印章密码" rules={[zodRule(requiredPasswordSchema(messages.wrongSealPassword))]}>
        <Input type="password" placeholder="请输入印章密码" maxLength={SEAL_PASSWORD_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
    </Form>
  )
}
