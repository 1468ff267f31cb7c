import type { Database } from '../db/client.ts'
import type { ServerConfig } from '../config.ts'
import { httpEnterpriseProvider } from './enterprise/http.ts'
import { sandboxEnterpriseProvider } from './enterprise/sandbox.ts'
import type { EnterpriseProvider } from './enterprise-provider.ts'
import { httpGovFaceProvider, type GovFaceProvider } from './gov/face-provider.ts'
import { sandboxGovFaceProvider } from './gov/face-sandbox.ts'
import { httpSamrProvider, type SamrProvider } from './gov/samr-provider.ts'
import { sandboxSamrProvider } from './gov/samr-sandbox.ts'
import { httpFaceProvider, sandboxFaceProvider, type FaceProvider } from './face-provider.ts'
import { httpOcrProvider, sandboxOcrProvider, type OcrProvider } from './ocr-provider.ts'
import { httpRealNameProvider, type RealNameProvider } from './real-name/provider.ts'
import { sandboxRealNameProvider } from './real-name/registry.ts'
import { httpSmsProvider, sandboxSmsProvider, type SmsProvider } from './sms-provider.ts'

/** The external services the spec hands off to, each chosen by one environment variable (DESIGN.md). */
export type Providers = {
  sms: SmsProvider
  face: FaceProvider
  ocr: OcrProvider
  enterprise: EnterpriseProvider
  realName: RealNameProvider
  /** The government service app's face route (identity/gov). */
  govFace: GovFaceProvider
  /** The market regulator's authentication by hashes (identity/gov). */
  samr: SamrProvider
}

export function createProviders(options: {
  config: ServerConfig
  db: Database
  log: (line: string) => void
}): Providers {
  const { config, db, log } = options
  return {
    sms:
      config.providers.sms === 'http'
        ? httpSmsProvider(required(config.providers.smsUrl, 'SMS_PROVIDER_URL'))
        : sandboxSmsProvider({ db, log }),
    face:
      config.providers.face === 'http'
        ? httpFaceProvider({
            url: required(config.providers.faceUrl, 'FACE_PROVIDER_URL'),
            key: config.providers.faceKey,
          })
        : sandboxFaceProvider(),
    ocr:
      config.providers.ocr === 'http'
        ? httpOcrProvider(required(config.providers.ocrUrl, 'OCR_PROVIDER_URL'), {
            key: config.providers.ocrKey,
          })
        : sandboxOcrProvider(),
    enterprise:
      config.providers.enterprise === 'http'
        ? httpEnterpriseProvider({
            url: required(config.providers.enterpriseUrl, 'ENTERPRISE_VERIFY_URL'),
            key: config.providers.enterpriseKey,
          })
        : sandboxEnterpriseProvider({ db }),
    realName:
      config.providers.realName === 'http'
        ? httpRealNameProvider({
            url: required(config.providers.realNameUrl, 'REAL_NAME_PROVIDER_URL'),
            key: config.providers.realNameKey,
          })
        : sandboxRealNameProvider({ db }),
    govFace:
      config.providers.govFace === 'http'
        ? httpGovFaceProvider({
            url: required(config.providers.govFaceUrl, 'GOV_FACE_PROVIDER_URL'),
            key: config.providers.govFaceKey,
          })
        : sandboxGovFaceProvider({ db }),
    samr:
      config.providers.samr === 'http'
        ? httpSamrProvider({
            url: required(config.providers.samrUrl, 'SAMR_PROVIDER_URL'),
            key: config.providers.samrKey,
          })
        : sandboxSamrProvider({ db }),
  }
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} must be set when its provider is 'http'`)
  return value
}
