import { Form, Input, Switch } from 'antd-mobile'
import { offlineMessages } from '@seal/shared/api/offline-apply'
import { offlineBusinessType } from '@seal/shared/codes/offline-status'
import { SEAL_PASSWORD_MAX_LENGTH } from '@seal/shared/rules/seal-password'
import { messages } from '@seal/shared/messages'
import { offersManager, type OfflineForm } from '../offline-form.ts'

/**
 * 印章管理员 (001 §2, §6) of a new offline application: the operator himself (经办人即管理员) or nobody, with
 * the manager's own seal password; the legal representative's PIN is his to set when he activates the
 * seals. A change or renewal keeps its authorisations when 保留原授权关系 is on (001 §6).
 */
export function ManagerFields({
  form,
  update,
  passwordSet,
}: {
  form: OfflineForm
  update: (patch: Partial<OfflineForm>) => void
  passwordSet: boolean
}) {
  if (!offersManager(form)) {
    if (form.businessType === offlineBusinessType.APPLY) return null
    return (
      <section className="unit-section" aria-label="授权关系">
        <div className="unit-switch-row">
          <h2>保留原授权关系</h2>
          <Switch
            checked={form.reservedAuth}
            onChange={(reservedAuth) => update({ reservedAuth })}
            aria-label="保留原授权关系"
          />
        </div>
        <p className="unit-section-note">
          开启后，印章{form.businessType === offlineBusinessType.RENEWAL ? '续期' : '变更'}
          完成时保留原有的授权用章人员。
        </p>
      </section>
    )
  }
  return (
    <section className="unit-section" aria-label="印章管理员">
      <div className="unit-switch-row">
        <h2>设置印章管理员</h2>
        <Switch
          checked={form.setSealManager}
          onChange={(setSealManager) => update({ setSealManager, operatorIsManager: setSealManager })}
          aria-label="设置印章管理员"
        />
      </div>
      <p className="unit-section-note">
        {offlineMessages.managerMustBeOperator}。{offlineMessages.legalPasswordByLegal}。
      </p>
      {form.setSealManager && (
        <Form layout="horizontal" className="unit-form">
          <Form.Item label="管理员">
            <span>{form.operatorRealName || '经办人'}（经办人即管理员）</span>
          </Form.Item>
          <Form.Item
            label="管理员密码"
            description={passwordSet ? '已设置，如需修改请重新输入' : messages.sealPasswordHint}
          >
            <Input
              type="password"
              aria-label="管理员用章密码"
              placeholder={messages.sealPasswordRule}
              value={form.sealManagerPassword ?? ''}
              maxLength={SEAL_PASSWORD_MAX_LENGTH}
              onChange={(sealManagerPassword) => update({ sealManagerPassword })}
            />
          </Form.Item>
          <Form.Item label="确认密码">
            <Input
              type="password"
              aria-label="确认管理员用章密码"
              placeholder="请再次输入管理员用章密码"
              value={form.sealManagerPasswordConfirm ?? ''}
              maxLength={SEAL_PASSWORD_MAX_LENGTH}
              onChange={(sealManagerPasswordConfirm) => update({ sealManagerPasswordConfirm })}
            />
          </Form.Item>
        </Form>
      )}
    </section>
  )
}
