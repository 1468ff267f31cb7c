import type { ReactNode } from 'react'
import type { UnitApplicationForm } from '@seal/shared/api/unit-apply'
import { identityNumberMaxLength, identityType } from '@seal/shared/codes/identity-type'
import { useWizard } from '../wizard-context.tsx'
import { PersonInputs } from './person-inputs.tsx'
import { PictureField } from './picture-field.tsx'
import { recogniseIdCard, type Expected } from './recognition.ts'

type TextKey = NonNullable<
  {
    [K in keyof UnitApplicationForm]: UnitApplicationForm[K] extends string ? K : never
  }[keyof UnitApplicationForm]
>

/** The form fields of one person of step 1. */
export type PersonKeys = {
  name: TextKey
  idNo: TextKey
  tel: TextKey
  front: TextKey
  back: TextKey
  idType?: TextKey
}

export const operatorKeys: PersonKeys = {
  name: 'operatorRealName',
  idNo: 'operatorIdCardNo',
  tel: 'operatorTel',
  front: 'operatorFrontFileId',
  back: 'operatorBackFileId',
}
export const legalKeys: PersonKeys = {
  name: 'legalPersonName',
  idNo: 'legalPersonIdentityNo',
  tel: 'legalTel',
  front: 'legalPersonIdFrontFileId',
  back: 'legalPersonIdBackFileId',
  idType: 'legalPersonIdentityType',
}
export const managerKeys: PersonKeys = {
  name: 'sealManagerName',
  idNo: 'sealManagerIdentityNo',
  tel: 'sealManagerTel',
  front: 'sealManagerIdFrontFileId',
  back: 'sealManagerIdBackFileId',
  idType: 'sealManagerIdentityType',
}

/** Phone input limit of the new wizard (001 §5). */

type PersonSectionProps = {
  /** 经办人, 法人, 管理员: in labels and placeholders. */
  who: string
  title: string
  keys: PersonKeys
  nameLocked?: boolean
  idLocked?: boolean
  /** The portrait side must be this person's. */
  expected?: Expected
  /** Extra content under the title (经办人即管理员). */
  extra?: ReactNode
}

/**
 * ID photos (recognised, filling name and number), name, ID number and phone of the operator, the legal
 * representative or the seal manager. A picture that cannot be used leaves the form with the fields it filled.
 */
export function PersonSection({
  who,
  title,
  keys,
  nameLocked = false,
  idLocked = false,
  expected,
  extra,
}: PersonSectionProps) {
  const { form, update } = useWizard()
  const idMax = identityNumberMaxLength(keys.idType ? form[keys.idType] : identityType.RESIDENT_ID_CARD)

  return (
    <section className="unit-section" aria-label={title}>
      <h2>{title}</h2>
      {extra}
      <div className="unit-id-photos">
        <PictureField
          label={`上传${who}身份证人像面`}
          hint="身份证人像面"
          fileId={form[keys.front]}
          recognise={(dataUrl) => recogniseIdCard({ dataUrl, side: 'front', expected })}
          onAccepted={({ ocr, fileId }) =>
            update({
              [keys.front]: fileId,
              [keys.name]: ocr.userName?.trim() ?? '',
              [keys.idNo]: (ocr.idCardNum ?? '').trim().toUpperCase(),
            })
          }
          onCleared={(reason) =>
            update({
              [keys.front]: '',
              // Recognition failed: what the card filled goes too (001 §5), unless it is the record's.
              ...(reason === 'rejected' && !nameLocked ? { [keys.name]: '' } : {}),
              ...(reason === 'rejected' && !idLocked ? { [keys.idNo]: '' } : {}),
            })
          }
        />
        <PictureField
          label={`上传${who}身份证国徽面`}
          hint="身份证国徽面"
          fileId={form[keys.back]}
          recognise={(dataUrl) => recogniseIdCard({ dataUrl, side: 'back' })}
          onAccepted={({ fileId }) => update({ [keys.back]: fileId })}
          onCleared={() => update({ [keys.back]: '' })}
        />
      </div>
      <PersonInputs
        who={who}
        name={form[keys.name]}
        idNo={form[keys.idNo]}
        tel={form[keys.tel]}
        nameLocked={nameLocked}
        idLocked={idLocked}
        idMaxLength={idMax}
        onChange={(part) =>
          update({
            ...(part.name !== undefined ? { [keys.name]: part.name } : {}),
            ...(part.idNo !== undefined ? { [keys.idNo]: part.idNo } : {}),
            ...(part.tel !== undefined ? { [keys.tel]: part.tel } : {}),
          })
        }
      />
    </section>
  )
}
