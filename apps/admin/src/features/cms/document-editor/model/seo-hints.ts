/**
 * Search engines show about 60 characters of a title and 160 of a description; the editor says
 * how far a text is from that (the server keeps its own hard limits: 300 and 1,000).
 */
export const SEO_LENGTHS = {
  title: { recommended: 60 },
  description: { min: 50, recommended: 160 },
} as const

export type LengthHint = 'empty' | 'short' | 'good' | 'long'

export function lengthHint(field: keyof typeof SEO_LENGTHS, text: string): LengthHint {
  const length = text.trim().length
  if (length === 0) return 'empty'
  const limits = SEO_LENGTHS[field]
  if (length > limits.recommended) return 'long'
  if ('min' in limits && length < limits.min) return 'short'
  return 'good'
}
