import { z } from 'zod'

/**
 * The operator's calls for business platforms (apps/server/src/platforms/admin-routes.ts, docs/platforms.md
 * "Registering a platform"): register one and hand it its credentials, change it, disable it, rotate its
 * secret, follow its webhook deliveries. Shared so the console's forms refuse what the server would.
 */

export const platformStatuses = ['active', 'disabled'] as const
export const webhookStatuses = ['pending', 'delivered', 'failed'] as const

export const platformAdminMessages = {
  webhookUrl: 'webhookUrl 须为 http 或 https 地址',
} as const

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
    platformAdminMessages.webhookUrl,
  )

/** POST /admin/platforms (and, every field optional, PUT /admin/platforms/:platformId). */
export const platformFields = z.object({
  clientName: z.string().trim().min(1, '请输入平台名称').max(100, '平台名称不超过100个字'),
  platformType: z.string().trim().min(1, '请输入平台类型').max(20, '平台类型不超过20个字'),
  usageNotes: z.string().trim().max(500, '说明不超过500个字').nullable().optional(),
  totality: z.number().int().min(0).max(1_000_000).nullable().optional(),
  apiUrl: httpUrl.nullable().optional(),
  sdkUrl: httpUrl.nullable().optional(),
  webhookUrl: httpUrl.nullable().optional(),
  rateLimitPerMinute: z
    .number()
    .int()
    .min(1, '每分钟请求上限至少为1')
    .max(100_000, '每分钟请求上限不超过100000')
    .optional(),
})
export type PlatformFields = z.infer<typeof platformFields>

export const platformUpdateBody = platformFields
  .partial()
  .extend({ status: z.enum(platformStatuses).optional() })
export type PlatformUpdateBody = z.infer<typeof platformUpdateBody>

/** A platform as the operator sees it: everything but the wrapped secret. */
export const platformView = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  platformType: z.string(),
  usageNotes: z.string().nullable(),
  totality: z.number().nullable(),
  apiUrl: z.string().nullable(),
  sdkUrl: z.string().nullable(),
  webhookUrl: z.string().nullable(),
  rateLimitPerMinute: z.number(),
  status: z.enum(platformStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type PlatformView = z.infer<typeof platformView>

/** The answer of registering and of rotating: the secret is answered here only. */
export const platformWithSecret = z.object({ platform: platformView, clientSecret: z.string() })
export type PlatformWithSecret = z.infer<typeof platformWithSecret>

export const platformList = z.object({ platforms: z.array(platformView), nextAfter: z.string().nullable() })

export const webhookAttempt = z.object({
  attempt: z.number(),
  statusCode: z.number().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
  at: z.string(),
})
export const webhookDelivery = z.object({
  id: z.string(),
  event: z.string(),
  payload: z.unknown(),
  status: z.enum(webhookStatuses),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  attemptLog: z.array(webhookAttempt),
})
export type WebhookDelivery = z.infer<typeof webhookDelivery>
export const webhookDeliveryList = z.object({
  deliveries: z.array(webhookDelivery),
  nextAfter: z.string().nullable(),
})
