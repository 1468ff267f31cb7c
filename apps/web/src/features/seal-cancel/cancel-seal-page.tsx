import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { Button, Checkbox, Dialog, Form, Input, Toast } from 'antd-mobile'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RevokeSealAnswer, RevokeSealBody } from '@seal/shared/api/seal-pin'
import type { SealItem } from '@seal/shared/api/seals'
import { sealStatus } from '@seal/shared/codes/seal-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { sealRole, effectiveSealRole } from '@seal/shared/codes/authorization'
import { messages, ownMessages } from '@seal/shared/messages'
import { requiredPasswordSchema, SEAL_PASSWORD_MAX_LENGTH } from '@seal/shared/rules/seal-password'
import { zodRule } from '../../lib/form/zod-rule.ts'
import { post, RequestError } from '../../lib/request/request.ts'
import { sealReference } from '../my-seals/api.ts'
import { SealFrame, sealDetailPath } from '../my-seals/seal-frame.tsx'
import { sealActions } from '../my-seals/seal-list-logic.ts'
import './cancel-seal.css'

/**
 * `/seal-off/:sealId` 注销印章 (spec 000 §2, §6): the holder cancels a seal in effect with its password.
 * The certificate is revoked at once; what the seal signed before stays verifiable. An official seal (01)
 * can take the unit's other seals with it (ticked by default).
 */
export function CancelSealPage() {
  return (
    <SealFrame sealId={useParams().sealId} title="注销印章">
      {(seal) => (effectiveSealRole(seal.role) === sealRole.LEGAL_PERSON ? <CancelSealForm seal={seal} /> : <NotTheHolder seal={seal} />)}
    </SealFrame>
  )
}

/**
 * The page opened by its address by someone the server would refuse (the PIN and cancellation are the
 * holder's alone, trust/routes.ts): say so before any form. A unit seal's manager cancels through the
 * wizard's cancellation application, the same door the seal detail's menu gives them.
 */
function NotTheHolder({ seal }: { seal: SealItem }) {
  const navigate = useNavigate()
  const application = sealActions(seal, { bindingMenu: false }).find((action) => action.key === 'cancel')?.to
  const personal = seal.sealTypeCode === sealTypeCode.PERSONAL_NAME
  const why = personal
    ? ownMessages.cancelOnlyHolderPersonal
    : application
      ? ownMessages.cancelByApplicationForManager
      : ownMessages.cancelNotForAuthorizedUser
  return (
    <div className="cancel-seal-refusal">
      <p className="cancel-seal-note" role="alert">
        {why}
      </p>
      {application && !personal && (
        <Button block color="primary" size="large" onClick={() => navigate(application)}>
          申请注销
        </Button>
      )}
    </div>
  )
}

function CancelSealForm({ seal }: { seal: SealItem }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<{ pin: string }>()
  const isOfficial = seal.sealTypeCode === sealTypeCode.UNIT_OFFICIAL
  const [related, setRelated] = useState(isOfficial)
  const revoke = useMutation({ mutationFn: (body: RevokeSealBody) => post<RevokeSealAnswer>('/seal/revokeNew', body, { silent: true }) })

  if (seal.status !== sealStatus.IN_EFFECT) return <p className="cancel-seal-note">该印章当前不是生效状态，无需注销。</p>

  const finish = async ({ pin }: { pin: string }) => {
    const confirmed = await Dialog.confirm({
      title: '确认注销印章？',
      content: `注销后「${seal.sealName}」立即失效、不可恢复${isOfficial && related ? '，本单位其他印章将一并注销' : ''}。`,
      confirmText: '确认注销',
    })
    if (!confirmed) return
    try {
      await revoke.mutateAsync({ ...sealReference(seal), related: isOfficial && related, pin })
    } catch (error) {
      // The server's reason (a wrong password counts down, then locks; a timeout; a server fault), else the
      // spec's fallback; the password is cleared for another try. A lost session is reported where it is found.
      if (error instanceof RequestError && error.kind !== 'unauthorized' && error.kind !== 'cancelled') {
        Toast.show({ content: error.message || messages.passwordIncorrectRetry, duration: 3000 })
      }
      form.setFieldValue('pin', '')
      return
    }
    Toast.show({ icon: 'success', content: messages.sealCancelled })
    await queryClient.invalidateQueries()
    navigate(sealDetailPath(seal), { replace: true })
  }

  return (
    <>
      <div className="cancel-seal-note">
        <p>注销后，该印章立即失效，其数字证书被吊销，无法再用于签章，且不可恢复。</p>
        <p>注销前已签署的文件仍可验证，验章时将显示该印章已注销。</p>
      </div>
      <Form
        form={form}
        layout="horizontal"
        onFinish={(values: { pin: string }) => void finish(values)}
        footer={
          <Button block type="submit" color="danger" size="large" loading={revoke.isPending}>
            确认注销
          </Button>
        }
      >
        <Form.Header>验证印章密码</Form.Header>
        <Form.Item name="pin" label="印章密码" rules={[zodRule(requiredPasswordSchema(messages.cancelPasswordRequired))]}>
          <Input type="password" placeholder="请输入印章密码" maxLength={SEAL_PASSWORD_MAX_LENGTH} autoComplete="current-password" />
        </Form.Item>
        {isOfficial && (
          <Form.Item>
            <Checkbox checked={related} onChange={setRelated}>
              同时注销本单位其他电子印章
            </Checkbox>
          </Form.Item>
        )}
      </Form>
    </>
  )
}
