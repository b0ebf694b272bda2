import { useId, useRef, useState, type FormEvent } from 'react'
import {
  FIT_LIMITS,
  FRAME_SIZE_FIELDS,
  formatFrameSize,
  type FrameSize,
  type FrameSizeField,
} from '@optika/domain/catalogue/frame-fit'
import type { ListFit } from '@optika/domain/catalogue/product-list-api'
import { ChevronDownIcon, CloseIcon } from '../../../components/icons.tsx'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { BoughtFrames } from './bought-frames.tsx'
import { draftOf, readFitDraft, type FitDraft, type FitErrors } from './fit-draft.ts'

/** The sizes' names: the seed's filter and product labels. */
const LABELS: Readonly<Record<FrameSizeField, string>> = {
  lensWidth: 'filter.lensWidth',
  bridgeWidth: 'filter.bridgeWidth',
  templeLength: 'product.templeLength',
}

export interface FrameFitFormProps {
  readonly fit: ListFit
  /** The pair the list is filtered by now (the address's), null when none. */
  readonly selected: FrameSize | null
  /** Signed-in customers may take the sizes of a frame they bought. */
  readonly signedIn: boolean
  readonly onApply: (size: FrameSize) => void
  readonly onRemove: () => void
}

/**
 * "Fits like my glasses": a collapsible section (closed at first, so on a phone the products stay
 * near the top) with three labelled size inputs (mm) and their bounds, the active entry (always
 * shown, removable like every active filter) and, for customers, the frames they bought.
 */
export function FrameFitForm({ fit, selected, signedIn, onApply, onRemove }: FrameFitFormProps) {
  const { t, locale } = useTranslation()
  const headingId = useId()
  const baseId = useId()
  const bodyId = useId()
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<FitDraft>(() => draftOf(selected))
  const [errors, setErrors] = useState<FitErrors>({})
  const inputs = useRef<Partial<Record<FrameSizeField, HTMLInputElement | null>>>({})
  const selectedKey = selected ? formatFrameSize(selected, 'en') : ''
  const [shown, setShown] = useState(selectedKey)
  if (shown !== selectedKey) {
    // Another pair arrived (back/forward, the remembered one): the inputs show it.
    setShown(selectedKey)
    setDraft(draftOf(selected))
    setErrors({})
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const read = readFitDraft(draft)
    if ('errors' in read) {
      setErrors(read.errors)
      const first = FRAME_SIZE_FIELDS.find((field) => read.errors[field])
      if (first) inputs.current[first]?.focus()
      return
    }
    setErrors({})
    onApply(read.size)
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full items-center justify-between gap-2 rounded-md text-left hover:text-brand-800"
        >
          {t('frameFit.form.title')}
          <ChevronDownIcon
            className={`size-5 shrink-0 text-stone-500 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      {selected ? (
        <div className={`mt-2 ${open ? 'border-b border-stone-200 pb-4' : ''}`}>
          <button
            type="button"
            onClick={onRemove}
            className="inline-flex min-h-8 items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pr-2 pl-3 text-left text-sm text-brand-900 hover:border-brand-600 hover:bg-brand-100"
          >
            <span className="sr-only">{t('filter.removeValue')}: </span>
            {t('filter.activeEntry', {
              title: t('frameFit.form.title'),
              value: formatFrameSize(selected, locale),
            })}
            <CloseIcon className="size-4 shrink-0" />
          </button>
          <p className="mt-2 text-xs text-stone-600">
            {t(fit.ranked ? 'frameFit.active.ranked' : 'frameFit.active.sorted')}
          </p>
        </div>
      ) : null}
      <div id={bodyId} hidden={!open}>
        <p className="mt-3 text-sm text-stone-600">{t('frameFit.form.intro')}</p>
        <form noValidate onSubmit={submit} className="mt-3">
          <div className="grid grid-cols-3 gap-2">
            {FRAME_SIZE_FIELDS.map((field) => {
              const id = `${baseId}-${field}`
              const error = errors[field]
              const { min, max } = FIT_LIMITS[field]
              return (
                <div key={field} className="flex min-w-0 flex-col">
                  <label htmlFor={id} className="text-xs font-medium break-words text-stone-800">
                    {t(LABELS[field])}
                  </label>
                  <div className="mt-auto flex items-center gap-1 pt-1">
                    <input
                      ref={(element) => {
                        inputs.current[field] = element
                      }}
                      id={id}
                      name={field}
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={3}
                      value={draft[field]}
                      onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                      className="h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-2 text-base text-stone-900 aria-invalid:border-red-700"
                    />
                  </div>
                  <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
                    {t('frameFit.form.range', { min, max })}
                  </p>
                  {error ? (
                    <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-800">
                      {t(error.key, error.params)}
                    </p>
                  ) : null}
                </div>
              )
            })}
          </div>
          <button
            type="submit"
            className="mt-4 inline-flex min-h-11 w-full items-center justify-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('frameFit.form.apply')}
          </button>
        </form>
        {signedIn ? (
          <BoughtFrames
            onPick={(size) => {
              setDraft(draftOf(size))
              setErrors({})
            }}
          />
        ) : null}
      </div>
    </section>
  )
}
