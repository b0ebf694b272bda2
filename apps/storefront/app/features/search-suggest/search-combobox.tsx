import { useEffect, useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  SUGGEST_DEBOUNCE_MS,
  SUGGEST_GROUPS,
  type SuggestGroup,
} from '@optika/domain/community/search-suggest'
import type { SearchSuggestAnswer } from '@optika/domain/community/search-suggest-api'
import { formatMoney } from '@optika/domain/commerce/money'
import type { Currency } from '@optika/domain/commerce/currencies'
import type { Locale } from '@optika/i18n/locales'
import { useTranslation } from '../../i18n/i18n-provider.tsx'

/** One option of the list, in the order the arrows walk them. */
interface Option {
  readonly id: string
  readonly group: SuggestGroup
  readonly name: string
  readonly url: string
  readonly thumbnail?: string | null
  readonly price?: string
}

function optionsOf(answer: SearchSuggestAnswer, locale: Locale, idPrefix: string): Option[] {
  return SUGGEST_GROUPS.flatMap((group) =>
    answer[group].map((item, i) => ({
      id: `${idPrefix}-${group}-${i}`,
      group,
      name: item.name,
      url: item.url,
      ...('thumbnail' in item ? { thumbnail: item.thumbnail } : {}),
      ...('price' in item && item.price
        ? {
            price: formatMoney(
              { amount: item.price.final, currency: item.price.currency as Currency },
              locale,
            ),
          }
        : {}),
    })),
  )
}

/**
 * The header search as an ARIA combobox (the APG's "list autocomplete" pattern), loaded on the
 * search field's first focus: it takes over the server-drawn input (`input`, a combobox from the
 * first byte, so its role never changes under the reader) — the same element, so focus and what
 * was typed stay — and draws the grouped list under it. Enter on an option opens
 * it; Enter on the text submits the form to the full search page, as before the script loaded.
 */
export function SearchCombobox({ input, locale }: { input: HTMLInputElement; locale: Locale }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const listId = useId()
  const [options, setOptions] = useState<Option[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [status, setStatus] = useState('')
  // The listeners below are attached once; they read the latest state from here.
  const state = useRef({ options, open, active })
  useEffect(() => {
    state.current = { options, open, active }
  }, [options, open, active])

  useEffect(() => {
    input.setAttribute('aria-controls', listId)
    let timer: ReturnType<typeof setTimeout> | undefined
    let request: AbortController | undefined

    const close = () => {
      setOpen(false)
      setActive(-1)
    }
    // Closed by the shopper: an answer still on its way must not open the list again.
    const dismiss = () => {
      clearTimeout(timer)
      request?.abort()
      close()
    }
    const ask = (q: string) => {
      request?.abort()
      if (q.trim() === '') {
        setOptions([])
        close()
        return
      }
      const controller = new AbortController()
      request = controller
      const params = new URLSearchParams({ q: q.slice(0, 200), locale })
      fetch(`/api/search/suggest?${params.toString()}`, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      })
        .then((response) =>
          response.ok ? (response.json() as Promise<SearchSuggestAnswer>) : null,
        )
        .then((answer) => {
          if (!answer || controller.signal.aborted) return
          const next = optionsOf(answer, locale, listId)
          setOptions(next)
          setActive(-1)
          setOpen(true)
          setStatus(
            next.length > 0
              ? t('searchSuggest.count', { count: next.length })
              : t('searchSuggest.none'),
          )
        })
        .catch(() => {
          // Aborted by newer typing, or offline: the form still submits to the full search.
        })
    }
    const onInput = () => {
      clearTimeout(timer)
      timer = setTimeout(() => ask(input.value), SUGGEST_DEBOUNCE_MS)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      const { options: list, open: shown, active: current } = state.current
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        if (!shown) {
          if (list.length > 0) setOpen(true)
          else ask(input.value)
          return
        }
        if (list.length === 0) return
        const step = event.key === 'ArrowDown' ? 1 : -1
        // Past either end the focus returns to the text (-1), as the APG's examples do.
        const next = current + step
        setActive(next < -1 ? list.length - 1 : next >= list.length ? -1 : next)
      } else if (event.key === 'Enter') {
        const chosen = shown ? list[current] : undefined
        if (chosen) {
          event.preventDefault()
          dismiss()
          void navigate(chosen.url)
        }
      } else if (event.key === 'Escape') {
        if (shown) {
          event.preventDefault()
          dismiss()
        } else if (input.value !== '') {
          event.preventDefault()
          dismiss()
          input.value = ''
          setOptions([])
        }
      }
    }
    const onBlur = () => dismiss()
    const onFocus = () => {
      if (state.current.options.length > 0) setOpen(true)
    }
    input.addEventListener('input', onInput)
    input.addEventListener('keydown', onKeyDown)
    input.addEventListener('blur', onBlur)
    input.addEventListener('focus', onFocus)
    // Typed before the script arrived: suggest for it at once.
    if (input.value.trim() !== '') ask(input.value)
    return () => {
      clearTimeout(timer)
      request?.abort()
      input.removeEventListener('input', onInput)
      input.removeEventListener('keydown', onKeyDown)
      input.removeEventListener('blur', onBlur)
      input.removeEventListener('focus', onFocus)
    }
  }, [input, locale, listId, navigate, t])

  const expanded = open && options.length > 0
  const activeOption = expanded ? options[active] : undefined
  useEffect(() => {
    input.setAttribute('aria-expanded', String(expanded))
    if (activeOption) input.setAttribute('aria-activedescendant', activeOption.id)
    else input.removeAttribute('aria-activedescendant')
    if (activeOption) document.getElementById(activeOption.id)?.scrollIntoView({ block: 'nearest' })
  }, [input, expanded, activeOption])

  return (
    <>
      <div role="status" className="sr-only">
        {status}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('searchSuggest.listLabel')}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-stone-200 bg-white py-2 text-sm shadow-lg"
      >
        {SUGGEST_GROUPS.map((group) => {
          const inGroup = options.filter((option) => option.group === group)
          if (inGroup.length === 0) return null
          const headingId = `${listId}-${group}`
          return (
            <li key={group} role="group" aria-labelledby={headingId}>
              <div
                id={headingId}
                role="presentation"
                className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase"
              >
                {t(`searchSuggest.group.${group}`)}
              </div>
              <ul role="none">
                {inGroup.map((option) => (
                  <li
                    key={option.id}
                    id={option.id}
                    role="option"
                    aria-selected={option === activeOption}
                    // Keeps the focus in the field, so the click lands before the list closes.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => {
                      setOpen(false)
                      void navigate(option.url)
                    }}
                    className={`flex min-h-11 cursor-pointer items-center gap-3 px-4 py-1.5 text-stone-900 ${
                      option === activeOption ? 'bg-brand-50 text-brand-900' : 'hover:bg-stone-50'
                    }`}
                  >
                    {option.group === 'products' ? (
                      option.thumbnail ? (
                        <img
                          src={option.thumbnail}
                          alt=""
                          width={40}
                          height={40}
                          className="size-10 shrink-0 rounded object-contain"
                        />
                      ) : (
                        <span
                          aria-hidden="true"
                          className="size-10 shrink-0 rounded bg-stone-100"
                        />
                      )
                    ) : null}
                    <span className="min-w-0 flex-1 break-words">{option.name}</span>
                    {option.price ? (
                      <span className="shrink-0 font-semibold text-stone-900">{option.price}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </li>
          )
        })}
      </ul>
    </>
  )
}
