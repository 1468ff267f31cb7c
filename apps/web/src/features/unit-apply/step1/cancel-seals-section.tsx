import { DotLoading } from 'antd-mobile'
import { isCreditCode } from '@seal/shared/rules/credit-code'
import { useUnitSeals } from '../api/seal-detail.ts'
import { sealItemOf } from '../seal-items.ts'
import { useWizard } from '../wizard-context.tsx'

/**
 * 注销印章 (001 §2): the unit's seals in effect, to choose which to cancel. Their pictures are shown from
 * short-lived links and never stored with the application.
 */
export function CancelSealsSection() {
  const { form, update } = useWizard()
  const code = form.socialCreditCode.trim().toUpperCase()
  const seals = useUnitSeals(code, isCreditCode(code))
  const chosen = new Set(form.sealInfo.map((seal) => seal.sealId))

  // The seal's code goes with it, so the summary before cancelling and the application form can name it.
  const toggle = (seal: { id: string; sealTypeCode: string; sealName: string; sealCode: string }) => {
    if (chosen.has(seal.id)) update({ sealInfo: form.sealInfo.filter((item) => item.sealId !== seal.id) })
    else update({ sealInfo: [...form.sealInfo, sealItemOf({ sealTypeCode: seal.sealTypeCode, sealId: seal.id, sealName: seal.sealName, sealCode: seal.sealCode })] })
  }

  return (
    <section className="unit-section" aria-label="注销印章">
      <h2>注销印章</h2>
      {seals.isPending ? (
        <div className="unit-section-note">{isCreditCode(code) ? <DotLoading /> : '请先填写正确的社会信用代码'}</div>
      ) : seals.isError || seals.data.length === 0 ? (
        <p className="unit-section-note">暂无可注销的印章</p>
      ) : (
        <div className="unit-cancel-seals" role="group" aria-label="选择要注销的印章">
          {seals.data.map((seal) => (
            <button
              key={seal.id}
              type="button"
              role="checkbox"
              aria-checked={chosen.has(seal.id)}
              className="unit-cancel-seal"
              onClick={() => toggle(seal)}
            >
              {seal.sealPic && <img src={seal.sealPic} alt="" />}
              <span>{seal.sealName}</span>
              {seal.sealCode && <small>{seal.sealCode}</small>}
            </button>
          ))}
        </div>
      )}
    </section>
  )
}
