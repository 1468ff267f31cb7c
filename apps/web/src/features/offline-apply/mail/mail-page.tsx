import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Form, Input, Toast } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { offlineMessages, recheckBody, type OfflineApplyDetail } from '@seal/shared/api/offline-apply'
import { offlineAllows } from '@seal/shared/codes/offline-status'
import { messages } from '@seal/shared/messages'
import { useConsignee } from '../api/consignee.ts'
import { offlineDetailKey, useOfflineDetail } from '../api/offline-apply-detail.ts'
import { recheckByApplyId } from '../api/recheck.ts'
import { failureText } from '../failure-text.ts'
import { offlineDetailState, OfflineFrame, OfflineLoading } from '../offline-frame.tsx'
import { offlineRoutes } from '../offline-routes.ts'
import { materialsFor } from '@seal/shared/rules/offline-materials'

const TITLE = '邮寄材料'
const COURIER_MAX = 50

/**
 * `/seal-apply/operator/step-4?applyId=` 邮寄材料 (spec 001 §2, §3 "Delivery record", "Consignee
 * configuration", §5 "Courier company and number both required"): where to send the paper and what to
 * put in it (GET …/config/consignee, the list for the unit's kind), then the courier company and waybill
 * number (POST …/recheckByApplyId) and the 提交成功 page.
 */
export function MailPage() {
  const [params] = useSearchParams()
  const applyId = params.get('applyId') ?? ''
  const detail = useOfflineDetail(applyId)

  const state = offlineDetailState(applyId, detail)
  if ('placeholder' in state) return <OfflineFrame title={TITLE}>{state.placeholder}</OfflineFrame>
  return <MailBody detail={state.ready} />
}

function MailBody({ detail }: { detail: OfflineApplyDetail }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const consignee = useConsignee()
  const [company, setCompany] = useState(detail.deliveryRecord?.deliverCompany ?? '')
  const [waybill, setWaybill] = useState(detail.deliveryRecord?.deliverNo ?? '')
  const [busy, setBusy] = useState(false)
  const allowed = offlineAllows(detail.applyStatus, 'mail') && detail.actions.includes('mail')

  const submit = async () => {
    const body = recheckBody.safeParse({
      applyId: detail.applyId,
      deliverCompany: company,
      deliverNo: waybill,
    })
    if (!body.success) {
      Toast.show({ content: body.error.issues[0]!.message })
      return
    }
    setBusy(true)
    try {
      await recheckByApplyId(body.data)
      void queryClient.invalidateQueries({ queryKey: offlineDetailKey(detail.applyId) })
      Toast.show({ icon: 'success', content: messages.operationSucceeded })
      navigate(offlineRoutes.submitted(detail.applyId), { replace: true })
    } catch (error) {
      Toast.show({ content: failureText(error, messages.submitFailed), duration: 3000 })
    } finally {
      setBusy(false)
    }
  }

  return (
    <OfflineFrame title={TITLE} progress={{ step: 'mail', application: detail }}>
      <div className="unit-step">
        <section className="unit-section" aria-label="收件信息">
          <h2>收件信息</h2>
          {consignee.isError ? (
            <p className="unit-section-note" role="alert">
              {messages.queryFailed}
              <Button size="mini" fill="none" color="primary" onClick={() => void consignee.refetch()}>
                重试
              </Button>
            </p>
          ) : !consignee.data ? (
            <OfflineLoading />
          ) : (
            <>
              <dl className="offline-summary">
                <div>
                  <dt>收件人</dt>
                  <dd>{consignee.data.recipientName}</dd>
                </div>
                <div>
                  <dt>联系电话</dt>
                  <dd>
                    <a href={`tel:${consignee.data.recipientPhone}`}>{consignee.data.recipientPhone}</a>
                  </dd>
                </div>
                <div>
                  <dt>收件地址</dt>
                  <dd>{consignee.data.recipientAddress}</dd>
                </div>
              </dl>
              <h3 className="offline-subtitle">需邮寄的材料</h3>
              <ol className="offline-material-list">
                {materialsFor(consignee.data, {
                  unitTypeCode: detail.unitTypeCode,
                  channel: detail.channel,
                }).map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
              <Button
                size="small"
                fill="outline"
                color="primary"
                onClick={() => navigate(offlineRoutes.download(detail.applyId))}
              >
                下载申请材料
              </Button>
            </>
          )}
        </section>
        <section className="unit-section" aria-label="快递信息">
          <h2>快递信息</h2>
          {!allowed && <p className="unit-section-note offline-warning">{offlineMessages.notAllowed}</p>}
          <Form layout="horizontal" className="unit-form">
            <Form.Item label="快递公司">
              <Input
                aria-label="快递公司"
                placeholder={offlineMessages.deliverCompanyRequired}
                value={company}
                maxLength={COURIER_MAX}
                onChange={setCompany}
                disabled={!allowed}
              />
            </Form.Item>
            <Form.Item label="快递单号">
              <Input
                aria-label="快递单号"
                placeholder={offlineMessages.deliverNoRequired}
                value={waybill}
                maxLength={COURIER_MAX}
                onChange={(value) => setWaybill(value.replace(/\s/g, ''))}
                disabled={!allowed}
              />
            </Form.Item>
          </Form>
        </section>
        <div className="unit-footer">
          <Button block onClick={() => navigate(offlineRoutes.result(detail.applyId))}>
            稍后填写
          </Button>
          <Button block color="primary" loading={busy} disabled={!allowed} onClick={() => void submit()}>
            提交
          </Button>
        </div>
      </div>
    </OfflineFrame>
  )
}
