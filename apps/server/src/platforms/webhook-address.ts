import { lookup } from 'node:dns/promises'
import { isIPv4, isIPv6 } from 'node:net'

/** Finds a host's addresses (the system's resolver, as fetch's own lookup uses). */
export type HostResolver = (host: string) => Promise<{ address: string; family: number }[]>

const systemResolver: HostResolver = (host) => lookup(host, { all: true })

/** How long registration waits for a name to resolve before leaving it to the check at each delivery. */
const LOOKUP_TIMEOUT_MS = 5_000

/**
 * Whether a webhook URL's host is, or resolves to, an address inside the service's own machine or network
 * (isPrivateAddress): any one of its addresses is enough. The one rule the operator API applies when a
 * webhookUrl is registered or changed and the webhook worker applies before each attempt (a name later
 * pointed inward is caught there). IPv4 in any spelling (2130706433, 0x7f.1, 127.1) reaches here as
 * 127.0.0.1: the URL parser normalises it. A name that does not resolve answers false: nothing is sent
 * to it until it does, and then it is checked.
 */
export async function webhookReachesPrivateAddress(url: string, resolve: HostResolver = systemResolver): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  if (isIPv4(host) || isIPv6(host)) return isPrivateAddress(host)
  const addresses = await resolve(host).catch(() => [])
  return addresses.some(({ address }) => isPrivateAddress(address))
}

/** The same, waiting at most LOOKUP_TIMEOUT_MS for the name: for the operator's call, which must answer. */
export async function webhookUrlRefused(url: string, resolve: HostResolver = systemResolver): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<boolean>((done) => (timer = setTimeout(() => done(false), LOOKUP_TIMEOUT_MS)))
  try {
    return await Promise.race([webhookReachesPrivateAddress(url, resolve), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Whether an address (IPv4 or IPv6 text) is loopback, private, link-local, shared, unspecified,
 * multicast or reserved — or an IPv6 address that carries such an IPv4 address: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64
 * (64:ff9b::/96, and the local-use 64:ff9b:1::/48 whole), 6to4 (2002::/16) and Teredo (2001::/32, its
 * client address inverted).
 *
 * @example
 * isPrivateAddress('169.254.169.254') // true: cloud metadata
 * isPrivateAddress('64:ff9b::7f00:1') // true: NAT64 of 127.0.0.1
 * isPrivateAddress('2606:4700::6810:84e5') // false
 */
export function isPrivateAddress(address: string): boolean {
  if (isIPv4(address)) return isPrivateIPv4(address.split('.').map(Number))
  const bytes = ipv6Bytes(address)
  return bytes ? isPrivateIPv6(bytes) : true
}

/** IPv4 networks, as [first octets, prefix length]. */
const privateIPv4: [number[], number][] = [
  [[0], 8], // "this network", 0.0.0.0
  [[10], 8],
  [[100, 64], 10], // shared address space (carrier-grade NAT)
  [[127], 8],
  [[169, 254], 16], // link-local, cloud metadata 169.254.169.254
  [[172, 16], 12],
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 168], 16],
  [[198, 18], 15], // benchmarking
  [[224], 4], // multicast
  [[240], 4], // reserved, broadcast
]

function isPrivateIPv4(octets: number[]): boolean {
  const value = octets.reduce((n, octet) => n * 256 + octet, 0)
  return privateIPv4.some(([network, prefix]) => {
    const base = [...network, 0, 0, 0, 0].slice(0, 4).reduce((n, octet) => n * 256 + octet, 0)
    const size = 2 ** (32 - prefix)
    return value >= base && value < base + size
  })
}

function isPrivateIPv6(b: number[]): boolean {
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0)
  const v4 = (at: number) => isPrivateIPv4(b.slice(at, at + 4))
  // ::a.b.c.d (compatible, with :: and ::1), ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated)
  if (zero(0, 12)) return true
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12)
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12)) return v4(12)
  // NAT64: the well-known prefix carries an IPv4 address; the local-use prefix is the operator's own network.
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return zero(4, 12) ? v4(12) : b[4] === 0x00 && b[5] === 0x01
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2) // 6to4
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return isPrivateIPv4(b.slice(12, 16).map((x) => x ^ 0xff)) // Teredo
  if ((b[0]! & 0xfe) === 0xfc) return true // unique local fc00::/7
  if (b[0] === 0xfe && (b[1]! & 0xc0) >= 0x80) return true // link-local fe80::/10, site-local fec0::/10
  return b[0] === 0xff // multicast
}

/** The 16 bytes of an IPv6 address in text (with an IPv4 tail or not); undefined if it is none. */
function ipv6Bytes(text: string): number[] | undefined {
  const address = text.replace(/%.*$/, '') // a zone id (fe80::1%eth0) says which link, not which address
  if (!isIPv6(address)) return undefined
  let groups = address
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1]
  if (tail) {
    const [a, b, c, d] = tail.split('.').map(Number)
    groups = `${address.slice(0, -tail.length)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`
  }
  const [head, rest] = groups.split('::') as [string, string | undefined]
  const left = head ? head.split(':') : []
  const right = rest ? rest.split(':') : []
  const words = rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return words.flatMap((word) => {
    const n = parseInt(word, 16)
    return [n >> 8, n & 0xff]
  })
}
