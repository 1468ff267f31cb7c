/** Times as the console shows them: 2025-03-01 14:05:09 in the browser's time zone. */
export function formatTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-'
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return '-'
  const two = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`
}
