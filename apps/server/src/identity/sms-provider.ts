import type { Database } from '../db/client.ts'
import { smsOutbox } from './tables.ts'

/** Sends a text message. Rate limits and code rules are ours (auth/sms-codes.ts), not the vendor's. */
export type SmsProvider = {
  kind: 'sandbox' | 'http'
  send: (message: { phone: string; text: string }) => Promise<void>
}

/**
 * Sandbox SMS: nothing leaves the machine; the message is kept in the outbox table (the developer
 * outbox page, /dev/sms) and written to the server log, so codes can be read while developing.
 */
export function sandboxSmsProvider(options: { db: Database; log: (line: string) => void }): SmsProvider {
  return {
    kind: 'sandbox',
    async send({ phone, text }) {
      await options.db.insert(smsOutbox).values({ phone, text })
      options.log(`[沙箱短信] ${phone}: ${text}`)
    },
  }
}

/** A vendor gateway: POST {phone, text} as JSON; any 2xx answer is a sent message (docs/providers.md). */
export function httpSmsProvider(url: string): SmsProvider {
  return {
    kind: 'http',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      })
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`)
    },
  }
}
