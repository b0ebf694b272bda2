import { useId, useState, type ComponentType } from 'react'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { Form, useSearchParams } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Locale } from '@optika/i18n/locales'
import { SearchIcon } from './icons.tsx'

type Combobox = ComponentType<{ input: HTMLInputElement; locale: Locale }>

/**
 * The header's product search: a GET form to the search page, so it works before any script
 * loads. Its suggestions (features/search-suggest) load on the field's first focus: the home
 * page's script budget has no room for them up front.
 */
export function SearchForm({ locale }: { locale: Locale }) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const inputId = useId()
  const [suggest, setSuggest] = useState<{ C: Combobox; input: HTMLInputElement }>()
  return (
    <Form
      method="get"
      action={generateUrl('search', { locale })}
      role="search"
      className="relative w-full"
    >
      <label htmlFor={inputId} className="sr-only">
        {t('shop.search.label')}
      </label>
      <input
        id={inputId}
        type="search"
        role="combobox"
        aria-expanded="false"
        aria-autocomplete="list"
        name="q"
        defaultValue={searchParams.get('q') ?? ''}
        placeholder={t('shop.search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        onFocus={(event) => {
          const input = event.currentTarget
          if (!suggest)
            void import('../features/search-suggest/search-combobox.tsx').then((m) =>
              setSuggest({ C: m.SearchCombobox, input }),
            )
        }}
        className="h-11 w-full rounded-full border border-stone-300 bg-stone-50 pr-12 pl-4 text-sm text-stone-900 placeholder:text-stone-500 hover:border-stone-400 focus:border-brand-600 focus:bg-white"
      />
      <button
        type="submit"
        className="absolute top-1 right-1 grid size-9 place-items-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
      >
        <SearchIcon className="size-5" />
        <span className="sr-only">{t('shop.search.submit')}</span>
      </button>
      {suggest ? <suggest.C input={suggest.input} locale={locale} /> : null}
    </Form>
  )
}
