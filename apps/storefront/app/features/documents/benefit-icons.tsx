import type { SVGProps } from 'react'
import { GlassesIcon, TruckIcon } from '../../components/icons.tsx'

// Line icons in the style of components/icons.tsx (24×24, currentColor); always decorative.
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

function ShieldIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M12 3 5 6v5.5c0 4.3 2.9 8 7 9.5 4.1-1.5 7-5.2 7-9.5V6l-7-3Z" />
      <path d="m9 12 2 2 4-4" />
    </Icon>
  )
}

function StarIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" />
    </Icon>
  )
}

function ReturnIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </Icon>
  )
}

function PhoneIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M5 4h3.5l1.5 4-2 1.5a11 11 0 0 0 6.5 6.5l1.5-2 4 1.5V19a1.5 1.5 0 0 1-1.5 1.5C10.6 20.5 3.5 13.4 3.5 5.5A1.5 1.5 0 0 1 5 4Z" />
    </Icon>
  )
}

/** The icons a benefit tile may show (the `icon` select of the home template's benefits). */
export const BENEFIT_ICONS = {
  truck: TruckIcon,
  shield: ShieldIcon,
  star: StarIcon,
  glasses: GlassesIcon,
  return: ReturnIcon,
  phone: PhoneIcon,
} as const

export function BenefitIcon({ name, className }: { name: string; className?: string }) {
  const Chosen = Object.hasOwn(BENEFIT_ICONS, name)
    ? BENEFIT_ICONS[name as keyof typeof BENEFIT_ICONS]
    : StarIcon
  return <Chosen className={className} />
}
