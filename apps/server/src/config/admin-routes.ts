import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { invalidInput } from '../errors.ts'
import { configDefaults, configKeys, type ConfigKey } from '@seal/shared/api/config'
import { configValueSchemas } from '@seal/shared/api/config-values'
import { removeConfig, resolveConfig, setConfig } from './service.ts'
import { routeRoles } from '@seal/shared/api/operators'
import { operatorRoutes } from '../plugins/caller.ts'

const scope = z
  .string()
  .regex(/^(global|unit:[0-9A-Z]{18}|person:[0-9X]{15,18})$/, 'scope 须为 global、unit:<统一社会信用代码> 或 person:<身份证号>')
const key = z.enum(configKeys as [ConfigKey, ...ConfigKey[]])

/**
 * The operator API until the back-office console exists: change configuration by scope. Guarded by the
 * admin token (ADMIN_TOKEN, or generated into the data folder and printed at start in development),
 * which the route guard (auth/guard.ts) asks for on every route carrying the `admin` flag.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route of this plugin is the operator's: the auth plugin then asks for the admin token and
  // nothing else, whatever spelling of the path reached the route.
  app.addHook('onRoute', operatorRoutes({ read: routeRoles.configRead, write: routeRoles.configWrite }))

  app.get(
    '/admin/config',
    { schema: { tags: ['admin'], summary: '查看某范围生效的配置', querystring: z.object({ scope: scope.default('global') }) } },
    async (request) => {
      const [kind, value] = request.query.scope.split(':')
      return ok(
        await resolveConfig(app.db, {
          socialCreditCode: kind === 'unit' ? value : undefined,
          identityNo: kind === 'person' ? value : undefined,
        }),
      )
    },
  )

  app.put(
    '/admin/config',
    {
      schema: { tags: ['admin'], summary: '设置配置项', body: z.object({ scope: scope.default('global'), key, value: z.json() }) },
    },
    async (request) => {
      const { key, value } = request.body
      const expected = configDefaults[key]
      if (kindOf(expected) !== kindOf(value)) throw invalidInput(`配置项 ${key} 的值类型应为 ${kindOf(expected)}`)
      const checked = configValueSchemas[key]?.safeParse(value)
      if (checked && !checked.success) {
        const issue = checked.error.issues[0]!
        throw invalidInput(`配置项 ${key} 的值不正确${issue.path.length ? `（${issue.path.join('.')}）` : ''}：${issue.message}`)
      }
      await setConfig(app.db, request.body)
      return ok(null, '修改成功')
    },
  )

  app.delete(
    '/admin/config',
    {
      schema: { tags: ['admin'], summary: '删除配置项（恢复默认）', body: z.object({ scope: scope.default('global'), key }) },
    },
    async (request) => {
      await removeConfig(app.db, request.body)
      return ok(null, '操作成功')
    },
  )
}

const kindOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value)
