/** One run of a word-level comparison: kept, removed from the old text or added in the new. */
export interface DiffPart {
  readonly kind: 'same' | 'removed' | 'added'
  readonly text: string
}

/** Texts longer than this (in words) are compared whole: the table is quadratic. */
const MAX_WORDS = 1_500

/**
 * The words (with their following spaces) removed and added between two texts, by the longest
 * common subsequence — what the versions tab highlights in a changed editable.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = before.match(/\S+\s*|\s+/g) ?? []
  const b = after.match(/\S+\s*|\s+/g) ?? []
  if (a.length > MAX_WORDS || b.length > MAX_WORDS) {
    return merge([
      ...(before === '' ? [] : [{ kind: 'removed' as const, text: before }]),
      ...(after === '' ? [] : [{ kind: 'added' as const, text: after }]),
    ])
  }
  const rows = a.length + 1
  const cols = b.length + 1
  const table = new Uint16Array(rows * cols)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] =
        a[i]?.trim() === b[j]?.trim()
          ? (table[(i + 1) * cols + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * cols + j] ?? 0, table[i * cols + j + 1] ?? 0)
    }
  }
  const parts: DiffPart[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i]?.trim() === b[j]?.trim()) {
      parts.push({ kind: 'same', text: b[j] ?? '' })
      i++
      j++
    } else if ((table[(i + 1) * cols + j] ?? 0) >= (table[i * cols + j + 1] ?? 0)) {
      parts.push({ kind: 'removed', text: a[i] ?? '' })
      i++
    } else {
      parts.push({ kind: 'added', text: b[j] ?? '' })
      j++
    }
  }
  for (; i < a.length; i++) parts.push({ kind: 'removed', text: a[i] ?? '' })
  for (; j < b.length; j++) parts.push({ kind: 'added', text: b[j] ?? '' })
  return merge(parts)
}

function merge(parts: DiffPart[]): DiffPart[] {
  const merged: DiffPart[] = []
  for (const part of parts) {
    const last = merged.at(-1)
    if (last !== undefined && last.kind === part.kind)
      merged[merged.length - 1] = { kind: part.kind, text: last.text + part.text }
    else merged.push(part)
  }
  return merged
}
