import { useState } from 'react'
import { Link } from 'react-router-dom'
import { confirmDialog } from '../../lib/dialog/confirm-dialog.ts'

export const AGREEMENT_TITLE = '平台绑定用章服务协议'
const AGREED_KEY = 'binding-agreement-agreed'

/** The agreement's text (/binding/argument): what binding lets a platform do, and how it ends. */
export const agreementSections: { title: string; text: string }[] = [
  { title: '一、服务内容', text: '平台绑定用章服务（以下简称“本服务”）是指您将本人持有或管理的电子印章绑定至您选择的业务平台，绑定后该平台可在您办理业务时调用该电子印章签署文件。' },
  { title: '二、用章确认', text: '绑定前，您须按印章的用章方式完成用章确认（输入印章密码或用章密码，或现场手写签名）。用章确认即表示您同意该平台在绑定有效期间使用该印章，由此签署的文件与您亲自用章具有同等效力。' },
  { title: '三、绑定的有效期', text: '绑定自用章确认完成时生效，至您取消绑定、印章失效（注销、过期）或您对该印章的管理授权终止时失效。失效后平台不能再使用该印章；您可在“平台绑定记录”中重新绑定。' },
  { title: '四、您的义务', text: '请妥善保管印章密码与用章密码，不要将其告知他人；请仅将印章绑定至您信任并实际使用的业务平台。发现异常使用时，请立即取消绑定并修改密码。' },
  { title: '五、记录与通知', text: '每次绑定、取消与重新绑定均留有记录，并通知相应平台。平台每次使用印章均生成用章记录，您可在“用章记录”中查看。' },
  { title: '六、其他', text: '本协议自您勾选同意时生效。本服务的其他事项适用《用户使用协议》与《隐私声明》。' },
]

/** The agreement's text as the embedded page shows it. */
export function AgreementText() {
  return (
    <article className="binding-agreement-text" aria-label={AGREEMENT_TITLE}>
      <h1>{AGREEMENT_TITLE}</h1>
      {agreementSections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <p>{section.text}</p>
        </section>
      ))}
    </article>
  )
}

/**
 * The agreement tick of /binding and /seal-bind (002 §2), kept for the session so reading the agreement
 * and coming back keeps it; `ensureAgreed` asks with the 不同意 / 同意 dialog when it is not ticked.
 */
export function useAgreement() {
  const [agreed, setAgreedState] = useState(() => sessionStorage.getItem(AGREED_KEY) === '1')
  const setAgreed = (value: boolean) => {
    sessionStorage.setItem(AGREED_KEY, value ? '1' : '0')
    setAgreedState(value)
  }
  const ensureAgreed = async () => {
    if (agreed) return true
    const yes = await confirmDialog({
      title: AGREEMENT_TITLE,
      content: `请阅读并同意《${AGREEMENT_TITLE}》后再绑定印章。`,
      cancelText: '不同意',
      confirmText: '同意',
    })
    if (yes) setAgreed(true)
    return yes
  }
  return { agreed, setAgreed, ensureAgreed }
}

/** 我已阅读并同意《…》: a checkbox screen readers name (antd-mobile's hides its input from them). */
export function AgreementCheck({ agreed, onChange }: { agreed: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="binding-agreement-check">
      <button type="button" role="checkbox" aria-checked={agreed} aria-label={`同意${AGREEMENT_TITLE}`} className="binding-agreement-tick" onClick={() => onChange(!agreed)}>
        <span className="binding-agreement-box" aria-hidden="true" />
        我已阅读并同意
      </button>
      <Link to="/binding/argument">《{AGREEMENT_TITLE}》</Link>
    </div>
  )
}
