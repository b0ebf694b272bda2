import type { ReactNode } from 'react'
import type { CheckoutStep } from '@optika/domain/commerce/checkout-vocabulary'
import { StepIndicator } from './step-indicator.tsx'

export const PRIMARY_BUTTON =
  'inline-flex h-11 items-center justify-center rounded-full bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60'
export const SECONDARY_BUTTON =
  'inline-flex h-10 items-center justify-center rounded-full border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800 hover:bg-stone-100 disabled:opacity-60'

/** A checkout page: the steps, its heading and its content. */
export function CheckoutLayout({
  title,
  step,
  reachable,
  children,
}: {
  title: string
  step: CheckoutStep
  reachable: CheckoutStep
  children: ReactNode
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <StepIndicator current={step} reachable={reachable} />
      <h1 className="mb-8 text-3xl font-semibold tracking-tight text-stone-900">{title}</h1>
      {children}
    </div>
  )
}
