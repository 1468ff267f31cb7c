import { useQuery } from '@tanstack/react-query'
import { getBlob } from '../../../lib/request/request.ts'

export const operationManualKey = ['configs', 'operation', 'manual'] as const

/**
 * GET /configs/operation/manual (spec 002 §2 "Other"): the bytes of the first file of the configured
 * operation manual, or a 404 envelope when none is configured. Silent: the page says 文件加载失败 itself.
 */
export function getOperationManual(): Promise<ArrayBuffer> {
  return getBlob('/configs/operation/manual', undefined, { silent: true }).then((blob) => blob.arrayBuffer())
}

export function useOperationManual() {
  return useQuery({ queryKey: operationManualKey, queryFn: getOperationManual, staleTime: 10 * 60_000, retry: false })
}
