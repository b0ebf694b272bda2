import type { ObjectElementType } from '@optika/domain/pim/object-api'

const GLYPHS: Record<ObjectElementType, string> = {
  folder: '📁',
  object: '📄',
  variant: '🎨',
}

/** The tree's sign of an element type (decorative: the type is also said in words). */
export function TreeIcon({ type }: { type: ObjectElementType }) {
  return (
    <span aria-hidden style={{ width: '1.25em', display: 'inline-block', textAlign: 'center' }}>
      {GLYPHS[type]}
    </span>
  )
}
