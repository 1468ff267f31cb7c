import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { buildRegionTree } from '@seal/shared/regions/region-tree'
import { RegionPicker } from './region-picker.tsx'
import { regionLabels } from './use-regions.ts'

const tree = buildRegionTree()
let requests: string[] = []

// fetch is the browser's boundary: answered the way GET /api/seal-apply/region/list answers.
function serveRegions() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url)
      return new Response(JSON.stringify({ resultStatus: '00', responseInfo: '操作成功', data: tree }), { headers: { 'content-type': 'application/json' } })
    }),
  )
}

function renderWithQueries(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>)
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  requests = []
  document.body.innerHTML = ''
})

describe('region labels', () => {
  it('names the province, city and district of a chosen path', () => {
    expect(regionLabels(tree, ['北京市', '北京市', '110101'])).toEqual(['北京市', '北京市', '东城区'])
    expect(regionLabels(tree, ['海外', '海外', '910000'])).toEqual(['海外', '海外', '海外'])
    expect(regionLabels(tree, ['北京市', '不存在'])).toEqual(['北京市'])
  })
})

describe('region picker', () => {
  it('shows the stored region by name, loading the tree only once for several pickers', async () => {
    serveRegions()
    renderWithQueries(
      <>
        <RegionPicker value={['北京市', '北京市', '110101']} />
        <RegionPicker />
      </>,
    )
    expect(await screen.findByText('北京市 / 北京市 / 东城区')).toBeTruthy()
    expect(screen.getByText('请选择注册地')).toBeTruthy()
    expect(requests).toEqual(['/api/seal-apply/region/list'])
  })

  it('opens the three-level picker and hands back codes and names on confirm', async () => {
    serveRegions()
    const onChange = vi.fn()
    renderWithQueries(<RegionPicker value={['广东省', '深圳市', '440305']} onChange={onChange} />)
    fireEvent.click(await screen.findByText('广东省 / 深圳市 / 南山区'))
    expect(await screen.findByText('选择注册地')).toBeTruthy()
    fireEvent.click(screen.getByText('确定'))
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['广东省', '深圳市', '440305'], ['广东省', '深圳市', '南山区']))
  })
})
