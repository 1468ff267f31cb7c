import { beforeEach, describe, expect, it } from 'vitest'
import { getSessionObject, getSessionValue, getToken, sessionKeys } from '../../lib/session/session.ts'
import { parseLaunchParams, storeLaunchParams } from './launch-params.ts'

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
})
