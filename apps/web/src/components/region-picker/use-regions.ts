import { useQuery } from '@tanstack/react-query'
import type { RegionNode } from '@seal/shared/regions/region-tree'
import { get } from '../../lib/request/request.ts'

export const regionsKey = ['seal-apply', 'region', 'list'] as const

/**
 * GET /seal-apply/region/list (spec 002 §3 "Region tree", §7): the province → city → district tree.
 * It changes with the national division list, not within a session: fetched once and kept.
 */
export function useRegions() {
  return useQuery({
    queryKey: regionsKey,
    queryFn: () => get<RegionNode[]>('/seal-apply/region/list'),
    staleTime: Infinity,
    gcTime: Infinity,
  })
}

/**
 * The labels along a chosen path of values, as far as the tree knows them.
 *
 * @example regionLabels(tree, ['北京市', '北京市', '110101']) // ['北京市', '北京市', '东城区']
 */
export function regionLabels(tree: RegionNode[], value: readonly (string | null | undefined)[]): string[] {
  const labels: string[] = []
  let level: RegionNode[] | undefined = tree
  for (const part of value) {
    const node: RegionNode | undefined = level?.find((candidate) => candidate.value === part)
    if (!node) break
    labels.push(node.label)
    level = node.children
  }
  return labels
}

/**
 * The picker's values (province, city, district code) leading to a district code, when the tree has it.
 *
 * @example regionValueOf(tree, '110108') // ['北京市', '北京市', '110108']
 */
export function regionValueOf(tree: RegionNode[], districtCode: string): string[] | undefined {
  for (const province of tree) {
    for (const city of province.children ?? []) {
      if (city.children?.some((district) => district.value === districtCode)) return [province.value, city.value, districtCode]
    }
  }
  return undefined
}
