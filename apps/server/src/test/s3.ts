import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import type { S3Settings } from '../config.ts'

/** s3rver's one account (its signatures are checked: a wrong secret is refused). */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const

export type LocalS3 = {
  /** `http://127.0.0.1:<port>` */
  endpoint: string
  bucket: string
  /** Settings for s3FileStore against this server, under `prefix`. */
  settings: (prefix?: string) => S3Settings
  /** The same as S3_* variables, for a server process started with them. */
  env: (prefix?: string) => Record<string, string>
  stop: () => Promise<void>
}

/**
 * s3rver (an S3-compatible server on the local disk, npm) in this process on a free port, with one bucket.
 * Not skipped when it cannot run: starting fails the test with s3rver's reason (decisions.md "Files in an
 * S3-compatible store" says what a run against it proves).
 */
export async function startLocalS3(bucket = 'seal-files'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'seal-s3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  let port: number
  try {
    port = (await server.run()).port
  } catch (error) {
    rmSync(directory, { recursive: true, force: true })
    throw new Error(
      `s3rver (the local S3-compatible server of the file store tests) did not start: ${String(error)}`,
      { cause: error },
    )
  }
  const endpoint = `http://127.0.0.1:${port}`
  const settings = (prefix = '') => ({
    endpoint,
    region: 'us-east-1',
    bucket,
    prefix,
    forcePathStyle: true,
    credentials: { ...S3RVER_KEYS },
  })
  return {
    endpoint,
    bucket,
    settings,
    env: (prefix = '') => ({
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_PREFIX: prefix,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    }),
    stop: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

/** How many bytes of a held upload reach the store: its headers and the start of its body. */
const HELD_AFTER_BYTES = 16_384

/**
 * A TCP relay in front of the local S3 that fails uploads as a crash or a network failure would: with `cut`,
 * a connection that starts sending a PUT is destroyed after its first chunk; with `hold`, the PUT's first
 * 16 KB reach the store and the rest waits for ever (the uploader stays mid-upload, to be killed there).
 * `inFlight` counts PUTs sent and not yet answered.
 */
export async function startCuttingRelay(target: string) {
  const { hostname, port } = new URL(target)
  const sockets = new Set<Socket>()
  const putting = new Set<Socket>()
  const relay = {
    endpoint: '',
    uploads: 'pass' as 'pass' | 'cut' | 'hold',
    inFlight: () => putting.size,
    stop: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname)
    sockets.add(client).add(upstream)
    /** Bytes of a held PUT still let through; undefined while nothing is held. */
    let holding: number | undefined
    const end = () => {
      putting.delete(client)
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('data', (chunk: Buffer) => {
      if (holding === undefined && chunk.subarray(0, 4).toString() === 'PUT ') {
        putting.add(client)
        if (relay.uploads === 'cut') {
          upstream.write(chunk)
          end()
          return
        }
        if (relay.uploads === 'hold') holding = HELD_AFTER_BYTES
      }
      if (holding === undefined) {
        upstream.write(chunk)
        return
      }
      upstream.write(chunk.subarray(0, holding))
      holding = Math.max(0, holding - chunk.length)
    })
    upstream.on('data', (chunk: Buffer) => {
      // An answer, not the interim 100 Continue of a large body.
      const status = chunk.subarray(0, 12).toString()
      if (status.startsWith('HTTP/1.1 ') && status !== 'HTTP/1.1 100') putting.delete(client)
      client.write(chunk)
    })
    client.on('close', end).on('error', end)
    upstream.on('close', end).on('error', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  relay.endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return relay
}
