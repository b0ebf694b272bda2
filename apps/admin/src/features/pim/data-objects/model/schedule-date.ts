/**
 * A `datetime-local` value (the browser's local time, no zone) as the ISO date-time with offset the
 * schedule expects; null when blank or not a date.
 */
export function toIsoWithOffset(local: string, offsetMinutes?: number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (match === null) return null
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const date = new Date(year, month - 1, day, hour, minute)
  if (Number.isNaN(date.getTime())) return null
  // getTimezoneOffset is minutes *behind* UTC (Prague in winter: -60).
  const offset = offsetMinutes ?? -date.getTimezoneOffset()
  const sign = offset >= 0 ? '+' : '-'
  const abs = Math.abs(offset)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${local}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}
