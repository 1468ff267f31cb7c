import { Form, Input } from 'antd-mobile'
import { unitTypeLabels } from '@seal/shared/codes/unit-type'
import { messages } from '@seal/shared/messages'
import { registrationRegionOf } from '@seal/shared/rules/credit-code'
import { RegionPicker } from '../../../components/region-picker/region-picker.tsx'
import { PictureField } from '../../unit-apply/step1/picture-field.tsx'
import { recogniseLicence } from '../../unit-apply/step1/recognition.ts'
import { useWizard } from '../../unit-apply/wizard-context.tsx'

/**
 * 单位信息 of a renewal: the seal's unit, fixed (001 §6 "cancellation and renewal disable unit-name
 * editing"); the licence must be that unit's (older flow: 营业执照与当前执照不一致，请重新上传！); the region.
 */
export function RenewalUnitSection() {
  const { form, update } = useWizard()
  const recognise = async (dataUrl: string) => {
    const read = await recogniseLicence({ dataUrl, currentCreditCode: form.socialCreditCode })
    return 'message' in read && read.message === messages.licenceCreditCodeDiffers ? { message: messages.licenceDiffers } : read
  }
  return (
    <section className="unit-section" aria-label="单位信息">
      <h2>单位信息</h2>
      <PictureField
        shape="licence"
        label="上传营业执照"
        hint="营业执照或单位证照"
        fileId={form.businessLicense}
        recognise={recognise}
        onAccepted={({ fileId }) => update({ businessLicense: fileId })}
        onCleared={() => update({ businessLicense: '' })}
      />
      <Form layout="horizontal" className="unit-form">
        <Form.Item label="单位名称">
          <Input placeholder="请输入单位名称" value={form.unitName} readOnly />
        </Form.Item>
        <Form.Item label="社会信用代码">
          <Input placeholder="请输入统一社会信用代码" value={form.socialCreditCode} readOnly />
        </Form.Item>
        <Form.Item label="单位注册地">
          <RegionPicker value={form.addr.length ? form.addr : undefined} suggestedDistrict={registrationRegionOf(form.socialCreditCode)} onChange={(addr) => update({ addr })} />
        </Form.Item>
        <Form.Item label="单位类型">
          <Input value={unitTypeLabels[form.unitTypeCode as keyof typeof unitTypeLabels] ?? ''} readOnly aria-label="单位类型" />
        </Form.Item>
      </Form>
    </section>
  )
}
