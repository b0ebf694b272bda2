import type { ComponentType } from 'react'
import type { ObjectElementType } from '@optika/domain/pim/object-api'
import { FileIcon, FolderIcon, PaletteIcon } from '../../../../components/icons.tsx'

const ICONS: Record<ObjectElementType, ComponentType<{ size?: number | string }>> = {
  folder: FolderIcon,
  object: FileIcon,
  variant: PaletteIcon,
}

/** The tree's sign of an element type (decorative: the type is also said in words). */
export function TreeIcon({ type }: { type: ObjectElementType }) {
  const Glyph = ICONS[type]
  return (
    <span
      aria-hidden
      data-icon={type}
      style={{ width: '1.25em', display: 'inline-flex', justifyContent: 'center', flex: 'none' }}
    >
      <Glyph size="1.1em" />
    </span>
  )
}
