import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router-dom'
import { Button, Dialog, Input, NavBar, Radio, Space, Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { olderApplyMessages } from '@seal/shared/rules/older-apply'
import { failureText } from '../unit-apply/wizard-context.tsx'
import { queryMake } from './api/seal-records.ts'
import { useOlderDraft, type OlderSeal } from './older-draft.ts'
import { olderApplyRoutes } from './older-routes.ts'
import { StepBar } from './step-bar.tsx'
import '../unit-apply/unit-apply.css'
import './older-apply.css'

/** What a seal still lacks at step 4-1, or null when it is answered. */
function physicalProblem(seal: OlderSeal): string | null {
  if (seal.physical === '') return olderApplyMessages.physicalCodeChoiceRequired
  if (seal.physical === 'yes' && !seal.sealCode) return olderApplyMessages.physicalCodeNotQueried
  return null
}

/**
 * `/seal-apply/step-4-1/{changeTypes}` 确认印章编码 (spec 001 §2, §4 "Older flow order"): for each chosen seal type
 * with no record or several, whether a physical seal (with its public-security code) exists; a code is looked
 * up among the unit's records (请输入印章编码进行查询; 未查询到印章 when none bears it), without one the seal is
 * made with a code of its own. Then step 4.
 */
export function OlderStep41Page() {
  const navigate = useNavigate()
  const [draft, update] = useOlderDraft()
  const asked = draft.seals.filter((seal) => seal.records !== 1)
  if (!draft.applyId || !draft.ranId) return <Navigate to={olderApplyRoutes.step2} replace />

  const patch = (id: string, change: Partial<OlderSeal>) =>
    update((current) => ({
      seals: current.seals.map((seal) => (seal._id === id ? { ...seal, ...change } : seal)),
    }))

  const next = () => {
    const problem = asked.map(physicalProblem).find(Boolean)
    if (problem) {
      Toast.show({ content: problem })
      return
    }
    navigate(olderApplyRoutes.step4)
  }

  return (
    <div className="unit-apply-page older-apply-page">
      <NavBar onBack={() => navigate(olderApplyRoutes.step2)}>确认印章编码</NavBar>
      <StepBar current={2} />
      <div className="unit-step">
        <p className="unit-section-note older-lead">
          以下印章类型没有可直接使用的备案记录，请确认是否已有实体印章。没有实体印章的，将为电子印章分配新的印章编码。
        </p>
        {asked.map((seal) => (
          <PhysicalCode
            key={seal._id}
            seal={seal}
            socialCreditCode={draft.socialCreditCode}
            onChange={(change) => patch(seal._id, change)}
          />
        ))}
        <div className="unit-footer">
          <Button block onClick={() => navigate(olderApplyRoutes.step2)}>
            上一步
          </Button>
          <Button block color="primary" onClick={next}>
            下一步
          </Button>
        </div>
      </div>
    </div>
  )
}

function PhysicalCode({
  seal,
  socialCreditCode,
  onChange,
}: {
  seal: OlderSeal
  socialCreditCode: string
  onChange: (change: Partial<OlderSeal>) => void
}) {
  const [code, setCode] = useState(seal.sealCode)
  const [busy, setBusy] = useState(false)
  const name = seal.sealName || seal.sealTypeName

  const search = async () => {
    const typed = code.trim()
    if (!typed) {
      Toast.show({ content: messages.sealCodeQueryRequired })
      return
    }
    setBusy(true)
    try {
      const records = await queryMake({ socialCreditCode, sealCode: typed })
      const found = records.find((record) => record.sealTypeCode === seal.sealTypeCode)
      if (!found) {
        onChange({ sealCode: '' })
        await Dialog.alert({
          title: messages.sealNotFound,
          content: olderApplyMessages.sealNotFoundGuide,
          confirmText: '我知道了',
        })
        return
      }
      onChange({ sealCode: found.sealCode })
      Toast.show({ icon: 'success', content: `已找到：${found.sealName}` })
    } catch (error) {
      Toast.show({ content: failureText(error, messages.queryFailed) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="unit-section" aria-label={name}>
      <h2>{name}</h2>
      <p className="unit-section-note">{olderApplyMessages.physicalCodeQuestion}</p>
      <Radio.Group
        value={seal.physical}
        onChange={(value) => onChange({ physical: value as OlderSeal['physical'], sealCode: '' })}
      >
        <Space>
          <Radio value="yes">有实体印章编码</Radio>
          <Radio value="no">无实体印章编码</Radio>
        </Space>
      </Radio.Group>
      {seal.physical === 'yes' && (
        <div className="older-code-search">
          <Input
            aria-label={`${name}印章编码`}
            placeholder="请输入实体印章编码"
            value={code}
            maxLength={64}
            onChange={setCode}
          />
          <Button size="small" color="primary" loading={busy} onClick={() => void search()}>
            查询
          </Button>
        </div>
      )}
      {seal.physical === 'yes' && seal.sealCode && (
        <p className="unit-section-note unit-picture-status-ok">已确认印章编码：{seal.sealCode}</p>
      )}
    </section>
  )
}
