import { useNavigate } from 'react-router-dom'
import { Button } from 'antd-mobile'
import { OfflineFrame } from '../offline-frame.tsx'

/** What the reference example points at, numbered on the sheet and in the notes below it. */
const marks = [
  { n: 1, text: '法定代表人在“法定代表人签字”处亲笔签名（不得代签、不得使用签名章）' },
  { n: 2, text: '经办人在“经办人签字”处亲笔签名' },
  { n: 3, text: '在“单位盖章”处加盖单位公章，印迹清晰完整，压住签署日期' },
  { n: 4, text: '申请表有多页时，加盖骑缝章' },
]

const mistakes = [
  '公章模糊、残缺或未压住日期',
  '签名与法定代表人身份证姓名不一致',
  '涂改申请表内容或漏填日期',
  '照片不完整（四角缺失）或反光看不清',
]

/**
 * `/seal-apply/operator/temp` 申请表示例 (spec 001 §2 "temp: reference examples of the stamped application
 * form"): a drawn sheet marking where to sign and stamp, the notes for each mark, and common mistakes.
 */
export function FormExamplesPage() {
  const navigate = useNavigate()
  return (
    <OfflineFrame title="申请表示例">
      <div className="unit-step">
        <section className="unit-section" aria-label="填写示例">
          <h2>申请表填写示例</h2>
          <figure className="offline-sample" aria-label="已签字盖章的申请表示例">
            <div className="offline-sample-sheet">
              <p className="offline-sample-title">电子印章申请表</p>
              <table>
                <tbody>
                  <tr>
                    <th>单位名称</th>
                    <td>（与营业执照一致）</td>
                  </tr>
                  <tr>
                    <th>统一社会信用代码</th>
                    <td>（18位）</td>
                  </tr>
                  <tr>
                    <th>申请印章</th>
                    <td>单位公章、合同专用章…</td>
                  </tr>
                  <tr>
                    <th>法定代表人</th>
                    <td>姓名、身份证号码</td>
                  </tr>
                  <tr>
                    <th>经办人</th>
                    <td>姓名、身份证号码、手机号</td>
                  </tr>
                </tbody>
              </table>
              <div className="offline-sample-signs">
                <div>
                  法定代表人签字：<span className="offline-sample-ink">签名</span>
                  <i className="offline-sample-mark">1</i>
                </div>
                <div>
                  经办人签字：<span className="offline-sample-ink">签名</span>
                  <i className="offline-sample-mark">2</i>
                </div>
                <div className="offline-sample-stamp-row">
                  单位盖章：
                  <span className="offline-sample-stamp" aria-hidden="true">
                    单位公章
                  </span>
                  <i className="offline-sample-mark">3</i>
                </div>
                <div>
                  日期：{'\u3000\u3000'}年{'\u3000\u3000'}月{'\u3000\u3000'}日
                </div>
              </div>
              <span className="offline-sample-seam" aria-hidden="true" />
              <i className="offline-sample-mark offline-sample-mark-seam">4</i>
            </div>
            <figcaption>示意图：按编号位置签字、盖章</figcaption>
          </figure>
          <ol className="offline-sample-notes">
            {marks.map((mark) => (
              <li key={mark.n}>
                <i className="offline-sample-mark">{mark.n}</i>
                {mark.text}
              </li>
            ))}
          </ol>
        </section>
        <section className="unit-section" aria-label="常见问题">
          <h2>以下情况将审核不通过</h2>
          <ul className="offline-material-list">
            {mistakes.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
        <div className="unit-footer offline-footer-single">
          <Button block color="primary" onClick={() => navigate(-1)}>
            我知道了
          </Button>
        </div>
      </div>
    </OfflineFrame>
  )
}
