import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Button, DotLoading, Input, Radio, Space, Toast } from 'antd-mobile'
import type { SealMakeRecord } from '@seal/shared/api/older-change'
import { businessType } from '@seal/shared/codes/business-type'
import { sealStatusLabels, type SealStatus } from '@seal/shared/codes/seal-status'
import { messages } from '@seal/shared/messages'
import { alertDialog } from '../../../lib/dialog/confirm-dialog.ts'
import { RequestError } from '../../../lib/request/request.ts'
import { failureText, useWizard } from '../../unit-apply/wizard-context.tsx'
import { queryMakeIgnoreStatus } from '../api/query-make.ts'
import { OlderWizard } from '../older-wizard.tsx'
import { olderChangeRoutes } from '../routes.ts'

/** The choice that no physical seal code is on record for the seal (its filing number stays empty). */
const NO_CODE = ''

/** `/seal-change/step-3-1/:changeTypes` 确认印章编码 (001 §2, §4 "Older flow order"). */
export function ChangeStep31Page() {
  return (
    <OlderWizard kind={businessType.CHANGE} current={2} title="印章变更">
      <SealCodeStep />
    </OlderWizard>
  )
}

/**
 * For each chosen seal whose type has no record or several among the unit's seal records (POST
 * /seal/queryMakeIgnoreStatus, any status), the person confirms which physical seal code is the seal's, or
 * that it has none; a code may be looked up (请输入印章编码进行查询; nothing found: 未查询到印章). The code
 * goes with the seal as its filing number; then the pictures and password.
 */
function SealCodeStep() {
  const wizard = useWizard()
  const navigate = useNavigate()
  const { changeTypes = '' } = useParams()
  const { form } = wizard
  const records = useQuery({ queryKey: ['older-change', 'records', form.socialCreditCode], queryFn: () => queryMakeIgnoreStatus({ socialCreditCode: form.socialCreditCode }) })
  const [found, setFound] = useState<Record<string, SealMakeRecord[]>>({})
  const [typed, setTyped] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  if (records.isPending) {
    return (
      <div className="older-loading" role="status">
        <DotLoading color="primary" />
        <span>正在查询印章记录</span>
      </div>
    )
  }
  const all = records.data ?? []
  const unsure = form.sealInfo.filter((seal) => all.filter((record) => record.sealTypeCode === seal.sealTypeCode).length !== 1)

  const search = async (itemId: string) => {
    const code = (typed[itemId] ?? '').trim()
    if (!code) {
      Toast.show({ content: messages.sealCodeQueryRequired })
      return
    }
    const answer = await queryMakeIgnoreStatus({ socialCreditCode: form.socialCreditCode, sealCode: code }).catch((error: unknown) => {
      if (error instanceof RequestError) return null
      throw error
    })
    if (!answer) return
    if (answer.length === 0) {
      await alertDialog({ title: messages.sealNotFound, content: '请确认企业信息或实体印章编码是否正确' })
      return
    }
    setFound((current) => ({ ...current, [itemId]: answer }))
    wizard.update((current) => ({ sealInfo: current.sealInfo.map((seal) => (seal._id === itemId ? { ...seal, sealCode: answer[0]!.sealCode } : seal)) }))
  }

  const next = async () => {
    setBusy(true)
    try {
      const id = await wizard.saveDraft({ quiet: true })
      if (id) navigate(olderChangeRoutes.changeStep3(changeTypes, { sealId: form.sealId, id }))
    } catch (error) {
      Toast.show({ content: failureText(error, messages.serverError) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="unit-step">
      {unsure.length > 0 && <p className="older-lead">以下印章在印章记录中没有唯一对应的实体印章，请确认其印章编码。</p>}
      {unsure.map((seal) => {
        const options = [...all.filter((record) => record.sealTypeCode === seal.sealTypeCode), ...(found[seal._id] ?? [])]
        const unique = [...new Map(options.map((record) => [record.sealCode, record])).values()]
        return (
          <section key={seal._id} className="unit-section" aria-label={`${seal.sealTypeName}印章编码`}>
            <h2>{seal.sealTypeName}</h2>
            <Radio.Group value={seal.sealCode} onChange={(value) => wizard.update((current) => ({ sealInfo: current.sealInfo.map((item) => (item._id === seal._id ? { ...item, sealCode: String(value) } : item)) }))}>
              <Space direction="vertical" block>
                {unique.map((record) => (
                  <Radio key={record.sealCode} value={record.sealCode}>
                    {record.sealCode} {record.sealName}（{sealStatusLabels[record.status as SealStatus] ?? record.status}）
                  </Radio>
                ))}
                <Radio value={NO_CODE}>无实体印章编码</Radio>
              </Space>
            </Radio.Group>
            <div className="older-code-search">
              <Input aria-label={`${seal.sealTypeName}印章编码`} placeholder="请输入印章编码" value={typed[seal._id] ?? ''} onChange={(value) => setTyped((current) => ({ ...current, [seal._id]: value }))} />
              <Button size="small" color="primary" fill="outline" onClick={() => void search(seal._id)}>
                查询
              </Button>
            </div>
          </section>
        )
      })}
      {unsure.length === 0 && <p className="older-lead">所选印章均已对应唯一的印章记录，无需确认。</p>}
      <div className="unit-footer">
        <Button block onClick={() => navigate(olderChangeRoutes.changeStep2({ sealId: form.sealId, id: form.id }))}>
          上一步
        </Button>
        <Button block color="primary" loading={busy} onClick={() => void next()}>
          下一步
        </Button>
      </div>
    </div>
  )
}
