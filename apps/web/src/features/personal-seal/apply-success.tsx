import { Button, DotLoading, Result } from 'antd-mobile'
import { useSealPic } from './api/get-seal-pic.ts'

/** The completion screen of the personal flow: 申请成功, the new seal, and where to go next. */
export function ApplySuccess({ sealId, onSeals, onHome }: { sealId: string; onSeals: () => void; onHome: () => void }) {
  const picture = useSealPic(sealId)
  return (
    <>
      <Result status="success" title="申请成功" description="您的个人电子名章已制作完成，可在“管理我的印章”中查看和使用" />
      <section className="personal-section">
        {picture.data?.sealPic ? (
          <img className="apply-success-seal" src={picture.data.sealPic} alt="我的个人电子名章" />
        ) : (
          picture.isPending && <DotLoading color="primary" />
        )}
      </section>
      <div className="personal-actions">
        <Button block color="primary" size="large" onClick={onSeals}>
          查看我的印章
        </Button>
        <Button block size="large" onClick={onHome}>
          返回首页
        </Button>
      </div>
    </>
  )
}
