import { configDefaults, type ConfigKey } from '@seal/shared/api/config'
import { configValueSchemas } from '@seal/shared/api/config-values'
import { kindOf } from './config-keys.ts'

/**
 * The server's check of a configuration value (PUT /admin/config), run before sending: the default's kind,
 * then the key's own rule. Answers the message to show, or null when the value may be stored.
 *
 * @example
 * checkConfigValue('minApplicantAge', 300) // '配置项 minApplicantAge 的值不正确：…'
 */
export function checkConfigValue(key: ConfigKey, value: unknown): string | null {
  const expected = kindOf(configDefaults[key])
  if (kindOf(value) !== expected) return `配置项 ${key} 的值类型应为 ${expected}`
  const checked = configValueSchemas[key]?.safeParse(value)
  if (checked && !checked.success) {
    const issue = checked.error.issues[0]!
    return `配置项 ${key} 的值不正确${issue.path.length ? `（${issue.path.join('.')}）` : ''}：${issue.message}`
  }
  return null
}
