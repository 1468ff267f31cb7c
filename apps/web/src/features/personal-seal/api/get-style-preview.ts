import { useQuery } from '@tanstack/react-query'
import type { PersonalSealStyleCode } from '@seal/shared/api/personal-seal'
import { post } from '../../../lib/request/request.ts'

export type StylePreview = { style: PersonalSealStyleCode; image: string }[]

/** POST /personSeal/stylePreview: the three name-seal styles drawn from the applicant's name (PNG data URLs). */
export function getStylePreview() {
  return post<StylePreview>('/personSeal/stylePreview', {})
}

export function useStylePreview() {
  return useQuery({ queryKey: ['personal-seal', 'style-preview'], queryFn: getStylePreview, staleTime: Infinity })
}
