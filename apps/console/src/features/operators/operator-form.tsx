import { ModalForm, ProFormCheckbox, ProFormText } from '@ant-design/pro-components'
import {
  createOperatorBody,
  displayName,
  type OperatorSummary,
  operatorUsername,
} from '@seal/shared/api/operators'
import { App, Button } from 'antd'
import { z } from 'zod'
import { roleOptions } from '../../components/role-tags.tsx'
import { messageOf } from '../../lib/request.ts'
import { zodRule } from '../../lib/zod-rule.ts'
import {
  useCreateOperator,
  type CreateOperatorAnswer,
  type CreateOperatorBody,
} from './api/create-operator.ts'
import { useUpdateOperator } from './api/update-operator.ts'

const roles = z.array(z.string()).min(1, '请至少选择一个角色')

/** 新建操作员: login name, name, ID number (a reviewer never reviews his own application), roles. */
export function CreateOperatorForm({ onCreated }: { onCreated: (answer: CreateOperatorAnswer) => void }) {
  const create = useCreateOperator()
  const { message } = App.useApp()
  return (
    <ModalForm<CreateOperatorBody>
      title="新建操作员"
      trigger={<Button type="primary">新建操作员</Button>}
      modalProps={{ destroyOnHidden: true, maskClosable: false, okText: '确定' }}
      width={520}
      onFinish={async (fields) => {
        try {
          onCreated(await create.mutateAsync(fields))
          return true
        } catch (error) {
          // The form stays open with what was typed.
          void message.error(messageOf(error))
          return false
        }
      }}
    >
      <ProFormText
        name="username"
        label="用户名"
        placeholder="3-32位字母、数字或 . _ -"
        rules={[zodRule(operatorUsername, { required: '请输入用户名' })]}
      />
      <ProFormText
        name="displayName"
        label="姓名"
        rules={[zodRule(displayName, { required: '请输入姓名' })]}
      />
      <ProFormText
        name="identityNo"
        label="身份证号"
        extra="审核员不能审核本人提交或涉及本人的申请"
        rules={[zodRule(createOperatorBody.shape.identityNo, { required: '请输入身份证号' })]}
      />
      <ProFormCheckbox.Group
        name="roles"
        label="角色"
        options={roleOptions}
        rules={[zodRule(roles, { required: '请至少选择一个角色' })]}
      />
    </ModalForm>
  )
}

/** 编辑: name and roles of an account. */
export function EditOperatorForm({ operator }: { operator: OperatorSummary }) {
  const update = useUpdateOperator()
  const { message } = App.useApp()
  return (
    <ModalForm<{ displayName: string; roles: OperatorSummary['roles'] }>
      title={`编辑操作员 ${operator.username}`}
      trigger={
        <Button type="link" size="small">
          编辑
        </Button>
      }
      initialValues={{ displayName: operator.displayName, roles: operator.roles }}
      modalProps={{ destroyOnHidden: true, okText: '确定' }}
      width={520}
      onFinish={async (fields) => {
        try {
          await update.mutateAsync({ id: operator.id, ...fields })
          void message.success('已保存')
          return true
        } catch (error) {
          void message.error(messageOf(error))
          return false
        }
      }}
    >
      <ProFormText
        name="displayName"
        label="姓名"
        rules={[zodRule(displayName, { required: '请输入姓名' })]}
      />
      <ProFormCheckbox.Group
        name="roles"
        label="角色"
        options={roleOptions}
        rules={[zodRule(roles, { required: '请至少选择一个角色' })]}
      />
    </ModalForm>
  )
}
