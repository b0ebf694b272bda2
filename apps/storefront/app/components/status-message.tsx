import type { ReactNode } from 'react'
import { GlassesIcon } from './icons.tsx'

/** A full-width message in place of a page (not found, failed), with what to do next as `children`. */
export function StatusMessage({
  title,
  text,
  code,
  children,
}: {
  title: string
  text: string
  code: string
  children?: ReactNode
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <span className="grid size-16 place-items-center rounded-full bg-brand-50 text-brand-700">
        <GlassesIcon className="size-9" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-brand-700">{code}</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {title}
      </h1>
      <p className="mt-4 text-base leading-relaxed text-stone-600">{text}</p>
      <div className="mt-8">{children}</div>
    </section>
  )
}
