import { Form, Input, Selector } from 'antd-mobile'
import { unitType, unitTypeLabels } from '@seal/shared/codes/unit-type'
import {
  CREDIT_CODE_LENGTH,
  isCreditCode,
  registrationRegionOf,
  unitTypeOfCreditCode,
} from '@seal/shared/rules/credit-code'
import { UNIT_NAME_MAX_LENGTH } from '@seal/shared/rules/names'
import { fullWidthBrackets } from '@seal/shared/text/normalize'
import { RegionPicker } from '../../../components/region-picker/region-picker.tsx'
import { PictureField } from '../../unit-apply/step1/picture-field.tsx'
import { recogniseLicence } from '../../unit-apply/step1/recognition.ts'

export const unitTypeOptions = [
  unitType.ORDINARY_ENTERPRISE,
  unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION,
].map((code) => ({
  value: code,
  label: unitTypeLabels[code],
}))

/** The unit's fields, as the offline form and the change / renewal form page name them. */
export type UnitValues = {
  licenseFileId: string
  sealUseCompany: string
  socialCode: string
  unitTypeCode: string
  registrationPlaceCode: string[]
  registrationPlace: string
}

type UnitFieldsProps = {
  value: UnitValues
  update: (patch: Partial<UnitValues>) => void
  /** The credit code the licence must carry (a change or renewal of a known unit). */
  currentCreditCode?: string
  /** Show the registration region (step-1; the change / renewal form page asks only for the unit). */
  withRegion?: boolean
  /** The credit code cannot be changed (the application's unit is fixed). */
  codeLocked?: boolean
}

/**
 * 单位信息 (001 §2, §5): the licence photo, read by OCR to fill the unit name and credit code; the unit
 * type the code's prefix gives (changeable); the three-level registration region.
 */
export function UnitFields({
  value,
  update,
  currentCreditCode,
  withRegion = true,
  codeLocked = false,
}: UnitFieldsProps) {
  /** A valid code gives the unit type unless one was chosen. */
  const withCode = (code: string): Partial<UnitValues> => {
    const upper = code.trim().toUpperCase()
    if (!isCreditCode(upper)) return { socialCode: code }
    return { socialCode: upper, unitTypeCode: value.unitTypeCode || unitTypeOfCreditCode(upper) }
  }

  return (
    <section className="unit-section" aria-label="单位信息">
      <h2>单位信息</h2>
      <PictureField
        shape="licence"
        label="上传营业执照"
        hint="营业执照或单位证照"
        fileId={value.licenseFileId}
        recognise={(dataUrl) => recogniseLicence({ dataUrl, currentCreditCode })}
        onAccepted={({ ocr, fileId }) =>
          update({
            licenseFileId: fileId,
            sealUseCompany: fullWidthBrackets(ocr.unitName?.trim() ?? ''),
            ...(codeLocked ? {} : withCode(ocr.socialCreditCode ?? '')),
          })
        }
        onCleared={() => update({ licenseFileId: '' })}
      />
      <Form layout="horizontal" className="unit-form">
        <Form.Item label="单位名称">
          <Input
            placeholder="请输入单位名称"
            value={value.sealUseCompany}
            maxLength={UNIT_NAME_MAX_LENGTH}
            onChange={(sealUseCompany) => update({ sealUseCompany })}
            onBlur={() => update({ sealUseCompany: fullWidthBrackets(value.sealUseCompany.trim()) })}
          />
        </Form.Item>
        <Form.Item label="社会信用代码">
          <Input
            placeholder="请输入统一社会信用代码"
            value={value.socialCode}
            readOnly={codeLocked}
            maxLength={CREDIT_CODE_LENGTH}
            onChange={(code) => update(withCode(code))}
          />
        </Form.Item>
        {withRegion && (
          <Form.Item label="单位注册地">
            <RegionPicker
              value={value.registrationPlaceCode.length ? value.registrationPlaceCode : undefined}
              suggestedDistrict={registrationRegionOf(value.socialCode)}
              onChange={(registrationPlaceCode, labels) =>
                update({ registrationPlaceCode, registrationPlace: labels.join('') })
              }
            />
          </Form.Item>
        )}
        <Form.Item label="单位类型">
          <Selector
            columns={2}
            options={unitTypeOptions}
            value={value.unitTypeCode ? [value.unitTypeCode] : []}
            onChange={(picked) => update({ unitTypeCode: picked[0] ?? '' })}
          />
        </Form.Item>
      </Form>
    </section>
  )
}
