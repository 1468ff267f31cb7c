import { useQuery } from '@tanstack/react-query'
import { getBlob } from '../../../lib/request/request.ts'

/** GET /file/download/{fileId}: one of the caller's files (here an agreement PDF), as bytes. */
export async function downloadFile(fileId: string) {
  return (await getBlob(`/file/download/${encodeURIComponent(fileId)}`)).arrayBuffer()
}

export function useFileBytes(fileId: string | undefined) {
  return useQuery({
    queryKey: ['file', fileId],
    queryFn: () => downloadFile(fileId!),
    enabled: Boolean(fileId),
    staleTime: Infinity,
  })
}
