import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import type { S3Settings } from '../config.ts'
import type { FileStore } from './store.ts'

/** Bounds of every call: a store that stops answering fails the request instead of holding it. */
const CONNECT_TIMEOUT_MS = 5_000
/** A socket silent this long is given up (a download whose reader stalls that long ends too). */
const IDLE_TIMEOUT_MS = 30_000
/** Whole calls other than downloads, retries included. */
const CALL_DEADLINE_MS = 120_000
/** The first try and two retries, with the SDK's backoff, on throttling, 5xx and cut connections. */
const MAX_ATTEMPTS = 3

/**
 * The file store on an S3-compatible object store (AWS S3, MinIO, Aliyun OSS, Tencent COS …), for several
 * server processes on several machines (docs/deploy.md "Files"). Keys are ours (`yyyy/mm/<uuid>`) under
 * `prefix`; the bucket below the prefix belongs to this service, since the start-up sweep deletes what no
 * row points at there.
 *
 * A put is one PutObject: the object appears whole or not at all, so an upload cut by a crash leaves
 * nothing under the key and no temporary objects either (decisions.md "Crash safety"). Content-MD5 lets
 * the store refuse bytes damaged on the way. Listing uses ListObjects (v1) with a marker, page by page
 * (decisions.md "Files in an S3-compatible store").
 */
export function s3FileStore(
  settings: S3Settings,
  options: { pageSize?: number } = {},
): FileStore & { close: () => void } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    maxAttempts: MAX_ATTEMPTS,
    // The SDK's newer default checksums (CRC32 headers, aws-chunked trailers) are refused or mishandled by
    // several S3-compatible stores; Content-MD5, which all of them check, is sent instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: IDLE_TIMEOUT_MS },
  })
  const { bucket, prefix } = settings
  const deadline = () => ({ abortSignal: AbortSignal.timeout(CALL_DEADLINE_MS) })
  const pageSize = options.pageSize ?? 1000

  const get = async (key: string) => {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + key }))
    if (!answer.Body) throw new Error(`no file ${key}`)
    return answer.Body as Readable
  }

  return {
    clock: 'store',
    async put(key, bytes) {
      const md5 = createHash('md5').update(bytes).digest('base64')
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: prefix + key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentMD5: md5,
        }),
        deadline(),
      )
    },
    async get(key) {
      const body = await get(key)
      const chunks: Buffer[] = []
      for await (const chunk of body) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks)
    },
    open: get,
    async remove(key) {
      // Deleting a key that is not there succeeds, as rm -f does.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: prefix + key }), deadline())
    },
    async *list() {
      let marker: string | undefined
      for (;;) {
        const page = await client.send(
          new ListObjectsCommand({ Bucket: bucket, Prefix: prefix, Marker: marker, MaxKeys: pageSize }),
          deadline(),
        )
        const contents = page.Contents ?? []
        for (const object of contents) {
          if (!object.Key) continue
          yield { key: object.Key.slice(prefix.length), modifiedAt: object.LastModified ?? new Date(0) }
        }
        // Without a delimiter, v1 answers no NextMarker: the last key of the page is where the next one starts.
        const last = contents.at(-1)?.Key
        if (!page.IsTruncated || !last) return
        marker = last
      }
    },
    /** Ends the kept-alive connections (tests; a server process simply exits). */
    close: () => client.destroy(),
  }
}
