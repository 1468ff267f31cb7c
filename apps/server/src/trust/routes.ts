import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answerTimeStampRequest, timestampQueryType, timestampReplyType } from '@seal/pdf/sign/http-tsa'
import { businessError } from '../errors.ts'
import { currentCrl, loadCertificateAuthority } from './ca.ts'
import { certificateQuery } from './contracts.ts'
import { sandboxTimestampAuthority } from './timestamping.ts'
import { toPem } from './x509.ts'

/**
 * The CA's public face: its certificates and its CRL, public so any verifier can fetch them (the seal
 * certificates point here). `ca.crt` is the root (the trust anchor to install) in DER, or with
 * `?format=pem` the chain issuing + root; `issuing-ca.crt` is what the certificates' caIssuers names.
 */
export const trustPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicRoute = { config: { public: true } } as const

  app.get(
    '/trust/ca.crt',
    {
      ...publicRoute,
      schema: {
        tags: ['trust'],
        summary: 'CA证书：根证书（DER），或 ?format=pem 时为签发CA+根证书链',
        querystring: certificateQuery,
      },
    },
    async (request, reply) => {
      const ca = await loadCertificateAuthority(app.trust)
      if (request.query.format === 'pem') {
        const chain =
          toPem(ca.issuing.certificateDer, 'CERTIFICATE') + toPem(ca.root.certificateDer, 'CERTIFICATE')
        return reply
          .type('application/x-pem-file')
          .header('content-disposition', 'attachment; filename="seal-ca-chain.pem"')
          .send(chain)
      }
      return reply
        .type('application/pkix-cert')
        .header('content-disposition', 'attachment; filename="seal-root-ca.crt"')
        .send(Buffer.from(ca.root.certificateDer))
    },
  )

  app.get(
    '/trust/issuing-ca.crt',
    {
      ...publicRoute,
      schema: { tags: ['trust'], summary: '签发CA证书（DER）', querystring: certificateQuery },
    },
    async (request, reply) => {
      const ca = await loadCertificateAuthority(app.trust)
      if (request.query.format === 'pem')
        return reply.type('application/x-pem-file').send(toPem(ca.issuing.certificateDer, 'CERTIFICATE'))
      return reply.type('application/pkix-cert').send(Buffer.from(ca.issuing.certificateDer))
    },
  )

  app.get(
    '/trust/crl',
    {
      ...publicRoute,
      schema: {
        tags: ['trust'],
        summary: '证书吊销列表（DER，签发CA签名，7天内更新）',
        querystring: certificateQuery,
      },
    },
    async (request, reply) => {
      const der = await currentCrl(app.trust)
      if (request.query.format === 'pem')
        return reply.type('application/x-pem-file').send(toPem(der, 'X509 CRL'))
      return reply
        .type('application/pkix-crl')
        .header('cache-control', 'public, max-age=300')
        .send(Buffer.from(der))
    },
  )

  // The sandbox TSA over the RFC 3161 HTTP protocol, as a real TSA would be reached (another instance can
  // use it with TSA_PROVIDER=http). Not served when timestamps come from elsewhere or are off.
  if (app.trust.timestamping.provider !== 'sandbox') return
  app.addContentTypeParser(timestampQueryType, { parseAs: 'buffer', bodyLimit: 4096 }, (_request, body, done) => done(null, body))
  app.post(
    '/trust/tsa',
    { config: { public: true, query: true }, schema: { tags: ['trust'], summary: '沙箱时间戳服务（RFC 3161，application/timestamp-query）' } },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw businessError('请以 application/timestamp-query 提交时间戳请求')
      const answer = await answerTimeStampRequest(sandboxTimestampAuthority(app.trust), new Uint8Array(request.body))
      return reply.type(timestampReplyType).send(Buffer.from(answer))
    },
  )
}
