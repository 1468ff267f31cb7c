import type { FastifyReply } from 'fastify'

/** A PDF as a download, its Chinese name said the RFC 5987 way (with an ASCII fallback for old clients). */
export function sendPdf(reply: FastifyReply, bytes: Uint8Array | Buffer, fileName: string) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="document.pdf"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes))
}
