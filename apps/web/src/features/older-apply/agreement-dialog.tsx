import { Link } from 'react-router-dom'
import { Dialog } from 'antd-mobile'
import { useAgreementList } from './api/agreement-list.ts'

/**
 * The user-agreement dialog of the start button (spec 001 §2 "Entry and guides"): the agreements to read,
 * each title linking to /seal-apply/{agreementKey}; 同意 goes on, 不同意 closes.
 */
export function AgreementDialog({
  visible,
  onAgree,
  onClose,
}: {
  visible: boolean
  onAgree: () => void
  onClose: () => void
}) {
  const agreements = useAgreementList()
  return (
    <Dialog
      visible={visible}
      title="用户协议"
      onClose={onClose}
      content={
        <div className="older-agreements">
          <p>申请电子印章前，请您仔细阅读以下协议，点击“同意”即表示您已阅读并同意：</p>
          <ul>
            {(agreements.data ?? []).map((item) => (
              <li key={item.agreementKey}>
                <Link to={`/seal-apply/${item.agreementKey}`}>《{item.agreementTitle}》</Link>
              </li>
            ))}
          </ul>
        </div>
      }
      actions={[
        [
          { key: 'disagree', text: '不同意', onClick: onClose },
          { key: 'agree', text: '同意', bold: true, onClick: onAgree },
        ],
      ]}
    />
  )
}
