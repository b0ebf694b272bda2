import { useId, useState } from 'react'
import { formatFrameSize, type FrameSize } from '@optika/domain/catalogue/frame-fit'
import type { BoughtFrame } from '@optika/domain/catalogue/frame-fit-api'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'

type Load =
  | { readonly state: 'idle' }
  | { readonly state: 'loading' }
  | { readonly state: 'failed' }
  | { readonly state: 'loaded'; readonly frames: readonly BoughtFrame[] }

/** GET /api/account/frame-sizes: the sizes of the frames in the customer's orders. */
async function fetchBoughtFrames(): Promise<readonly BoughtFrame[]> {
  const response = await fetch('/api/account/frame-sizes', {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  })
  if (!response.ok) throw new Error(`GET /api/account/frame-sizes: ${response.status}`)
  return ((await response.json()) as { frames: BoughtFrame[] }).frames
}

/**
 * "Use a frame I bought" (signed-in customers): the frames of their orders, asked for when the
 * shopper opens the choice; picking one fills the three sizes (applying stays the form's button,
 * so moving through the options with the keyboard reloads nothing).
 */
export function BoughtFrames({ onPick }: { readonly onPick: (size: FrameSize) => void }) {
  const { t, locale } = useTranslation()
  const selectId = useId()
  const [load, setLoad] = useState<Load>({ state: 'idle' })

  const open = () => {
    setLoad({ state: 'loading' })
    fetchBoughtFrames().then(
      (frames) => setLoad({ state: 'loaded', frames }),
      () => setLoad({ state: 'failed' }),
    )
  }

  if (load.state === 'idle' || load.state === 'loading') {
    return (
      <button
        type="button"
        onClick={open}
        disabled={load.state === 'loading'}
        aria-busy={load.state === 'loading'}
        className="mt-3 min-h-11 text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 disabled:opacity-60"
      >
        {t('frameFit.form.bought')}
      </button>
    )
  }
  if (load.state === 'failed') {
    return (
      <p role="alert" className="mt-3 text-sm text-red-800">
        {t('frameFit.form.boughtFailed')}
      </p>
    )
  }
  if (load.frames.length === 0) {
    return (
      <p role="status" className="mt-3 text-sm text-stone-600">
        {t('frameFit.form.boughtNone')}
      </p>
    )
  }
  return (
    <div className="mt-3">
      <label htmlFor={selectId} className="block text-sm font-medium text-stone-800">
        {t('frameFit.form.bought')}
      </label>
      <select
        id={selectId}
        defaultValue=""
        onChange={(event) => {
          const frame = load.frames.find((f) => String(f.productId) === event.target.value)
          if (frame) onPick(frame.size)
        }}
        className="mt-1 h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-800"
      >
        <option value="" disabled>
          {t('frameFit.form.boughtChoose')}
        </option>
        {load.frames.map((frame) => (
          <option key={frame.productId} value={frame.productId}>
            {`${frame.name} · ${formatFrameSize(frame.size, locale)}`}
          </option>
        ))}
      </select>
    </div>
  )
}
