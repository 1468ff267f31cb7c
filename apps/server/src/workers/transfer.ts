/**
 * Whether a byte array is the whole of its memory, so that moving that memory to another thread (a
 * transfer, workers/pool.ts) takes nothing else with it: a small Buffer is a slice of a pool shared by many.
 */
export function ownsItsMemory(bytes: Uint8Array): boolean {
  return bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.byteLength > 0
}
