import { messages, messageTemplates } from '@seal/shared/messages'
import { ID_CARD_LENGTH } from '@seal/shared/rules/id-card'
import { PersonInputs } from '../../unit-apply/step1/person-inputs.tsx'
import { PictureField } from '../../unit-apply/step1/picture-field.tsx'
import { recogniseIdCard, type Recognised } from '../../unit-apply/step1/recognition.ts'
import type { IdCardOcr } from '../../unit-apply/api/ocr.ts'
import type { OfflineForm } from '../offline-form.ts'

type TextKey = {
  [K in keyof OfflineForm]-?: OfflineForm[K] extends string ? K : never
}[keyof OfflineForm]

/** The form fields of one person of step-1. */
export type IdentityKeys = { name: TextKey; idNo: TextKey; tel: TextKey; front: TextKey; back: TextKey }

export const operatorKeys: IdentityKeys = {
  name: 'operatorRealName',
  idNo: 'operatorIdCardNo',
  tel: 'operatorTel',
  front: 'operatorIdentityFrontFileId',
  back: 'operatorIdentityBackFileId',
}
export const legalKeys: IdentityKeys = {
  name: 'legalPersonName',
  idNo: 'legalPersonIdentityNo',
  tel: 'legalTel',
  front: 'legalPersonIdFrontFileId',
  back: 'legalPersonIdBackFileId',
}

/**
 * The operator's portrait side must be the logged-in person's (001 §5 "for operator the front must match
 * the logged-in account"): the older flow's words, 证件号与登录号码不一致，请重新上传.
 */
async function recogniseOperatorFront(dataUrl: string, loginIdNo: string): Promise<Recognised<IdCardOcr>> {
  const outcome = await recogniseIdCard({
    dataUrl,
    side: 'front',
    expected: { who: '经办人', idNo: loginIdNo },
  })
  if ('message' in outcome && outcome.message === messageTemplates.identityMismatch('经办人'))
    return { message: messages.idNumberNotLoginNumber }
  return outcome
}

type IdentityFieldsProps = {
  who: '经办人' | '法人'
  title: string
  keys: IdentityKeys
  form: OfflineForm
  update: (patch: Partial<OfflineForm>) => void
  /** The operator is the logged-in person: name and number are theirs, and the card must be too. */
  loginIdNo?: string
}

/**
 * ID photos (read by OCR, filling name and number; the same pictures and checks as the new wizard's step 1),
 * name, ID number and phone of the operator or the legal representative.
 */
export function IdentityFields({ who, title, keys, form, update, loginIdNo }: IdentityFieldsProps) {
  const locked = Boolean(loginIdNo)
  return (
    <section className="unit-section" aria-label={title}>
      <h2>{title}</h2>
      <div className="unit-id-photos">
        <PictureField
          label={`上传${who}身份证人像面`}
          hint="身份证人像面"
          fileId={form[keys.front]}
          recognise={(dataUrl) =>
            loginIdNo
              ? recogniseOperatorFront(dataUrl, loginIdNo)
              : recogniseIdCard({ dataUrl, side: 'front' })
          }
          onAccepted={({ ocr, fileId }) =>
            update({
              [keys.front]: fileId,
              ...(locked
                ? {}
                : {
                    [keys.name]: ocr.userName?.trim() ?? '',
                    [keys.idNo]: (ocr.idCardNum ?? '').trim().toUpperCase(),
                  }),
            })
          }
          onCleared={(reason) =>
            update({
              [keys.front]: '',
              // Recognition failed: what the card filled goes too (001 §5), unless it is the login's.
              ...(reason === 'rejected' && !locked ? { [keys.name]: '', [keys.idNo]: '' } : {}),
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
        nameLocked={locked}
        idLocked={locked}
        idMaxLength={ID_CARD_LENGTH}
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
