import type { ReactNode } from 'react'
import { useTranslation } from '../i18n/i18n-provider.tsx'

/** A page of a heading and translated paragraphs (terms, data protection, contact). */
export function TextPage({
  titleKey,
  paragraphKeys,
  children,
}: {
  titleKey: string
  paragraphKeys: readonly string[]
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <article className="mx-auto max-w-3xl px-4 pt-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t(titleKey)}
      </h1>
      <div className="mt-8 space-y-5 text-base leading-relaxed text-stone-700">
        {paragraphKeys.map((key) => (
          <p key={key}>{t(key)}</p>
        ))}
      </div>
      {children}
    </article>
  )
}
