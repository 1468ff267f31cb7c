import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, NavBar, Result } from 'antd-mobile'
import { olderApplyMessages } from '@seal/shared/rules/older-apply'
import { SupportLine } from '../apply-records/support-line.tsx'
import { olderApplyRoutes } from './older-routes.ts'
import '../apply-records/apply-records.css'
import './older-apply.css'

/**
 * `/seal-apply/pre-step-5` 提交成功 (spec 001 §2: submission success page, 'waiting for platform review'): the
 * application went to the platform; 查看审核进度 opens the result page, which follows it every 5 seconds.
 */
export function OlderPreStep5Page() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const logId = params.get('logId') ?? ''
  return (
    <div className="older-result-page">
      <NavBar onBack={() => navigate('/home', { replace: true })}>提交成功</NavBar>
      <Result status="waiting" title="提交成功" description={olderApplyMessages.waitingForReview} />
      <p className="older-result-note">
        平台将审核您提交的单位信息与印章图样，审核通过后自动制作电子印章，预计1个工作日内完成，结果将以短信通知。
      </p>
      <div className="older-result-actions">
        {logId && (
          <Button
            block
            color="primary"
            onClick={() => navigate(olderApplyRoutes.result(logId), { replace: true })}
          >
            查看审核进度
          </Button>
        )}
        <Button block onClick={() => navigate('/home', { replace: true })}>
          返回首页
        </Button>
      </div>
      <SupportLine />
    </div>
  )
}
