import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto'
import { z } from 'zod'

/**
 * A host app that may launch the H5 with a signed login assertion (spec 002 §4 "Start-up";
 * auth/host-assertion.ts): how it signs, with which key, and the audience its assertions must name.
 */
export type HostChannel = { alg: 'ES256' | 'HS256'; key: string; audience: string }

/** Channels by id: an assertion's `iss`. */
export type HostChannels = Record<string, HostChannel>

/** What checks one channel's signatures, imported once at start. */
export type HostChannelKey = { alg: HostChannel['alg']; key: KeyObject; audience: string }

const HMAC_SECRET_MIN_BYTES = 32

const channelSetting = z.strictObject({
  alg: z.enum(['ES256', 'HS256']),
  key: z.string().min(1),
  audience: z.string().min(1).optional(),
})
const channelsSetting = z.record(z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'a channel id is 1-64 of A-Z a-z 0-9 . _ -'), channelSetting)

/**
 * HOST_CHANNELS: JSON `{ "<channel id>": { "alg": "ES256" | "HS256", "key": "<PEM public key | secret>",
 * "audience"?: "<aud>" } }`, the audience defaulting to PUBLIC_URL. Refused at start when malformed or when
 * a key would not import, so a typo is not found by the first person launched.
 */
export function hostChannelsSetting(value: string | undefined, publicUrl: string): HostChannels {
  if (!value?.trim()) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw new Error('HOST_CHANNELS must be JSON: {"<channel id>": {"alg": "ES256" | "HS256", "key": "...", "audience": "..."}}')
  }
  const result = channelsSetting.safeParse(parsed)
  if (!result.success) {
    const issue = result.error.issues[0]!
    throw new Error(`HOST_CHANNELS${issue.path.map((part) => `.${String(part)}`).join('')}: ${issue.message}`)
  }
  const channels: HostChannels = {}
  for (const [id, setting] of Object.entries(result.data)) {
    channels[id] = { alg: setting.alg, key: setting.key, audience: setting.audience ?? publicUrl }
    importChannelKey(id, channels[id])
  }
  return channels
}

/** Each channel's key, imported. */
export function hostChannelKeys(channels: HostChannels): Map<string, HostChannelKey> {
  return new Map(Object.entries(channels).map(([id, channel]) => [id, { alg: channel.alg, key: importChannelKey(id, channel), audience: channel.audience }]))
}

function importChannelKey(id: string, channel: HostChannel): KeyObject {
  if (channel.alg === 'HS256') {
    // A short shared secret can be guessed offline from one assertion.
    if (Buffer.byteLength(channel.key) < HMAC_SECRET_MIN_BYTES) throw new Error(`HOST_CHANNELS.${id}: an HS256 secret needs at least ${HMAC_SECRET_MIN_BYTES} bytes`)
    return createSecretKey(Buffer.from(channel.key, 'utf8'))
  }
  let key: KeyObject | undefined
  try {
    key = createPublicKey(channel.key)
  } catch {
    key = undefined
  }
  if (key?.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error(`HOST_CHANNELS.${id}: an ES256 key is the channel's P-256 public key in PEM (-----BEGIN PUBLIC KEY-----)`)
  }
  return key
}
