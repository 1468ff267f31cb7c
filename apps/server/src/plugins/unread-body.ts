import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** How much of a body nobody wants is read and dropped, and for how long, before the connection is closed instead. */
const DISCARD_LIMITS = { bytes: 64 * 1024 * 1024, ms: 30_000 }

/** How long a closing connection keeps reading what the client still sends, so the answer reaches it. */
const LINGER_MS = 5_000

/**
 * Answers given before the request's body was read (a body over the limit, a content type nobody parses,
 * a refusal before parsing) still reach the client, and the connection still serves its next request.
 *
 * Left alone, the rest of such a body either stays in the socket (a body hashed on its way to the parser
 * is piped, so Node does not drop it: the connection's next request is never read, the client waits until
 * the keep-alive timeout closes it) or meets a closed socket (Fastify closes after an over-limit body):
 * the reset that follows makes the client's system throw away the answer it was sent. So the rest of the
 * body is read and dropped before answering, within a bound; past it, the answer says `connection: close`
 * and the connection is closed gracefully, still reading for a while so the client can read the answer.
 */
export const unreadBodyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    // `complete` is false only on a real connection whose body has not all arrived (app.inject has none).
    if (request.raw.complete !== false) return payload
    if (await discardBody(request.raw)) {
      reply.removeHeader('connection') // the connection is clean again: keep it for the next request
    } else {
      reply.header('connection', 'close')
      lingerOnClose(request.raw.socket, request.raw)
    }
    return payload
  })
})

/** Reads and drops the rest of a request body, within DISCARD_LIMITS; true when it ended. */
function discardBody(raw: IncomingMessage): Promise<boolean> {
  if (raw.destroyed) return Promise.resolve(false)
  return new Promise((resolve) => {
    let received = 0
    const finish = (ended: boolean) => {
      clearTimeout(timer)
      raw.off('data', onData).off('end', onEnd).off('error', onFail).off('close', onFail)
      resolve(ended)
    }
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received > DISCARD_LIMITS.bytes) finish(false)
    }
    const onEnd = () => finish(true)
    const onFail = () => finish(false)
    const timer = setTimeout(onFail, DISCARD_LIMITS.ms)
    // The body may be piped on (the duplicate guard's hash, a parser that stopped): undo that, or the pipe's
    // full buffer pauses the body again.
    raw.unpipe()
    raw.on('data', onData).once('end', onEnd).once('error', onFail).once('close', onFail)
    raw.resume()
  })
}

/**
 * Node ends a `connection: close` answer with `socket.destroySoon()`: destroyed as soon as the answer is
 * flushed, with the client's bytes still arriving. Instead the socket is half-closed (the client sees the
 * end of the answer) and keeps reading, dropping, until the client closes or LINGER_MS pass.
 */
function lingerOnClose(socket: Socket, raw: IncomingMessage) {
  raw.on('data', () => {}).resume()
  socket.destroySoon = () => {
    socket.end()
    setTimeout(() => socket.destroy(), LINGER_MS).unref()
  }
}
