import { describe, expect, it } from 'vitest'
import { buildRegionTree, OVERSEAS_CODE, regionPath } from './region-tree.ts'

describe('region tree', () => {
  const tree = buildRegionTree()

  it('has three levels with names for provinces and cities and 6-digit codes for districts', () => {
    const beijing = tree.find((p) => p.value === '北京市')!
    const district = beijing.children![0]!.children![0]!
    expect(district.value).toMatch(/^\d{6}$/)
    expect(regionPath(tree, '110101')).toEqual(['北京市', '北京市', '东城区'])
  })

  it('ends with Taiwan, Hong Kong, Macau and the overseas entry, the special regions with one child', () => {
    expect(tree.slice(-4).map((p) => p.value)).toEqual(['台湾省', '香港特别行政区', '澳门特别行政区', '海外'])
    expect(regionPath(tree, '810000')).toEqual(['香港特别行政区', '香港特别行政区', '香港特别行政区'])
    expect(regionPath(tree, OVERSEAS_CODE)).toEqual(['海外', '海外', '海外'])
  })

  it('gives Chongqing its urban and county groups', () => {
    const chongqing = tree.find((p) => p.value === '重庆市')!
    expect(chongqing.children!.map((c) => c.value)).toEqual(['重庆城区', '重庆郊县'])
  })
})
