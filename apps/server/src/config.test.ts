import { describe, expect, it } from 'vitest'
import { loadConfig, sandboxExposure } from './config.ts'

const realProviders = {
  SMS_PROVIDER: 'http',
  SMS_PROVIDER_URL: 'https://sms.example',
  FACE_PROVIDER: 'http',
  FACE_PROVIDER_URL: 'https://face.example',
  ENTERPRISE_VERIFY_PROVIDER: 'http',
  ENTERPRISE_VERIFY_URL: 'https://enterprise.example',
  GOV_FACE_PROVIDER: 'http',
  GOV_FACE_PROVIDER_URL: 'https://gov-face.example',
}

describe('listening address while a sandbox is active', () => {
  it('listens on loopback only when the sandbox SMS or face provider is on, as `npm start` runs', () => {
    expect(loadConfig({}).host).toBe('localhost')
    expect(loadConfig({ ...realProviders, FACE_PROVIDER: 'sandbox' }).host).toBe('localhost')
    // The sandbox enterprise check passes anyone who names a registry unit: it keeps the server local too.
    expect(loadConfig({ ...realProviders, ENTERPRISE_VERIFY_PROVIDER: 'sandbox' }).host).toBe('localhost')
    // So does the stand-in government app, which passes a lit photo of anyone in its registry.
    expect(loadConfig({ ...realProviders, GOV_FACE_PROVIDER: 'sandbox' }).host).toBe('localhost')
    expect(sandboxExposure(loadConfig({}))).toBeUndefined()
  })

  it('listens on every interface once the real providers are configured', () => {
    expect(loadConfig(realProviders).host).toBe('0.0.0.0')
  })

  it('refuses to start with the sandbox on a network address unless ALLOW_SANDBOX_ON_NETWORK says so', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/ALLOW_SANDBOX_ON_NETWORK=true/)
    expect(() => loadConfig({ HOST: '192.168.1.20', SMS_PROVIDER: 'http', SMS_PROVIDER_URL: 'x' })).toThrow(/face/)
    expect(loadConfig({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1')
    const allowed = loadConfig({ HOST: '0.0.0.0', ALLOW_SANDBOX_ON_NETWORK: 'true' })
    expect(allowed.host).toBe('0.0.0.0')
    expect(sandboxExposure(allowed)).toMatch(/警告: 沙箱（SMS、face、enterprise verification、government-app face）在 0\.0\.0\.0:8080 上对网络开放/)
  })
})

describe('TRUST_PROXY', () => {
  it('is off by default and takes true or the proxies’ addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1')
  })
})

describe('REVIEW_MODE', () => {
  it('approves automatically in the sandbox and waits for a reviewer with the real providers, unless told', () => {
    expect(loadConfig({}).reviewMode).toBe('auto')
    expect(loadConfig(realProviders).reviewMode).toBe('manual')
    expect(loadConfig({ REVIEW_MODE: 'manual' }).reviewMode).toBe('manual')
    expect(loadConfig({ ...realProviders, REVIEW_MODE: 'auto' }).reviewMode).toBe('auto')
    expect(() => loadConfig({ REVIEW_MODE: 'automatic' })).toThrow(/REVIEW_MODE must be 'auto' or 'manual'/)
  })
})

describe('WEBHOOK_ALLOW_PRIVATE_ADDRESSES', () => {
  it('lets webhooks reach local addresses in the sandbox (the sample client listens on localhost), not with the real providers, unless told', () => {
    expect(loadConfig({}).webhookAllowPrivateAddresses).toBe(true)
    expect(loadConfig({ ...realProviders, HOST: '0.0.0.0' }).webhookAllowPrivateAddresses).toBe(false)
    expect(loadConfig({ ...realProviders, HOST: '0.0.0.0', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' }).webhookAllowPrivateAddresses).toBe(true)
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' }).webhookAllowPrivateAddresses).toBe(false)
  })
})

describe('HOST_CHANNELS', () => {
  it('reads each channel with its audience defaulting to PUBLIC_URL', () => {
    const secret = 'a-shared-secret-of-thirty-two-bytes!'
    const config = loadConfig({ PUBLIC_URL: 'https://seal.example.cn', HOST_CHANNELS: JSON.stringify({ 'im-app': { alg: 'HS256', key: secret } }) })
    expect(config.hostChannels).toEqual({ 'im-app': { alg: 'HS256', key: secret, audience: 'https://seal.example.cn' } })
  })

  it('refuses at start a setting that would only fail at the first launch', () => {
    expect(() => loadConfig({ HOST_CHANNELS: '{gov-app:' })).toThrow(/HOST_CHANNELS must be JSON/)
    expect(() => loadConfig({ HOST_CHANNELS: '{"im":{"alg":"HS256","key":"short"}}' })).toThrow(/at least 32 bytes/)
    expect(() => loadConfig({ HOST_CHANNELS: '{"gov":{"alg":"ES256","key":"not a key"}}' })).toThrow(/P-256 public key in PEM/)
    expect(() => loadConfig({ HOST_CHANNELS: '{"gov":{"alg":"RS256","key":"x"}}' })).toThrow(/HOST_CHANNELS\.gov\.alg/)
  })
})

describe('REDIS_URL', () => {
  it('is off by default, takes redis:// or rediss:// with a key prefix, and refuses anything else without echoing it', () => {
    expect(loadConfig({}).redis).toBeUndefined()
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({ url: 'redis://127.0.0.1:6379', keyPrefix: 'seal:' })
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache.internal:6380/2', REDIS_KEY_PREFIX: 'prod-a:' }).redis?.keyPrefix).toBe('prod-a:')
    expect(() => loadConfig({ REDIS_URL: 'http://cache.internal' })).toThrow(/redis:\/\/ or rediss:\/\//)
    expect(() => loadConfig({ REDIS_URL: 'not a url :secret' })).toThrow(/^REDIS_URL must be a redis:\/\/ or rediss:\/\/ address$/)
    expect(() => loadConfig({ REDIS_URL: 'redis://h', REDIS_KEY_PREFIX: 'bad prefix*' })).toThrow(/REDIS_KEY_PREFIX/)
  })
})

describe('the file store setting', () => {
  const minio = { S3_ENDPOINT: 'http://minio.internal:9000', S3_BUCKET: 'seal-files', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }

  it('keeps files in DATA_DIR/files unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/seal' }).fileStore).toEqual({ kind: 'local', root: '/srv/seal/files' })
  })

  it('uses the bucket once S3_BUCKET is set, with the defaults an S3-compatible server needs', () => {
    expect(loadConfig({ ...minio, S3_PREFIX: 'prod', S3_FORCE_PATH_STYLE: 'true' }).fileStore).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'http://minio.internal:9000',
        region: 'us-east-1',
        bucket: 'seal-files',
        prefix: 'prod/',
        forcePathStyle: true,
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      },
    })
    // AWS itself, credentials from the instance's role.
    expect(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'seal-files', S3_REGION: 'cn-north-1' }).fileStore).toMatchObject({
      s3: { endpoint: undefined, region: 'cn-north-1', prefix: '', forcePathStyle: false, credentials: undefined },
    })
  })

  it('refuses to start half-configured, saying what is missing in Chinese and English', () => {
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/必须设置 S3_BUCKET.*S3_BUCKET must be set/)
    expect(() => loadConfig({ S3_ENDPOINT: minio.S3_ENDPOINT, S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_ENDPOINT、S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY.*FILE_STORE=local/)
    expect(() => loadConfig({ ...minio, S3_SECRET_ACCESS_KEY: '' })).toThrow(/必须同时设置.*must be set together/)
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'seal-files' })).toThrow(/S3_REGION must be set for AWS S3/)
    expect(() => loadConfig({ ...minio, S3_ENDPOINT: 'minio.internal:9000' })).toThrow(/S3_ENDPOINT must be an http/)
    expect(() => loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE must be 'true' or 'false'/)
    expect(() => loadConfig({ ...minio, S3_PREFIX: '/seal' })).toThrow(/S3_PREFIX/)
    expect(() => loadConfig({ ...minio, FILE_STORE: 'nfs' })).toThrow(/FILE_STORE must be 'local' or 's3'/)
    // An explicit local store with leftover S3 settings is a mistake too: files would go to one machine's disk.
    expect(() => loadConfig({ ...minio, FILE_STORE: 'local' })).toThrow(/FILE_STORE=local/)
  })

  it('never repeats the endpoint or the secret in its refusals', () => {
    const withSecrets = { ...minio, S3_ENDPOINT: 'http://user:p4ssw0rd@minio internal', S3_SECRET_ACCESS_KEY: 'very-secret' }
    expect(() => loadConfig(withSecrets)).toThrow(/S3_ENDPOINT/)
    expect(() => loadConfig(withSecrets)).not.toThrow(/p4ssw0rd|very-secret/)
  })
})
