import { useId, type KeyboardEvent } from 'react'
import { STARS } from './rating-format.ts'

function StarShape({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinejoin="round"
    >
      <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z" />
    </svg>
  )
}

/**
 * A rating drawn as five stars (filled to `value`, fractions included), with its text for
 * screen readers (`label`, e.g. "4 of 5"): the stars themselves are decorative.
 */
export function Stars({
  value,
  label,
  size = 'h-4 w-4',
}: {
  readonly value: number
  readonly label: string
  readonly size?: string
}) {
  const percent = Math.max(0, Math.min(100, (value / STARS.length) * 100))
  return (
    <span className="inline-flex items-center">
      <span className="relative inline-flex text-amber-500" aria-hidden="true">
        <span className="inline-flex">
          {STARS.map((n) => (
            <StarShape key={n} filled={false} className={size} />
          ))}
        </span>
        <span
          className="absolute inset-0 inline-flex overflow-hidden"
          style={{ width: `${percent}%` }}
        >
          {STARS.map((n) => (
            <StarShape key={n} filled className={`${size} shrink-0`} />
          ))}
        </span>
      </span>
      <span className="sr-only">{label}</span>
    </span>
  )
}

/**
 * The overall rating as a group of five real radio inputs (arrow keys move between them, as
 * with any radio group), each labelled "n of 5" for screen readers and drawn as a star.
 */
export function StarInput({
  name,
  value,
  onChange,
  labelOf,
  invalid,
  describedBy,
}: {
  readonly name: string
  readonly value: number
  readonly onChange: (value: number) => void
  readonly labelOf: (stars: number) => string
  readonly invalid: boolean
  readonly describedBy?: string | undefined
}) {
  const id = useId()
  // Before any star is chosen the radios have no checked one, and the browser's arrow keys
  // would start from the first; Home/End are added for the ends.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      const stars = event.key === 'Home' ? 1 : STARS.length
      onChange(stars)
      document.getElementById(`${id}-${stars}`)?.focus()
    }
  }
  return (
    <div className="mt-2 flex gap-1">
      {STARS.map((stars) => (
        <label
          key={stars}
          htmlFor={`${id}-${stars}`}
          className="relative cursor-pointer rounded text-amber-500 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
        >
          {/* Transparent over its star: a click on the star lands on the real radio. */}
          <input
            id={`${id}-${stars}`}
            type="radio"
            name={name}
            value={stars}
            checked={value === stars}
            onChange={() => onChange(stars)}
            onKeyDown={onKeyDown}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className="absolute inset-0 m-0 h-full w-full cursor-pointer opacity-0"
          />
          <StarShape filled={stars <= value} className="h-8 w-8" />
          <span className="sr-only">{labelOf(stars)}</span>
        </label>
      ))}
    </div>
  )
}
