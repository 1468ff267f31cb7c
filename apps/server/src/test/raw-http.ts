import { connect, type AddressInfo, type Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

/** Starts the app on a free port of this machine and says which, for tests that speak raw HTTP to it. */
export async function listenOnFreePort(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

/** A raw connection to the server, and its responses read one after another. */
export function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1')
  return { socket, reader: responses(socket) }
}

/** Writes `bytes` in 1 MB pieces, waiting when the socket is full; stops quietly if the server closed it. */
export async function writeAll(socket: Socket, bytes: number, fill = 'a') {
  const chunk = Buffer.alloc(Math.min(bytes, 1024 * 1024), fill)
  for (let sent = 0; sent < bytes; sent += chunk.length) {
    if (socket.destroyed) return
    const piece = sent + chunk.length > bytes ? chunk.subarray(0, bytes - sent) : chunk
    if (!socket.write(piece)) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve))
  }
}

export type RawResponse = { status: number; head: string; body: string }

/** Reads HTTP/1.1 responses with a content-length, one after another, from one socket. */
export function responses(socket: Socket) {
  let buffer = Buffer.alloc(0)
  let failure: Error | undefined
  const waiting: (() => void)[] = []
  socket.on('data', (data) => {
    buffer = Buffer.concat([buffer, data])
    waiting.splice(0).forEach((wake) => wake())
  })
  const fail = (error: Error) => {
    failure ??= error
    waiting.splice(0).forEach((wake) => wake())
  }
  socket.on('error', fail)
  socket.on('close', () => fail(new Error('connection closed')))
  return {
    /** The next complete response; rejects when the connection fails or closes first, or after `withinMs`. */
    async next(withinMs = 10_000): Promise<RawResponse> {
      const deadline = Date.now() + withinMs
      for (;;) {
        const headEnd = buffer.indexOf('\r\n\r\n')
        if (headEnd >= 0) {
          const head = buffer.subarray(0, headEnd).toString()
          const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)
          if (buffer.length >= headEnd + 4 + length) {
            const body = buffer.subarray(headEnd + 4, headEnd + 4 + length).toString()
            buffer = buffer.subarray(headEnd + 4 + length)
            return { status: Number(head.slice(9, 12)), head, body }
          }
        }
        if (failure) throw failure
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no answer within ${withinMs} ms`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiting.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
  }
}
