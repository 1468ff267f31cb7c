import { areaList } from '@vant/area-data'

/** A node of the three-level registration-region tree (spec 002 §3 "Region tree"). */
export type RegionNode = { value: string; label: string; children?: RegionNode[] }

/** The overseas entry, after the mainland provinces, Taiwan, Hong Kong and Macau. */
export const OVERSEAS_CODE = '910000'

const SINGLE_CHILD_REGIONS: Record<string, string> = { '810000': '香港特别行政区', '820000': '澳门特别行政区' }
const CHONGQING_CITY_LABELS: Record<string, string> = { '500100': '重庆城区', '500200': '重庆郊县' }

/**
 * Builds the province → city → district tree from the maintained national division list
 * (@vant/area-data). Province and city values are their Chinese names; district values are the 6-digit
 * administrative codes. Hong Kong, Macau and 海外 have a single child carrying their own code; Chongqing
 * has its two city groups (urban districts and outlying counties).
 *
 * @example
 * const tree = buildRegionTree()
 * tree[0] // { value: '北京市', label: '北京市', children: [{ value: '北京市', … children: [{ value: '110101', label: '东城区' }, …] }] }
 */
export function buildRegionTree(): RegionNode[] {
  const { province_list: provinces, city_list: cities, county_list: counties } = areaList
  // Each list is walked once, grouped by code prefix (a city's first 2 digits are its province's, a
  // district's first 4 its city's): filtering the whole lists per city took a second at every start.
  const districtsOf = groupBy(Object.entries(counties), (code) => code.slice(0, 4))
  const citiesOf = groupBy(Object.entries(cities), (code) => code.slice(0, 2))
  const tree: RegionNode[] = Object.entries(provinces).map(([provinceCode, provinceName]) => {
    const special = SINGLE_CHILD_REGIONS[provinceCode]
    if (special) return singleChild(provinceName, provinceCode)
    const cityNodes = (citiesOf.get(provinceCode.slice(0, 2)) ?? []).map(([cityCode, cityName]) => {
      const label = CHONGQING_CITY_LABELS[cityCode] ?? cityName
      const districts = (districtsOf.get(cityCode.slice(0, 4)) ?? []).map(([code, name]) => ({ value: code, label: name }))
      // A city without districts (some prefecture-level cities) is its own single district.
      return { value: label, label, children: districts.length ? districts : [{ value: cityCode, label }] }
    })
    return { value: provinceName, label: provinceName, children: cityNodes }
  })
  tree.push(singleChild('海外', OVERSEAS_CODE))
  return tree
}

/** Entries grouped by a prefix of their code, each group in the list's order. */
function groupBy(entries: [string, string][], prefixOf: (code: string) => string): Map<string, [string, string][]> {
  const groups = new Map<string, [string, string][]>()
  for (const entry of entries) {
    const key = prefixOf(entry[0])
    const group = groups.get(key)
    if (group) group.push(entry)
    else groups.set(key, [entry])
  }
  return groups
}

function singleChild(name: string, code: string): RegionNode {
  return { value: name, label: name, children: [{ value: name, label: name, children: [{ value: code, label: name }] }] }
}

/**
 * The labels along the path to a district code, for showing a stored region.
 *
 * @example
 * regionPath(buildRegionTree(), '110101') // ['北京市', '北京市', '东城区']
 */
export function regionPath(tree: RegionNode[], districtCode: string): string[] | undefined {
  for (const province of tree) {
    for (const city of province.children ?? []) {
      const district = city.children?.find((d) => d.value === districtCode)
      if (district) return [province.label, city.label, district.label]
    }
  }
  return undefined
}
