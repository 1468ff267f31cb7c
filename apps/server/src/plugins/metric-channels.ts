/** Diagnostics channels the layers publish on and /metrics counts (plugins/observability.ts). */
export const SEAL_MADE_CHANNEL = 'seal.made'
export const SEAL_USED_CHANNEL = 'seal.used'
