import type { ReactNode, SVGProps } from 'react'
import { GlassesIcon, TruckIcon } from '../../components/icons.tsx'

// The home page's benefit icons, by the names the `home` template's select offers
// (templates.ts: truck, shield, star, glasses, return, phone); decorative line icons.
function LineIcon({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
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

export function BenefitIcon({
  name,
  ...props
}: SVGProps<SVGSVGElement> & { name: string }): ReactNode {
  switch (name) {
    case 'truck':
      return <TruckIcon {...props} />
    case 'glasses':
      return <GlassesIcon {...props} />
    case 'shield':
      return (
        <LineIcon {...props}>
          <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6z" />
          <path d="m9 12 2 2 4-4" />
        </LineIcon>
      )
    case 'star':
      return (
        <LineIcon {...props}>
          <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8L3.5 9.7l5.9-.9z" />
        </LineIcon>
      )
    case 'return':
      return (
        <LineIcon {...props}>
          <path d="M9 14 4 9l5-5" />
          <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
        </LineIcon>
      )
    case 'phone':
      return (
        <LineIcon {...props}>
          <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
        </LineIcon>
      )
    default:
      return null
  }
}
