import { useTranslation } from '../i18n/i18n-provider.tsx'

export interface Swatch {
  readonly key: number
  readonly css: string
  readonly name: string
}

interface ColourSwatchesProps {
  readonly swatches: readonly Swatch[]
  readonly selected: number
  /** Called with the swatch's index when it is pointed at, focused or chosen. */
  readonly onSelect: (index: number) => void
  readonly size?: 'small' | 'large'
}

/**
 * Colour swatches that switch the shown variant on mouse-over, keyboard focus and click
 * (seed section 2, "Product tile"). Each is a toggle button named after its colour.
 */
export function ColourSwatches({
  swatches,
  selected,
  onSelect,
  size = 'small',
}: ColourSwatchesProps) {
  const { t } = useTranslation()
  if (swatches.length === 0) return null
  const dot = size === 'small' ? 'size-5' : 'size-8'
  return (
    <ul aria-label={t('shop.tile.colours')} className="flex flex-wrap items-center gap-1.5">
      {swatches.map((swatch, index) => (
        <li key={swatch.key}>
          <button
            type="button"
            aria-pressed={index === selected}
            aria-label={t('shop.tile.showColour', { colour: swatch.name })}
            title={swatch.name}
            onMouseEnter={() => onSelect(index)}
            onFocus={() => onSelect(index)}
            onClick={() => onSelect(index)}
            className={`${dot} grid place-items-center rounded-full border border-stone-300 p-0.5 hover:border-stone-500 aria-pressed:border-brand-700 aria-pressed:ring-1 aria-pressed:ring-brand-700`}
          >
            <span
              className="size-full rounded-full ring-1 ring-black/10 ring-inset"
              style={{ background: swatch.css }}
            />
          </button>
        </li>
      ))}
    </ul>
  )
}
