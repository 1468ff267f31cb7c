import { operationManual } from '@seal/pdf/documents/operation-manual'
import type { Database } from '../db/client.ts'
import type { FileStore } from '../files/store.ts'
import { saveFile } from '../files/service.ts'
import { resolveConfig, setConfig } from './service.ts'

/**
 * The operation manual `/applyPdf` shows (spec 002 §2 "Other"): generated once at first start from the
 * configured support line, unless an operator has already configured manual files of their own.
 */
export async function ensureOperationManual(db: Database, store: FileStore): Promise<string | undefined> {
  const config = await resolveConfig(db, {})
  if (config.operationManual.fileIds.length > 0) return undefined
  const { pdf } = await operationManual({
    supportPhone: config.supportPhone,
    serviceHours: config.supportHours,
    authorizationEnabled: config.authorizationMenu,
    bindingEnabled: config.bindingMenu,
  })
  const file = await saveFile({ db, store, ownerAccountId: null, bytes: Buffer.from(pdf), originalName: '电子印章操作手册.pdf' })
  await setConfig(db, { scope: 'global', key: 'operationManual', value: { ...config.operationManual, fileIds: [file.id] } })
  return file.id
}
