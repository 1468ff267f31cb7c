import { randomUUID } from 'node:crypto'
import type { ForgetChannel, ForgetListener } from '../cache/read-through-cache.ts'
import type { SharedState } from './shared-state.ts'

/** How long a forget waits for every process to say it has forgotten before it lets its caller go on. */
export const FORGET_ACK_WAIT_MS = 1_000

type Forget = { origin: string; id: number; cache: string; what: unknown }
type Ack = { id: number }

/**
 * The caches' forget channel on Redis pub/sub (cache/read-through-cache.ts). A forget is published to every
 * process; each applies it to its caches and answers on the sender's own acknowledgement channel, and the
 * sender's `publish` resolves once as many have answered as PUBLISH said received it (its own subscription
 * among them). So when a logout is answered by one process, every process subscribed then has dropped the
 * session: a request to any of them is refused, however the messages travelled. One that does not answer
 * within FORGET_ACK_WAIT_MS is logged and waited for no longer.
 *
 * Delivery is promised only while the subscription stands: when it drops, the listeners are told (their
 * caches keep nothing and read through); when it is made again they are told once it is (forgets sent
 * meanwhile were lost, but nothing was kept). A forget this process could not publish is made good when
 * Redis is back, by a forget of everything in that cache.
 */
export function redisForgetChannel(shared: SharedState): ForgetChannel & { delivering: () => boolean; close: () => void } {
  const channel = shared.key('forget')
  const origin = randomUUID()
  const ackChannel = shared.key(`forget-ack:${origin}`)
  const listeners = new Set<ForgetListener>()
  /** Forgets sent and waiting for answers: how many answered, how many must (known once PUBLISH replied). */
  const waiting = new Map<number, { answered: number; expected?: number; done: () => void }>()
  /** Caches whose forget did not go out: forgotten whole once Redis is back. */
  const unsent = new Set<string>()
  let sent = 0
  let subscribed = false

  const setSubscribed = (up: boolean) => {
    if (subscribed === up) return
    subscribed = up
    for (const listener of listeners) listener.delivering(up)
    // The answers come through the subscription: without it, nobody's can be heard.
    if (!up) for (const forget of [...waiting.values()]) forget.done()
  }
  const answered = (id: number) => {
    const forget = waiting.get(id)
    if (!forget) return
    forget.answered++
    if (forget.expected !== undefined && forget.answered >= forget.expected) forget.done()
  }

  const subscribe = () => {
    shared.subscriber.subscribe(channel, ackChannel).then(
      () => setSubscribed(true),
      (error: unknown) => shared.failed('forget channel', error),
    )
  }
  const onMessage = (from: string, text: string) => {
    let message: Forget & Ack
    try {
      message = JSON.parse(text) as Forget & Ack
    } catch {
      return
    }
    if (from === ackChannel) return answered(message.id)
    if (from !== channel) return
    if (message.origin === origin) return answered(message.id)
    for (const listener of listeners) listener.forget(message.cache, message.what)
    const ack = JSON.stringify({ id: message.id } satisfies Ack)
    shared.commands.publish(shared.key(`forget-ack:${message.origin}`), ack).catch((error: unknown) => shared.failed('forget channel', error))
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
    const forget = { answered: 0, expected: undefined as number | undefined, done: () => {} }
    const allAnswered = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(false), FORGET_ACK_WAIT_MS)
      function finish(all: boolean) {
        clearTimeout(timer)
        waiting.delete(id)
        resolve(all)
      }
      forget.done = () => finish(true)
    })
    waiting.set(id, forget)
    let receivers: number
    try {
      receivers = await shared.commands.publish(channel, JSON.stringify({ origin, id, cache, what } satisfies Forget))
    } catch (error) {
      forget.done()
      unsent.add(cache)
      shared.failed('forget channel', error)
      return
    }
    forget.expected = receivers
    if (forget.answered >= receivers) forget.done()
    if (!(await allAnswered)) {
      shared.log.warn({ cache, receivers, answered: forget.answered }, '缓存失效通知：部分进程未在时限内确认（其缓存最迟在有效期后更新）')
    }
  }

  return {
    publish,
    delivering: () => subscribed,
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
      for (const forget of waiting.values()) forget.done()
    },
  }
}
