import { describe, expect, it } from 'vitest'
import { isPrivateAddress, webhookReachesPrivateAddress } from './webhook-address.ts'

/** A name server that knows a few names (the system's resolver is used by the API tests). */
const names: Record<string, { address: string; family: number }[]> = {
  'hooks.platform.example': [{ address: '203.0.113.10', family: 4 }],
  'inward.platform.example': [{ address: '10.1.2.3', family: 4 }],
  'mixed.platform.example': [{ address: '203.0.113.10', family: 4 }, { address: 'fd00::1', family: 6 }],
  'nat64.platform.example': [{ address: '64:ff9b::a9fe:a9fe', family: 6 }],
  'v6.platform.example': [{ address: '2001:db8::10', family: 6 }],
}
const resolve = async (host: string) => {
  const found = names[host]
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
  return found
}
const reaches = (url: string) => webhookReachesPrivateAddress(url, resolve)

describe('webhook addresses: loopback, private and link-local hosts, however written', () => {
  it.each([
    'http://127.0.0.1/hooks',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://10.0.0.8/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/',
    'http://0/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::127.0.0.1]/',
    'http://[::10.0.0.1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[64:ff9b:1::1]/',
    'http://[2002:7f00:1::]/',
    'http://[2002:c0a8:101::1]/',
    'http://[2002:a9fe:a9fe::1]/',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    'http://[fe80::1]/',
    'http://[febf::1]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fec0::1]/',
    'http://[ff02::1]/',
    'http://inward.platform.example/hooks',
    'http://mixed.platform.example/hooks',
    'http://nat64.platform.example/hooks',
  ])('refuses %s', async (url) => {
    expect(await reaches(url)).toBe(true)
  })

  it.each([
    'https://hooks.platform.example/seal-webhooks',
    'http://v6.platform.example/',
    'http://203.0.113.10/',
    'http://8.8.8.8/',
    'http://[2001:db8::10]/',
    'http://[2002:cb00:710a::1]/',
    'http://[64:ff9b::cb00:710a]/',
    'http://[::ffff:8.8.8.8]/',
    'http://172.32.0.1/',
    'http://100.128.0.1/',
  ])('allows %s', async (url) => {
    expect(await reaches(url)).toBe(false)
  })

  it('leaves a name that does not resolve (yet) to the check at each delivery', async () => {
    expect(await reaches('https://not-yet.platform.example/hooks')).toBe(false)
  })

  it('judges addresses as written by a resolver (IPv4, IPv6, IPv4 in IPv6)', () => {
    expect(isPrivateAddress('127.0.0.1')).toBe(true)
    expect(isPrivateAddress('::ffff:7f00:1')).toBe(true)
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true)
    expect(isPrivateAddress('93.184.216.34')).toBe(false)
    expect(isPrivateAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(false)
  })
})
