import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Dialog, Toast } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import type { OfflineApplyDetail, OfflineDocumentKind } from '@seal/shared/api/offline-apply'
import { offlineBusinessType, offlineFlowAfter, offlineStatus } from '@seal/shared/codes/offline-status'
import { messages } from '@seal/shared/messages'
import { apiLink } from '../../../lib/request/request.ts'
import { saveFile } from '../../../lib/save-file.ts'
import { documentLink } from '../api/document-link.ts'
import { offlineDetailKey, useOfflineDetail } from '../api/offline-apply-detail.ts'
import { downloadOfflineFile, renewalDocuments, serviceAgreement } from '../api/service-documents.ts'
import { submitTodo } from '../api/submit-todo.ts'
import { failureText } from '../failure-text.ts'
import { offlineDetailState, OfflineFrame } from '../offline-frame.tsx'
import { offlinePage, offlineRoutes } from '../offline-routes.ts'
import { MaterialRow } from './material-row.tsx'

const TITLE = '下载申请材料'

/** A link the server handed out, as the browser opens it from anywhere (absolute). */
const absolute = (url: string) => new URL(apiLink(url), window.location.origin).toString()

/**
 * `/seal-apply/operator/step-2?applyId=` 下载申请材料 (spec 001 §2): the application form and the operator's
 * letter of authorisation made for this application (a 30-minute link), the 电子印章服务协议
 * (GET …/offlineApply/agreement), for a renewal the renewal documents (POST …/getRenewalDocuments), and
 * the reference examples (temp). A renewal's draft is submitted from here (001 §4: step-1, step-2).
 */
export function DownloadPage() {
  const [params] = useSearchParams()
  const applyId = params.get('applyId') ?? ''
  const detail = useOfflineDetail(applyId)

  const state = offlineDetailState(applyId, detail)
  if ('placeholder' in state) return <OfflineFrame title={TITLE}>{state.placeholder}</OfflineFrame>
  return <DownloadBody detail={state.ready} />
}

function DownloadBody({ detail }: { detail: OfflineApplyDetail }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const { applyId } = detail
  const renewal = detail.businessType === offlineBusinessType.RENEWAL
  const draft = detail.applyStatus === offlineStatus.DRAFT && detail.mine
  const submitsHere = draft && offlineFlowAfter('step-1', detail) === 'step-2'

  // A same-origin link with `download` saves the PDF where a pop-up after the wait would be blocked.
  const openDocument = async (type: OfflineDocumentKind) => {
    const link = await documentLink(applyId, type)
    const anchor = document.createElement('a')
    anchor.href = absolute(link.url)
    anchor.download = link.fileName
    document.body.append(anchor)
    anchor.click()
    anchor.remove()
  }
  const saveStored = async (fileId: string, fileName: string) =>
    saveFile(await downloadOfflineFile(fileId), fileName)

  const submit = async () => {
    if (
      !(await Dialog.confirm({
        content: '提交后将不能修改申请信息，确认提交吗？',
        confirmText: '确认提交',
        cancelText: '取消',
      }))
    )
      return
    setBusy(true)
    try {
      await submitTodo(applyId)
      void queryClient.invalidateQueries({ queryKey: offlineDetailKey(applyId) })
      navigate(offlinePage(offlineFlowAfter('step-2', detail), applyId), { replace: true })
    } catch (error) {
      Toast.show({ content: failureText(error, messages.submitFailed), duration: 3000 })
    } finally {
      setBusy(false)
    }
  }

  return (
    <OfflineFrame
      title={TITLE}
      progress={submitsHere ? { step: 'download', application: detail } : undefined}
    >
      <div className="unit-step">
        <section className="unit-section" aria-label="申请材料">
          <h2>申请材料</h2>
          <p className="unit-section-note">
            请下载并打印以下材料，由法定代表人和经办人签字，并在指定位置加盖单位公章。
          </p>
          <ul className="offline-materials">
            <MaterialRow
              title="电子印章申请表"
              note="按本次申请信息生成，需签字并加盖公章"
              onDownload={() => openDocument('applicationForm')}
            />
            {detail.attorneyDocFileInfo && (
              <MaterialRow
                title="授权委托书"
                note="法定代表人授权经办人办理，需签字盖章"
                onDownload={() => openDocument('attorneyDoc')}
              />
            )}
            {renewal && (
              <MaterialRow
                title="电子印章续期申请表"
                note="续期的印章及单位信息"
                onDownload={async () =>
                  saveStored(
                    (
                      await renewalDocuments({
                        unitName: detail.sealUseCompany,
                        socialCreditCode: detail.socialCode,
                        personName: detail.legalPersonName,
                        personIdentity: detail.legalPersonIdentityNo,
                        sealOperator: detail.operatorRealName,
                        sealOperatorIdentity: detail.operatorIdCardNo,
                        sealOperatorTel: detail.operatorTel,
                      })
                    ).fileId,
                    '电子印章续期申请表.pdf',
                  )
                }
              />
            )}
            <MaterialRow
              title="电子印章服务协议"
              note="申请单位阅读并签署"
              onDownload={async () => saveStored((await serviceAgreement()).fileId, '电子印章服务协议.pdf')}
            />
          </ul>
          <p className="unit-section-note">
            不清楚如何填写和盖章？<Link to={offlineRoutes.examples}>查看申请表示例</Link>
          </p>
        </section>
        <div className={submitsHere ? 'unit-footer' : 'unit-footer offline-footer-single'}>
          {submitsHere ? (
            <>
              <Button block disabled={busy} onClick={() => navigate(offlineRoutes.step1({ applyId }))}>
                上一步
              </Button>
              <Button block color="primary" loading={busy} onClick={() => void submit()}>
                提交
              </Button>
            </>
          ) : (
            <Button block color="primary" onClick={() => navigate(-1)}>
              返回
            </Button>
          )}
        </div>
      </div>
    </OfflineFrame>
  )
}
