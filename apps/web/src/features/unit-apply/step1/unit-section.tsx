import { Form, Input, Selector } from 'antd-mobile'
import { businessType } from '@seal/shared/codes/business-type'
import { unitType, unitTypeLabels } from '@seal/shared/codes/unit-type'
import { CREDIT_CODE_LENGTH, isCreditCode, registrationRegionOf, unitTypeOfCreditCode } from '@seal/shared/rules/credit-code'
import { WIZARD_NAME_INPUT_MAX_LENGTH } from '@seal/shared/rules/names'
import { fullWidthBrackets } from '@seal/shared/text/normalize'
import { RegionPicker } from '../../../components/region-picker/region-picker.tsx'
import { useWizard } from '../wizard-context.tsx'
import { PictureField } from './picture-field.tsx'
import { recogniseLicence } from './recognition.ts'

const unitTypeOptions = [unitType.ORDINARY_ENTERPRISE, unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION].map((code) => ({
  value: code,
  label: unitTypeLabels[code],
}))

/**
 * 单位信息 (001 §2): the licence photo, recognised to fill the unit name and credit code; the unit type
 * from the code's prefix (changeable); the three-level registration region.
 */
export function UnitSection({ currentCreditCode }: { currentCreditCode?: string }) {
  const { form, update, locks } = useWizard()

  /** A valid code gives the unit type; a type the person chose stays unless it was the previous guess. */
  const withCode = (code: string) => {
    const upper = code.trim().toUpperCase()
    if (!isCreditCode(upper)) return { socialCreditCode: code }
    const auto = unitTypeOfCreditCode(upper)
    const keepChoice = form.unitTypeCode && form.unitTypeCode !== form.autoUnitTypeCode
    return { socialCreditCode: upper, autoUnitTypeCode: auto, unitTypeCode: keepChoice ? form.unitTypeCode : auto }
  }

  return (
    <section className="unit-section" aria-label="单位信息">
      <h2>单位信息</h2>
      <PictureField
        shape="licence"
        label="上传营业执照"
        hint="营业执照或单位证照"
        fileId={form.businessLicense}
        recognise={(dataUrl) => recogniseLicence({ dataUrl, currentCreditCode })}
        onAccepted={({ ocr, fileId }) =>
          update({
            businessLicense: fileId,
            ...(locks.unitName ? {} : { unitName: fullWidthBrackets(ocr.unitName?.trim() ?? '') }),
            ...withCode(ocr.socialCreditCode ?? ''),
          })
        }
        onCleared={() => update({ businessLicense: '' })}
      />
      <Form layout="horizontal" className="unit-form">
        <Form.Item label="单位名称">
          <Input
            placeholder="请输入单位名称"
            value={form.unitName}
            readOnly={locks.unitName}
            maxLength={WIZARD_NAME_INPUT_MAX_LENGTH}
            onChange={(value) => update({ unitName: value })}
            onBlur={() => update({ unitName: fullWidthBrackets(form.unitName.trim()) })}
          />
        </Form.Item>
        <Form.Item label="社会信用代码">
          <Input
            placeholder="请输入统一社会信用代码"
            value={form.socialCreditCode}
            readOnly={form.businessType !== businessType.APPLY && form.businessType !== businessType.RETRIEVE && Boolean(form.sealId)}
            maxLength={CREDIT_CODE_LENGTH}
            onChange={(value) => update(withCode(value))}
          />
        </Form.Item>
        <Form.Item label="单位注册地">
          <RegionPicker
            value={form.addr.length ? form.addr : undefined}
            suggestedDistrict={registrationRegionOf(form.socialCreditCode)}
            onChange={(addr) => update({ addr })}
          />
        </Form.Item>
        <Form.Item
          label="单位类型"
          description={
            form.autoUnitTypeCode && form.unitTypeCode && form.autoUnitTypeCode !== form.unitTypeCode
              ? `根据社会信用代码识别为${unitTypeLabels[form.autoUnitTypeCode as keyof typeof unitTypeLabels] ?? form.autoUnitTypeCode}`
              : undefined
          }
        >
          <Selector
            columns={2}
            options={unitTypeOptions}
            value={form.unitTypeCode ? [form.unitTypeCode] : []}
            onChange={(value) => update({ unitTypeCode: value[0] ?? '' })}
          />
        </Form.Item>
      </Form>
    </section>
  )
}
