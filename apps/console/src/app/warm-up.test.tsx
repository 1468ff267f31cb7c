import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, operator } from '../../test/fake-api.ts'
import { renderConsole } from '../../test/render-console.tsx'
import { setToken } from '../lib/session.ts'
import { queryClient } from './query-client.ts'
import { warmUp } from './warm-up.ts'

const waiting = { records: [], lastId: null, hasMore: false }

describe('opening a console tab', () => {
  afterEach(() => vi.useRealTimers())

  it('asks for who the operator is and the queue at once, and the queue page does not read it again', async () => {
    const api = fakeApi({
      'GET /admin/me': () => operator(['reviewer']),
      'GET /admin/applications': () => waiting,
    })
    // The clock stands still: however long the page takes to load in a busy test worker, it mounts within
    // the 10 s its list counts as just read, as in a browser.
    vi.useFakeTimers({ toFake: ['Date'] })
    queryClient.clear()
    setToken('t')
    warmUp('/review')
    await waitFor(() => expect(api.to('GET /admin/applications')).toHaveLength(1))
    expect(api.to('GET /admin/me')).toHaveLength(1)
    expect(api.to('GET /admin/applications')[0]!.query.status).toBe('WAITING')

    const { router } = renderConsole('/review', { token: 't', keepCache: true })
    expect(await screen.findByText('没有符合条件的申请')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/review')
    expect(api.to('GET /admin/applications')).toHaveLength(1)
    expect(api.to('GET /admin/me')).toHaveLength(1)
  })

  it('asks for nothing without a session, nor on the login screen', () => {
    const api = fakeApi({})
    warmUp('/review')
    setToken('t')
    warmUp('/login')
    expect(api.calls).toHaveLength(0)
  })
})
