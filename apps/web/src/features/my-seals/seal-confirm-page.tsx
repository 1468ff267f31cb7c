import { useNavigate } from 'react-router-dom'
import { Button, List } from 'antd-mobile'
import { beijingDottedDate } from '@seal/shared/text/beijing-time'
import { SealFrame, sealDetailPath, useSealIdParam } from './seal-frame.tsx'

/**
 * `/seal-comfirm/{type}?sealId=` 电子印章 (000 §2): the e-seal read-only — unit name, unified code, seal
 * name and validity — for anyone with a role on it (the server decides).
 */
export function SealConfirmPage() {
  const navigate = useNavigate()
  return (
    <SealFrame sealId={useSealIdParam()} title="电子印章">
      {(seal) => (
        <>
          <List header="印章信息">
            <List.Item extra={seal.businessName}>单位名称</List.Item>
            {seal.socialCreditCode && <List.Item extra={seal.socialCreditCode}>统一社会信用代码</List.Item>}
            <List.Item extra={seal.sealName}>印章名称</List.Item>
            <List.Item extra={`${beijingDottedDate(seal.certStartTime)} 至 ${beijingDottedDate(seal.certEndTime)}`}>有效期</List.Item>
          </List>
          <div className="seal-confirm-footer">
            <Button block color="primary" size="large" onClick={() => navigate(sealDetailPath(seal))}>
              查看印章详情
            </Button>
          </div>
        </>
      )}
    </SealFrame>
  )
}
