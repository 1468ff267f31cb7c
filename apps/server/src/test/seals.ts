import { operationManual } from '@seal/pdf/documents/operation-manual'
import { renderPersonalSeal } from '@seal/seal/personal-seal'
import { findCaller } from '../auth/sessions.ts'
import { makeSeal, type MadeSeal } from '../seals/make-seal.ts'
import { multipart, type TestApp } from './harness.ts'

/**
 * A personal name seal for the person behind `token`, made by the trust core as the application flow
 * makes it, valid for a year from now.
 */
export async function personalSealFor(t: TestApp, token: string, options: { pin: string; sealName?: string }): Promise<MadeSeal & { image: Buffer }> {
  const caller = await findCaller(t.db, token)
  if (!caller) throw new Error('personalSealFor: no session for that token')
  const { name, identityNo } = caller.person
  const image = Buffer.from((await renderPersonalSeal({ name, style: '1' })).png)
  const made = await makeSeal(t.app.trust, {
    owner: { kind: 'person', personId: caller.person.id, name, identityNo },
    sealName: options.sealName ?? `${name}的个人名章`,
    sealTypeCode: '1000',
    image,
    certStartTime: new Date(),
    certEndTime: new Date(Date.now() + 365 * 86_400_000),
    pin: options.pin,
  })
  return { ...made, image }
}

/** Uploads a file through /api/file/upload as the account behind `token`; answers its fileId. */
export async function uploadFile(t: TestApp, token: string, file: { name: string; bytes: Uint8Array; type: string }): Promise<string> {
  const { payload, headers } = multipart(file)
  const response = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, authorization: `Bearer ${token}` } })
  return response.json().data.fileId as string
}

/** A real Chinese PDF to seal: the operation manual the service itself publishes. */
export async function samplePdf(): Promise<Uint8Array> {
  return (await operationManual({ supportPhone: '400-000-0000', serviceHours: '工作日 9:00-18:00' })).pdf
}
