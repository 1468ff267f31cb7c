import { z } from 'zod'
import { isConfiguredLink, type ConfigKey } from './config.ts'

// Apart from config.ts, which the first screens load without zod.

const link = z.string().max(500).refine((value) => value === '' || isConfiguredLink(value), '须为本站路径（以 / 开头）或 http(s) 地址')
const count = (max: number) => z.number().int().min(0).max(max)

/**
 * What each key may hold beyond its kind (PUT /api/admin/config checks the value with it): codes from the
 * spec's sets, counts in range, links that open a page. Keys not listed are checked by kind only.
 */
export const configValueSchemas: Partial<Record<ConfigKey, z.ZodType>> = {
  certificationType: z.enum(['1', '2']),
  extendSdk: z.array(z.string().max(100)).max(50),
  logoutLink: link,
  consignee: z
    .object({
      name: z.string().max(50),
      phone: z.string().max(30),
      address: z.string().max(200),
      materials: z.array(z.string().max(200)).max(30),
      adminMaterials: z.array(z.string().max(200)).max(30),
      nonAdminMaterials: z.array(z.string().max(200)).max(30),
      governmentMaterials: z.array(z.string().max(200)).max(30),
    })
    .partial()
    .strict(),
  buttonShowFlog: z.number().int().min(1).max(3),
  buttonConfig: z.number().int().min(1).max(3),
  recordButtons: z.number().int().min(1).max(3),
  scope: z.number().int().min(0).max(2),
  sealAuthRules: z.array(z.object({ enabled: z.boolean(), mode: z.enum(['and', 'or']), sealTypeCodes: z.array(z.string().regex(/^\d{2,4}$/)).max(10) }).strict()).max(20),
  supportPhone: z.string().max(30),
  supportHours: z.string().max(100),
  operationManual: z.object({ channels: z.array(z.string().max(20)).max(10), fileIds: z.array(z.string().min(1).max(64)).max(10) }).strict(),
  authorizedUrl: link,
  operationBanners: z.array(z.object({ fileId: z.string().min(1).max(64), link }).strict()).max(10),
  minApplicantAge: count(100),
  unitSealValidDays: count(3650),
  sealWillExpireDays: count(3650),
  authWillExpireDays: count(3650),
}
