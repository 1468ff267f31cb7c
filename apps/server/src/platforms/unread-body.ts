import type { IncomingMessage } from 'node:http'

/** How much of a refused body is read and dropped before the connection is closed instead: past any body the open API takes. */
const DROP_AT_MOST_BYTES = 64 * 1024 * 1024
const DROP_AT_MOST_MS = 30_000

/**
 * An open-API answer given before the request's body was read (a body over the limit, a content type not
 * taken) reaches a client still sending it: the rest of the body is read and dropped first, within a
 * bound, and the connection stays usable. Left alone, Fastify closes the socket under the client's
 * writes, the client's system answers with a reset and the platform sees EPIPE instead of 413.
 * (plugins/unread-body.ts does this for every route where it is registered; this one keeps the open API's
 * promise on its own.)
 */
export async function dropUnreadBody(raw: IncomingMessage): Promise<boolean> {
  // `complete` is false only on a real connection whose body has not all arrived (app.inject has none).
  if (raw.complete !== false || raw.destroyed) return raw.complete !== false
  return new Promise((resolve) => {
    let received = 0
    const finish = (ended: boolean) => {
      clearTimeout(timer)
      raw.off('data', onData).off('end', onEnd).off('error', onFail).off('close', onFail)
      resolve(ended)
    }
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received > DROP_AT_MOST_BYTES) finish(false)
    }
    const onEnd = () => finish(true)
    const onFail = () => finish(false)
    const timer = setTimeout(onFail, DROP_AT_MOST_MS)
    raw.unpipe()
    raw.on('data', onData).once('end', onEnd).once('error', onFail).once('close', onFail)
    raw.resume()
  })
}
