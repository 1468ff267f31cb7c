import { beforeEach, describe, expect, it } from 'vitest'
import { getSessionObject, getSessionValue, getToken, sessionKeys, setToken } from '../../lib/session/session.ts'
import { addressWithoutAssertion, parseLaunchParams, storeLaunchParams } from './launch-params.ts'

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('launch parameters', () => {
  it('reads the token and redirect from the encoded params JSON and the plain values', () => {
    const params = encodeURIComponent(JSON.stringify({ token: 'abc', redirect: '/seal-preview-list/company' }))
    expect(parseLaunchParams(`?params=${params}&type=1&enterpriseId=e1&expand=x`)).toEqual({
      token: 'abc',
      redirect: '/seal-preview-list/company',
      type: '1',
      enterpriseId: 'e1',
      expand: 'x',
    })
  })

  it('ignores malformed params and redirects that leave the app', () => {
    expect(parseLaunchParams('?params=%7Bnot-json')).toEqual({})
    const outside = encodeURIComponent(JSON.stringify({ redirect: '//evil.example/x' }))
    expect(parseLaunchParams(`?params=${outside}`)).toEqual({})
  })

  it('stores the token, and keeps enterpriseId and expand in the session as common parameters', () => {
    storeLaunchParams({ token: 't', type: '1', enterpriseId: 'e1', expand: 'x', redirect: '/home' })
    expect(getToken()).toBe('t')
    expect(getSessionValue(sessionKeys.launchType)).toBe('1')
    expect(getSessionValue(sessionKeys.redirect)).toBe('/home')
    expect(getSessionObject(sessionKeys.commonParams)).toEqual({ enterpriseId: 'e1', expand: 'x' })
  })

  it('reads a host assertion from the params JSON, and nothing that merely names a person', () => {
    const params = encodeURIComponent(JSON.stringify({ assertion: 'eyJ.a.b', redirect: '/home', phone: '13800000001', name: '张三', idNo: '110101199003071233' }))
    expect(parseLaunchParams(`?params=${params}`)).toEqual({ assertion: 'eyJ.a.b', redirect: '/home' })
    expect(parseLaunchParams(`?params=${encodeURIComponent(JSON.stringify({ assertion: 42 }))}&phone=13800000001`)).toEqual({})
  })

  it('keeps the assertion for the exchange at start-up in place of an earlier session', () => {
    setToken('earlier')
    storeLaunchParams({ assertion: 'eyJ.a.b' })
    expect(getToken()).toBeNull()
    expect(getSessionValue(sessionKeys.hostAssertion)).toBe('eyJ.a.b')
  })

  it('takes the single-use assertion out of the address, keeping the rest of the query', () => {
    const params = encodeURIComponent(JSON.stringify({ assertion: 'eyJ.a.b' }))
    expect(addressWithoutAssertion(`https://seal.example.cn/home?params=${params}&type=1#x`)).toBe('/home?type=1#x')
  })
})
