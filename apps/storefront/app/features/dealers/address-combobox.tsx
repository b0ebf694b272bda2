import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import {
  GEO_QUERY_MAX,
  type GeoPlace,
  type GeoSuggestAnswer,
} from '@optika/domain/community/dealer-api'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { countryName } from './country-name.ts'

/** Waits this long after the last key before asking for suggestions. */
const DEBOUNCE_MS = 200
const SUGGESTIONS = 6

/** What a chosen place puts into the address field: its postcode, or its name. */
export function placeQuery(place: GeoPlace): string {
  return place.postcode || place.name
}

/**
 * The address field: a plain text input of the GET form that, with JavaScript, suggests places
 * of the gazetteer as one types (ARIA 1.2 combobox with a listbox; ↑/↓, Enter, Escape).
 * Choosing a place fills the field and calls `onChoose` (the page searches at once).
 */
export function AddressCombobox({
  defaultValue,
  onChoose,
}: {
  defaultValue: string
  onChoose: (query: string) => void
}) {
  const { t, locale } = useTranslation()
  const id = useId()
  const inputId = `${id}-input`
  const listId = `${id}-list`
  const hintId = `${id}-hint`
  const [value, setValue] = useState(defaultValue)
  const [places, setPlaces] = useState<readonly GeoPlace[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [status, setStatus] = useState('')
  const request = useRef<AbortController | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(
    () => () => {
      clearTimeout(timer.current)
      request.current?.abort()
    },
    [],
  )

  function suggest(text: string): void {
    clearTimeout(timer.current)
    request.current?.abort()
    const query = text.trim()
    if (query.length < 2) {
      setPlaces([])
      setOpen(false)
      setStatus('')
      return
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController()
      request.current = controller
      const search = new URLSearchParams({ q: query, limit: String(SUGGESTIONS), locale })
      fetch(`/api/geo/suggest?${search}`, { signal: controller.signal })
        .then(async (response) => {
          if (!response.ok) return { places: [] }
          return (await response.json()) as GeoSuggestAnswer
        })
        .then((answer) => {
          setPlaces(answer.places)
          setActive(-1)
          setOpen(true)
          setStatus(
            answer.places.length === 0
              ? t('error.addressNotFound')
              : t('dealerMap.search.suggestions', { count: answer.places.length }),
          )
        })
        .catch(() => {
          // Aborted by the next key, or offline: the form still searches on Enter.
        })
    }, DEBOUNCE_MS)
  }

  function choose(place: GeoPlace): void {
    const query = placeQuery(place)
    setValue(query)
    setOpen(false)
    setPlaces([])
    setStatus('')
    onChoose(query)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    const count = places.length
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return
        event.preventDefault()
        setOpen(true)
        setActive((index) => (index + 1) % count)
        return
      case 'ArrowUp':
        if (count === 0) return
        event.preventDefault()
        setOpen(true)
        setActive((index) => (index <= 0 ? count - 1 : index - 1))
        return
      case 'Enter': {
        const place = open ? places[active] : undefined
        if (place) {
          event.preventDefault()
          choose(place)
        }
        return
      }
      case 'Escape':
        if (open) {
          event.preventDefault()
          setOpen(false)
          setActive(-1)
        }
        return
      default:
    }
  }

  const expanded = open && places.length > 0
  return (
    <div className="relative">
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
        {t('dealerMap.search.address')}
      </label>
      <input
        id={inputId}
        name="address"
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={GEO_QUERY_MAX}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-describedby={hintId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value)
          suggest(event.target.value)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => places.length > 0 && setOpen(true)}
        placeholder={t('dealerMap.search.placeholder')}
        className="mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 placeholder:text-stone-500"
      />
      <p id={hintId} className="mt-1 text-xs text-stone-600">
        {t('dealerMap.search.hint')}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('dealerMap.search.suggestionsLabel')}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-[1100] mt-1 max-h-72 overflow-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
      >
        {places.map((place, index) => (
          <li
            key={`${place.country}-${place.postcode}-${place.name}-${place.lat}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Chosen before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault()
              choose(place)
            }}
            className="cursor-pointer px-3 py-2 text-sm text-stone-800 aria-selected:bg-brand-50 aria-selected:text-brand-900 hover:bg-stone-50"
          >
            <span className="font-medium">
              {place.postcode ? `${place.postcode} ` : ''}
              {place.name}
            </span>
            <span className="text-stone-600">
              {' '}
              · {[place.region, countryName(locale, place.country)].filter(Boolean).join(', ')}
            </span>
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  )
}
