// Plain JavaScript, so its memory is Fastify's own and not a TypeScript loader's.
// A bare Fastify server answering POST /config with the JSON given in BARE_BODY: the baseline the API
// benchmark compares against. Its own process, like our server, so neither shares an event loop with
// the load generator. Prints "ready" on stdout once listening.
import Fastify from 'fastify'

const body = JSON.parse(process.env.BARE_BODY ?? '{}')
const app = Fastify()
app.post('/config', async () => body)
await app.listen({ port: Number(process.env.PORT ?? 8216), host: '127.0.0.1' })
console.log('ready')
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
