import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Dialog, NavBar, Toast } from 'antd-mobile'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { currentChannel } from '../../lib/host/channel.ts'
import { ReadmeStart } from '../older-apply/readme-start.tsx'
import './readme-page.css'

export const readmeMessages = {
  switchToPersonal: '请切换至个人账户进行个人电子名章申请',
  applicantNotice: '政务服务应用中申请单位电子印章，需使用法人（单位）账户登录。请退出后使用单位账户登录，再进行申请。',
} as const

const options = [
  {
    key: 'enterprise',
    title: '单位电子印章申请',
    who: '适用于企业、机关、事业单位等，由法定代表人或经办人办理',
    steps: ['完善单位信息并选择印章类型', '验证身份（四要素核验+人脸识别，或营业执照核验）', '设置印章密码，完成申请'],
  },
  {
    key: 'personal',
    title: '个人电子名章申请',
    who: '适用于个人，需本人实名认证',
    steps: ['完善申请信息', '人脸识别验证身份', '签署协议、选择签名和名章样式', '设置印章密码，完成申请'],
  },
] as const

/**
 * Entry page `/seal-apply/readme` (spec 002 §2, 001 §2): the enterprise and the personal application.
 * A person on an enterprise account cannot apply for a personal name seal; in the government app an
 * enterprise application needs an enterprise account.
 */
export function ReadmePage() {
  const navigate = useNavigate()
  const { data: me } = useLoginInfo()
  // With a type, the enterprise application starts here: its steps, then the user-agreement dialog (001 §2).
  const [params] = useSearchParams()
  const type = params.get('type')

  const choose = (key: (typeof options)[number]['key']) => {
    if (key === 'personal') {
      if (me?.kind === 'enterprise') Toast.show({ content: readmeMessages.switchToPersonal, duration: 3000 })
      else navigate('/personal-seal-apply/show-flow')
      return
    }
    if (currentChannel() === 'gov-app' && me?.kind !== 'enterprise') {
      void Dialog.alert({ title: '申请须知', content: readmeMessages.applicantNotice, confirmText: '我知道了' })
      return
    }
    navigate('/seal-apply')
  }

  return (
    <div className="readme-page">
      <NavBar onBack={() => navigate(-1)}>电子印章申请</NavBar>
      <p className="readme-intro">请选择您要办理的业务</p>
      {options.map((option) =>
        option.key === 'enterprise' && type ? (
          <ReadmeStart key={option.key} type={type} />
        ) : (
          <section key={option.key} className="readme-option">
            <h2>{option.title}</h2>
            <p className="readme-who">{option.who}</p>
            <ol>
              {option.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <Button block color="primary" onClick={() => choose(option.key)}>
              {option.key === 'enterprise' ? '申请单位电子印章' : '申请个人电子名章'}
            </Button>
          </section>
        ),
      )}
    </div>
  )
}
