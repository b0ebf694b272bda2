import { ELEMENT_KEY_MAX } from '@optika/domain/pim/object-api'

/** Why a key is refused before asking the server, or null when it may be sent. */
export function keyProblem(key: string): 'required' | 'invalid' | null {
  const trimmed = key.trim()
  if (trimmed === '') return 'required'
  if (trimmed.includes('/') || trimmed.length > ELEMENT_KEY_MAX) return 'invalid'
  return null
}
