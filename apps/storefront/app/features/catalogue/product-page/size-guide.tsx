import { useId } from 'react'
import {
  FRAME_SIZE_FIELDS,
  formatFrameSize,
  type FrameSize,
  type FrameSizeField,
} from '@optika/domain/catalogue/frame-fit'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { numberFormat } from '@optika/domain/i18n/intl-formats'

const LABELS: Readonly<Record<FrameSizeField, string>> = {
  lensWidth: 'filter.lensWidth',
  bridgeWidth: 'filter.bridgeWidth',
  templeLength: 'product.templeLength',
}

const TEXTS: Readonly<Record<FrameSizeField, string>> = {
  lensWidth: 'frameFit.guide.lensText',
  bridgeWidth: 'frameFit.guide.bridgeText',
  templeLength: 'frameFit.guide.templeText',
}

/** A dimension line with end ticks and its number above it. */
function Dimension({ x1, x2, y, label }: { x1: number; x2: number; y: number; label: string }) {
  return (
    <g className="text-brand-700">
      <path
        d={`M${x1} ${y}H${x2}M${x1} ${y - 6}v12M${x2} ${y - 6}v12`}
        stroke="currentColor"
        strokeWidth={1.5}
      />
      <text
        x={(x1 + x2) / 2}
        y={y - 8}
        textAnchor="middle"
        fontSize={14}
        fontWeight={600}
        fill="currentColor"
      >
        {label}
      </text>
    </g>
  )
}

/**
 * The size guide of a frame's product page (decision 025): what the three numbers of `52□18 140`
 * measure, on a drawing of the frame from the front and the side (its text alternative says the
 * same), and where to find them on one's own glasses. A native disclosure: it opens with Enter or
 * Space, and works before the page's script has loaded.
 */
export function SizeGuide({ size }: { readonly size: FrameSize }) {
  const { t, locale } = useTranslation()
  const titleId = useId()
  const number = numberFormat(locale, { maximumFractionDigits: 1 })
  const mm = numberFormat(locale, {
    style: 'unit',
    unit: 'millimeter',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  })
  return (
    <details className="group mt-6 max-w-3xl rounded-xl border border-stone-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-4 py-2 text-sm font-semibold text-brand-800 hover:text-brand-900">
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          aria-hidden="true"
          focusable="false"
          className="size-4 shrink-0 transition-transform group-open:rotate-90"
        >
          <path d="m9 6 6 6-6 6" />
        </svg>
        {t('frameFit.guide.toggle')} ({formatFrameSize(size, locale)})
      </summary>
      <div className="border-t border-stone-200 px-4 pt-3 pb-5 text-sm text-stone-700">
        <p>{t('frameFit.guide.intro', { size: formatFrameSize(size, locale) })}</p>
        <svg
          role="img"
          aria-labelledby={titleId}
          viewBox="0 0 320 220"
          className="mt-4 h-auto w-full max-w-sm text-stone-800"
        >
          <title id={titleId}>
            {t('frameFit.guide.drawing', {
              lens: mm.format(size.lensWidth),
              bridge: mm.format(size.bridgeWidth),
              temple: mm.format(size.templeLength),
            })}
          </title>
          {/* The front: two lenses, the bridge between them, the end pieces. */}
          <g fill="none" stroke="currentColor" strokeWidth={3}>
            <rect x={38} y={40} width={104} height={66} rx={24} />
            <rect x={178} y={40} width={104} height={66} rx={24} />
            <path d="M142 56q18-14 36 0M38 52H26M282 52h12" strokeLinecap="round" />
          </g>
          <Dimension x1={38} x2={142} y={128} label={number.format(size.lensWidth)} />
          <Dimension x1={142} x2={178} y={26} label={number.format(size.bridgeWidth)} />
          {/* The side: the front's edge, the hinge and the temple bending behind the ear. */}
          <g fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round">
            <rect x={26} y={176} width={10} height={26} rx={2} />
            <path d="M36 184H240q26 2 42 28" />
          </g>
          <Dimension x1={36} x2={282} y={166} label={number.format(size.templeLength)} />
        </svg>
        <dl className="mt-4 grid gap-3 sm:grid-cols-3">
          {FRAME_SIZE_FIELDS.map((field) => (
            <div key={field}>
              <dt className="font-semibold text-stone-900">
                {t(LABELS[field])}: {mm.format(size[field])}
              </dt>
              <dd className="mt-1">{t(TEXTS[field])}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-5 text-base font-semibold text-stone-900">
          {t('frameFit.guide.ownTitle')}
        </h3>
        <p className="mt-1">{t('frameFit.guide.ownText')}</p>
        <p className="mt-3">{t('frameFit.guide.fitText')}</p>
      </div>
    </details>
  )
}
