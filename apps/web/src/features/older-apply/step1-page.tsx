import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Button, DotLoading, Form, Input, NavBar, Selector, Toast } from 'antd-mobile'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { unitType, unitTypeLabels } from '@seal/shared/codes/unit-type'
import { messageTemplates } from '@seal/shared/messages'
import {
  CREDIT_CODE_LENGTH,
  isCreditCode,
  registrationRegionOf,
  unitTypeOfCreditCode,
} from '@seal/shared/rules/credit-code'
import { WIZARD_NAME_INPUT_MAX_LENGTH } from '@seal/shared/rules/names'
import { olderUnitProblem } from '@seal/shared/rules/older-apply'
import { fullWidthBrackets } from '@seal/shared/text/normalize'
import { RegionPicker } from '../../components/region-picker/region-picker.tsx'
import { getApplicationDetail } from '../unit-apply/api/get-application-detail.ts'
import { PictureField } from '../unit-apply/step1/picture-field.tsx'
import { useUnitSealFacts } from './api/seal-records.ts'
import { emptyDraft, emptySeal, useOlderDraft, writeOlderDraft, type DraftPatch } from './older-draft.ts'
import { olderApplyRoutes } from './older-routes.ts'
import { recogniseOlderLicence } from './recognition.ts'
import { sealOptionsOf } from './seal-options.ts'
import { SealTypeChoice } from './seal-type-choice.tsx'
import { StepBar } from './step-bar.tsx'
import '../unit-apply/unit-apply.css'
import './older-apply.css'

const unitTypeOptions = [unitType.ORDINARY_ENTERPRISE, unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION].map(
  (code) => ({ value: code, label: unitTypeLabels[code] }),
)

/**
 * `/seal-apply/step-1` 完善信息 (spec 001 §2 "Step-based application (older wizard)"): the licence (recognised
 * to fill the unit name and credit code), unit type, registration region and the seal types; 下一步 checks the
 * older rules (001 §5) and goes to step 2. Opened with `?reapply=<id>`, a failed application fills it again.
 */
export function OlderStep1Page() {
  const navigate = useNavigate()
  const [draft, update] = useOlderDraft()
  const facts = useUnitSealFacts(draft.socialCreditCode)
  const prefilling = useReapplyPrefill(update)

  /** A valid code gives the unit type, as typing it in the new wizard does. */
  const withCode = (value: string): DraftPatch => {
    const code = value.trim().toUpperCase()
    return isCreditCode(code)
      ? { socialCreditCode: code, unitTypeCode: unitTypeOfCreditCode(code) }
      : { socialCreditCode: value }
  }

  const next = () => {
    const options = facts.data ? sealOptionsOf(facts.data) : []
    const choice = {
      chosen: draft.seals.map((seal) => seal.sealTypeCode),
      available: options.filter((option) => option.canMake).map((option) => option.sealTypeCode),
    }
    // Until the unit's seals are known, nothing can be chosen: the question is still open, not answered "none".
    const problem = olderUnitProblem(draft, facts.data ? choice : { ...choice, available: choice.chosen })
    if (problem) {
      Toast.show({ content: problem })
      return
    }
    if (!facts.data) return
    if (draft.seals.length === 0 && draft.activations.length > 0) {
      // Only seals awaiting activation were chosen: activation is their way (001 §4).
      navigate(olderApplyRoutes.activate)
      return
    }
    navigate(olderApplyRoutes.step2)
  }

  return (
    <div className="unit-apply-page older-apply-page">
      <NavBar onBack={() => navigate(-1)}>完善信息</NavBar>
      <StepBar current={0} />
      {prefilling ? (
        <div className="unit-apply-loading">
          <DotLoading color="primary" />
          正在加载申请信息
        </div>
      ) : (
        <div className="unit-step">
          <section className="unit-section" aria-label="单位信息">
            <h2>单位信息</h2>
            <PictureField
              shape="licence"
              label="上传营业执照"
              hint="营业执照或单位证照"
              fileId={draft.license}
              recognise={recogniseOlderLicence}
              onAccepted={({ ocr, fileId }) =>
                update({
                  license: fileId,
                  busSerialNo: ocr.busSerialNo,
                  unitName: fullWidthBrackets(ocr.unitName?.trim() ?? ''),
                  ...withCode(ocr.socialCreditCode ?? ''),
                })
              }
              onCleared={() => update({ license: '', busSerialNo: '' })}
            />
            <Form layout="horizontal" className="unit-form">
              <Form.Item label="单位名称">
                <Input
                  placeholder="请输入单位名称"
                  value={draft.unitName}
                  maxLength={WIZARD_NAME_INPUT_MAX_LENGTH}
                  onChange={(unitName) => update({ unitName })}
                  onBlur={() => update({ unitName: fullWidthBrackets(draft.unitName.trim()) })}
                />
              </Form.Item>
              <Form.Item label="社会信用代码">
                <Input
                  placeholder="请输入统一社会信用代码"
                  value={draft.socialCreditCode}
                  maxLength={CREDIT_CODE_LENGTH}
                  onChange={(value) => update(withCode(value))}
                />
              </Form.Item>
              <Form.Item label="单位注册地">
                <RegionPicker
                  value={draft.addressState.length ? draft.addressState : undefined}
                  suggestedDistrict={registrationRegionOf(draft.socialCreditCode)}
                  onChange={(addressState) => update({ addressState })}
                />
              </Form.Item>
              <Form.Item label="单位类型">
                <Selector
                  columns={2}
                  options={unitTypeOptions}
                  value={draft.unitTypeCode ? [draft.unitTypeCode] : []}
                  onChange={(value) => update({ unitTypeCode: value[0] ?? '' })}
                />
              </Form.Item>
            </Form>
          </section>
          <SealTypeChoice draft={draft} onChange={update} />
          <p className="unit-section-note older-retrieve">
            <Link to="/new/seal/find-seal?businessType=RETRIEVE&applicatKind=LEGAL_APPLY">
              章已申请，找回印章
            </Link>
          </p>
          <div className="unit-footer older-footer-single">
            <Button block color="primary" onClick={next}>
              下一步
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}

/** 重新申请 from the result page: the failed application's unit, legal representative's phone and seal types. */
function useReapplyPrefill(update: (patch: DraftPatch) => unknown): boolean {
  const [params, setParams] = useSearchParams()
  const id = params.get('reapply')
  const done = useRef(false)
  const [loading, setLoading] = useState(Boolean(id))
  useEffect(() => {
    if (!id || done.current) return
    done.current = true
    void getApplicationDetail(id)
      .then((detail) => {
        writeOlderDraft(emptyDraft())
        update({
          ...emptyDraft(),
          unitName: detail.unitName,
          socialCreditCode: detail.socialCreditCode,
          unitTypeCode: detail.unitTypeCode,
          license: detail.businessLicense,
          addressState: detail.addr,
          tel: detail.legalTel,
          seals: [...new Set(detail.sealInfo.map((seal) => seal.sealTypeCode))].map((type) =>
            emptySeal(type, sealTypeLabel(type)),
          ),
        })
        setParams({}, { replace: true })
      })
      .catch((error: unknown) =>
        Toast.show({
          content: messageTemplates.draftLoadFailed(error instanceof Error ? error.message : ''),
        }),
      )
      .finally(() => setLoading(false))
  }, [id, update, setParams])
  return loading
}
