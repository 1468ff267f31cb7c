import { useQuery } from '@tanstack/react-query'
import { getBlob } from '../../../lib/request/request.ts'

/** GET /file/download/{fileId}: a document to sign, as bytes for the PDF viewer. */
export function useFileBytes(fileId: string) {
  return useQuery({
    queryKey: ['file', fileId],
    queryFn: async () => (await getBlob(`/file/download/${encodeURIComponent(fileId)}`)).arrayBuffer(),
    enabled: Boolean(fileId),
    staleTime: Infinity,
  })
}
