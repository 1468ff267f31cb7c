import { z } from 'zod'

/** GET /admin/config/channels: the channels configuration can be set for, with their names for people. */
export const configChannelsAnswer = z.array(z.object({ id: z.string(), label: z.string() }))
export type ConfigChannel = z.infer<typeof configChannelsAnswer>[number]

export const configAdminMessages = {
  unknownChannel: (channel: string, known: string[]) => `渠道 ${channel} 不存在，可配置的渠道：${known.join('、')}`,
} as const
