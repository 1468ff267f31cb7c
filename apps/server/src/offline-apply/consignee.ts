import { z } from 'zod'
import { configDefaults, type AppConfig } from '@seal/shared/api/config'
import type { ConsigneeAnswer } from '@seal/shared/api/offline-apply'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { configForCaller, resolveConfig, type ConfigIdentity } from '../config/service.ts'

const lines = z.array(z.string().max(200)).max(50)
/** What an operator may have stored under `consignee`: every field optional, a wrong one left for its default. */
const stored = z.object({
  name: z.string().max(50).catch(''),
  phone: z.string().max(30).catch(''),
  address: z.string().max(200).catch(''),
  materials: lines.catch([]),
  adminMaterials: lines.optional().catch(undefined),
  nonAdminMaterials: lines.optional().catch(undefined),
  governmentMaterials: lines.optional().catch(undefined),
})

/**
 * GET /paas-seal-offline-sdk/v1/config/consignee (001 §3 "Consignee configuration"): where the paper goes
 * and what to send, from the configuration `consignee` in force for the caller (global, then the channel's,
 * the unit's, the person's scope), each field falling back to its default. The older single `materials` list,
 * when configured, is the enterprise (non-admin) list unless that one is configured itself.
 */
export async function consigneeFor(db: Database, caller: Caller): Promise<ConsigneeAnswer> {
  return consigneeOf(await configForCaller(db, caller))
}

/** The consignee of an identity's configuration (the reviewer's desk reads the application's channel, unit and applicant scopes). */
export async function consigneeForIdentity(db: Database, identity: ConfigIdentity): Promise<ConsigneeAnswer> {
  return consigneeOf(await resolveConfig(db, identity))
}

function consigneeOf(config: Readonly<AppConfig>): ConsigneeAnswer {
  const defaults = configDefaults.consignee
  const parsed = stored.safeParse(config.consignee)
  const value = parsed.success ? parsed.data : { name: '', phone: '', address: '', materials: [] }
  const list = (configured: string[] | undefined, fallback: string[]) => (configured && configured.length > 0 ? configured : fallback)
  return {
    recipientName: value.name || defaults.name,
    recipientPhone: value.phone || defaults.phone,
    recipientAddress: value.address || defaults.address,
    adminMaterials: list(value.adminMaterials, defaults.adminMaterials),
    nonAdminMaterials: list(value.nonAdminMaterials, list(value.materials, defaults.nonAdminMaterials)),
    governmentMaterials: list(value.governmentMaterials, defaults.governmentMaterials),
  }
}
