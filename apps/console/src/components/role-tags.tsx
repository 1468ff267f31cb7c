import { operatorRoleNames, operatorRoles, type OperatorRole } from '@seal/shared/api/operator-roles'
import { Tag } from 'antd'

const roleColours: Record<OperatorRole, string> = {
  admin: 'red',
  reviewer: 'blue',
  platform: 'purple',
  config: 'cyan',
  auditor: 'gold',
}

export function RoleTags({ roles }: { roles: readonly OperatorRole[] }) {
  return (
    <>
      {roles.map((role) => (
        <Tag key={role} color={roleColours[role]}>
          {operatorRoleNames[role]}
        </Tag>
      ))}
    </>
  )
}

/** The roles as checkbox options, in the order the contract lists them. */
export const roleOptions = operatorRoles.map((role) => ({ label: operatorRoleNames[role], value: role }))
