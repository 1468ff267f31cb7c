import { Dialog } from 'antd-mobile'
import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { ownMessages } from '@seal/shared/messages'

/**
 * Before a verified legal representative's cancellation is submitted — which revokes the certificates at
 * once and cannot be undone — the seals it takes, each by name and code, and 确认注销 or 取消.
 */
export function confirmCancellation(seals: Pick<ApplySealItem, '_id' | 'sealName' | 'sealTypeName' | 'sealCode'>[]): Promise<boolean> {
  return new Promise((resolve) => {
    Dialog.show({
      title: '确认注销印章',
      content: (
        <div className="unit-dialog-text">
          <p>{ownMessages.cancelSealsWarning}</p>
          <ul className="unit-cancel-summary" aria-label="将注销的印章">
            {seals.map((seal) => (
              <li key={seal._id}>
                <strong>{seal.sealName || seal.sealTypeName}</strong>
                {seal.sealCode && <span>{seal.sealCode}</span>}
              </li>
            ))}
          </ul>
        </div>
      ),
      closeOnAction: true,
      actions: [
        [
          { key: 'back', text: '取消', onClick: () => resolve(false) },
          { key: 'confirm', text: '确认注销', bold: true, danger: true, onClick: () => resolve(true) },
        ],
      ],
    })
  })
}
