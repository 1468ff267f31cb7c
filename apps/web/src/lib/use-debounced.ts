import { useEffect, useState } from 'react'

/** The value once it has stopped changing for `ms` (the can-apply query waits 500 ms, 001 §9; name suggestions 800 ms, 000 §9). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
