/** A place in an object's data: keys of records and indexes of lists (`['name', 'cs']`). */
export type DataPath = readonly (string | number)[]

/** Whether a value counts as not filled in (so a variant takes its parent's value). */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') return Object.keys(value).length === 0
  return false
}

/** The value at a path, or undefined where the path leads nowhere. */
export function getAtPath(data: unknown, path: DataPath): unknown {
  let current: unknown = data
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string | number, unknown>)[step]
  }
  return current
}

/**
 * A copy of `data` with the value at `path` replaced; the original is untouched. An empty value
 * removes the key of a record (absent = not filled, the way the server stores it), and a record
 * left empty by that is removed too, so clearing the last language of a field clears the field.
 */
export function setAtPath(data: unknown, path: DataPath, value: unknown): unknown {
  const [step, ...rest] = path
  if (step === undefined) return value
  if (typeof step === 'number') {
    const list = Array.isArray(data) ? [...(data as unknown[])] : []
    list[step] = setAtPath(list[step], rest, value)
    return list
  }
  const record: Record<string, unknown> =
    data !== null && typeof data === 'object' && !Array.isArray(data)
      ? { ...(data as Record<string, unknown>) }
      : {}
  const next = setAtPath(record[step], rest, value)
  if (isEmptyValue(next) && !Array.isArray(next)) delete record[step]
  else record[step] = next
  return record
}

/** Joins a data path the way the server names field errors (`filters.2.column`). */
export function formatDataPath(path: DataPath): string {
  return path.join('.')
}

/** Moves one item of a list up or down (by `offset`), for ordered relations, galleries, rows. */
export function moveItem<T>(list: readonly T[], index: number, offset: number): T[] {
  const target = index + offset
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(index, 1)
  next.splice(target, 0, item as T)
  return next
}
