import { randomUUID } from 'node:crypto'
import type { ForgetChannel, ForgetListener } from '../cache/read-through-cache.ts'
import type { SharedState } from './shared-state.ts'

/** How long a forget waits to hear itself back before it lets its caller go on. */
const ECHO_WAIT_MS = 1_000

type Message = { origin: string; id: number; cache: string; what: unknown }

/**
 * The caches' forget channel on Redis pub/sub (cache/read-through-cache.ts). A forget is published to every
 * process and resolves when this process's own subscription hears it back: Redis hands a message to all the
 * subscribers of a channel in one go, so by then it has gone to every other process too, and a logout answered
 * here is refused there. Delivery is promised only while the subscription stands: when it drops, the
 * listeners are told (their caches keep nothing and read through); when it is made again they are told once
 * it is (forgets sent meanwhile were lost, but nothing was kept). A forget this process could not publish is
 * made good when Redis is back, by a forget of everything in that cache.
 */
export function redisForgetChannel(shared: SharedState): ForgetChannel & { close: () => void } {
  const channel = shared.key('forget')
  const origin = randomUUID()
  const listeners = new Set<ForgetListener>()
  const waiting = new Map<number, () => void>()
  /** Caches whose forget did not go out: forgotten whole once Redis is back. */
  const unsent = new Set<string>()
  let sent = 0
  let subscribed = false

  const setSubscribed = (up: boolean) => {
    if (subscribed === up) return
    subscribed = up
    for (const listener of listeners) listener.delivering(up)
    if (!up) for (const done of waiting.values()) done()
  }

  const subscribe = () => {
    shared.subscriber.subscribe(channel).then(
      () => setSubscribed(true),
      (error: unknown) => shared.failed('forget channel', error),
    )
  }
  const onMessage = (from: string, text: string) => {
    if (from !== channel) return
    let message: Message
    try {
      message = JSON.parse(text) as Message
    } catch {
      return
    }
    if (message.origin === origin) return waiting.get(message.id)?.()
    for (const listener of listeners) listener.forget(message.cache, message.what)
  }
  const onClose = () => setSubscribed(false)
  const onCommandsReady = () => {
    for (const cache of [...unsent]) {
      unsent.delete(cache)
      void publish(cache, null)
    }
  }
  shared.subscriber.on('message', onMessage)
  shared.subscriber.on('ready', subscribe)
  shared.subscriber.on('close', onClose)
  shared.commands.on('ready', onCommandsReady)
  if (shared.subscriber.status === 'ready') subscribe()

  async function publish(cache: string, what: unknown): Promise<void> {
    if (!shared.available()) {
      unsent.add(cache)
      return
    }
    const id = ++sent
    // Heard back, or given up on: the subscription dropped (the others read through now) or it took too long.
    const echoed = subscribed
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(done, ECHO_WAIT_MS)
          function done() {
            clearTimeout(timer)
            waiting.delete(id)
            resolve()
          }
          waiting.set(id, done)
        })
      : undefined
    try {
      await shared.commands.publish(channel, JSON.stringify({ origin, id, cache, what } satisfies Message))
    } catch (error) {
      waiting.get(id)?.()
      unsent.add(cache)
      shared.failed('forget channel', error)
      return
    }
    await echoed
  }

  return {
    publish,
    listen(listener) {
      listeners.add(listener)
      listener.delivering(subscribed)
      return () => listeners.delete(listener)
    },
    close() {
      shared.subscriber.off('message', onMessage)
      shared.subscriber.off('ready', subscribe)
      shared.subscriber.off('close', onClose)
      shared.commands.off('ready', onCommandsReady)
      setSubscribed(false)
    },
  }
}
