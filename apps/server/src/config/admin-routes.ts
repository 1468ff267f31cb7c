import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { invalidInput } from '../errors.ts'
import { configDefaults, configKeys, type ConfigKey } from '@seal/shared/api/config'
import { configValueSchemas } from '@seal/shared/api/config-values'
import { removeConfig, resolveConfig, setConfig, type ConfigIdentity } from './service.ts'
import { channelLabel, PLAIN_H5_CHANNEL } from '@seal/shared/codes/channel'
import { configAdminMessages, configChannelsAnswer } from '@seal/shared/api/config-admin'
import { envelopeOf } from '../plugins/schemas.ts'
import { routeRoles } from '@seal/shared/api/operators'
import { operatorRoutes } from '../plugins/caller.ts'

const scope = z
  .string()
  .regex(
    /^(global|channel:[A-Za-z0-9._-]{1,64}|unit:[0-9A-Z]{18}|person:[0-9X]{15,18})$/,
    'scope 须为 global、channel:<渠道>、unit:<统一社会信用代码> 或 person:<身份证号>',
  )
const key = z.enum(configKeys as [ConfigKey, ...ConfigKey[]])

/** The identity a scope names, as resolveConfig takes it (the scope's own level and every wider one). */
function identityOf(scope: string): ConfigIdentity {
  const [kind, value] = scope.split(/:(.*)/s)
  return { channel: kind === 'channel' ? value : undefined, socialCreditCode: kind === 'unit' ? value : undefined, identityNo: kind === 'person' ? value : undefined }
}

/**
 * The operator API of the console's 配置 page: configuration by scope (global, channel, unit, person).
 * Reading is for the configuration manager, the auditor and the administrator; changing, for the
 * configuration manager (routeRoles), checked by the route guard (auth/guard.ts) on the matched route.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route of this plugin is the operator's, whatever spelling of the path reached it.
  app.addHook('onRoute', operatorRoutes({ read: routeRoles.configRead, write: routeRoles.configWrite }))

  // The channels a session can carry: the plain H5 and each host channel that may launch it (HOST_CHANNELS).
  const channels = [PLAIN_H5_CHANNEL, ...Object.keys(app.config.hostChannels).filter((id) => id !== PLAIN_H5_CHANNEL)]
  /** A channel scope names one of them, so a typo is not stored where no session will ever read it. */
  const knownChannel = (scope: string) => {
    const { channel } = identityOf(scope)
    if (typeof channel === 'string' && !channels.includes(channel)) throw invalidInput(configAdminMessages.unknownChannel(channel, channels))
  }

  app.get(
    '/admin/config/channels',
    {
      schema: {
        tags: ['admin'],
        summary: '可按渠道配置的渠道：浏览器（h5）与 HOST_CHANNELS 中的各宿主渠道 †',
        response: { 200: envelopeOf(configChannelsAnswer) },
      },
    },
    async () => ok(channels.map((id) => ({ id, label: channelLabel(id) }))),
  )

  app.get(
    '/admin/config',
    { schema: { tags: ['admin'], summary: '查看某范围生效的配置', querystring: z.object({ scope: scope.default('global') }) } },
    async (request) => {
      knownChannel(request.query.scope)
      return ok(await resolveConfig(app.db, identityOf(request.query.scope)))
    },
  )

  app.put(
    '/admin/config',
    {
      schema: { tags: ['admin'], summary: '设置配置项', body: z.object({ scope: scope.default('global'), key, value: z.json() }) },
    },
    async (request) => {
      const { key, value } = request.body
      knownChannel(request.body.scope)
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
