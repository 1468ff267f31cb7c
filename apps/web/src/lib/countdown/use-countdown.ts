import { useEffect, useState } from 'react'

/** Seconds left before the SMS code may be asked for again (spec 000 §9: 60 s). */
export function useCountdown() {
  const [secondsLeft, setSecondsLeft] = useState(0)
  useEffect(() => {
    if (secondsLeft <= 0) return
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [secondsLeft])
  return { secondsLeft, start: setSecondsLeft }
}
