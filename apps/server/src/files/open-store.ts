import type { ServerConfig } from '../config.ts'
import { s3FileStore } from './s3-store.ts'
import { localFileStore, type FileStore } from './store.ts'

/** The file store FILE_STORE names (config.ts): the local folder, or the S3-compatible bucket. */
export function openFileStore(setting: ServerConfig['fileStore']): FileStore {
  return setting.kind === 's3' ? s3FileStore(setting.s3) : localFileStore(setting.root)
}
