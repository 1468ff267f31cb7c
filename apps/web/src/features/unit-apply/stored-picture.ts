import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { apiLink } from '../../lib/request/request.ts'
import { previewLink } from './api/upload-file.ts'

/**
 * A picture stored before this visit (a restored draft): a short-lived link to show it. Only the id the
 * field started with is looked up; a picture picked now is shown from memory.
 */
export function useRestoredPicture(fileId: string): string | undefined {
  const [restored] = useState(fileId)
  const link = useQuery({
    queryKey: ['file', 'previewLink', restored],
    queryFn: () => previewLink(restored),
    enabled: Boolean(restored),
    staleTime: 60_000,
  })
  return restored && fileId === restored && link.data ? apiLink(link.data.url) : undefined
}
