import { Button, Dialog, Switch } from 'antd-mobile'
import { applicantKind } from '@seal/shared/codes/business-type'
import { useWizard } from '../wizard-context.tsx'
import { managerKeys, PersonSection } from './person-section.tsx'

/**
 * 印章管理员 (001 §2, §6): optional; once switched on, the manager's ID photos, name, number and phone. An
 * operator may be the manager: 经办人即管理员 copies the operator's card, name, number and phone, asking
 * first when manager details are already there.
 */
export function ManagerSection() {
  const { form, update } = useWizard()

  const copyOperator = async () => {
    const hasManager = [form.sealManagerName, form.sealManagerIdentityNo, form.sealManagerTel, form.sealManagerIdFrontFileId].some(Boolean)
    if (hasManager) {
      const replace = await Dialog.confirm({ content: '已填写管理员信息，是否替换为经办人信息？', confirmText: '替换', cancelText: '取消' })
      if (!replace) return
    }
    update((current) => ({
      operatorIsManager: true,
      sealManagerName: current.operatorRealName,
      sealManagerIdentityType: '111',
      sealManagerIdentityNo: current.operatorIdCardNo,
      sealManagerTel: current.operatorTel,
      sealManagerIdFrontFileId: current.operatorFrontFileId,
      sealManagerIdBackFileId: current.operatorBackFileId,
    }))
  }

  return (
    <>
      <section className="unit-section unit-switch-row" aria-label="设置印章管理员">
        <h2>设置印章管理员</h2>
        <Switch
          aria-label="设置印章管理员"
          checked={form.setSealManager}
          onChange={(checked) => update({ setSealManager: checked, ...(checked ? {} : { operatorIsManager: false }) })}
        />
      </section>
      {form.setSealManager && (
        <PersonSection
          // A copy from the operator brings new pictures: the fields start again from the form.
          key={form.operatorIsManager ? 'operator' : 'manager'}
          who="管理员"
          title="印章管理员信息"
          keys={managerKeys}
          extra={
            form.applyType === applicantKind.OPERATOR_APPLY && (
              <Button size="small" fill="outline" color="primary" className="unit-copy-operator" onClick={() => void copyOperator()}>
                经办人即管理员
              </Button>
            )
          }
        />
      )}
    </>
  )
}
