/** A distance in metres as a person reads it: "350 m", "4.2 km", "128 km", in `locale`'s digits. */
export function formatDistance(locale: string, metres: number): string {
  if (metres < 1000) {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter' }).format(
      Math.max(10, Math.round(metres / 10) * 10),
    )
  }
  const km = metres / 1000
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: km < 10 ? 1 : 0,
  }).format(km)
}
