import { useId, type ReactNode } from 'react'

/** A brick with a title is a region named by it (h2); without one it is a plain block. */
export function BrickSection({
  title,
  brick,
  children,
}: {
  title: string
  brick: string
  children: ReactNode
}) {
  const headingId = useId()
  const named = title.trim() !== ''
  return (
    <section aria-labelledby={named ? headingId : undefined} data-brick={brick} className="min-w-0">
      {named ? (
        <h2 id={headingId} className="mb-5 text-2xl font-semibold tracking-tight text-stone-900">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  )
}
