import type { CSSProperties } from 'react'

/**
 * The back office's icons: inline SVG outlines in the style of Tabler Icons (MIT), drawn with
 * the text colour. SVG, not emoji: emoji need a colour-emoji font, and where none is installed
 * they render as empty boxes. Decorative unless given a `label` (then they are an image with
 * that name).
 */
interface IconProps {
  /** Edge length; defaults to the text's size. */
  size?: number | string
  label?: string
  style?: CSSProperties
}

function Icon({ size = '1.1em', label, style, paths }: IconProps & { paths: readonly string[] }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      style={{ flex: 'none', verticalAlign: '-0.15em', ...style }}
      focusable="false"
      {...(label === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}

const FOLDER = [
  'M5 4h4l3 3h7a2 2 0 0 1 2 2v8a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-11a2 2 0 0 1 2 -2',
]
const FILE = [
  'M14 3v4a1 1 0 0 0 1 1h4',
  'M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2z',
]
const PALETTE = [
  'M12 21a9 9 0 0 1 0 -18c4.97 0 9 3.582 9 8c0 1.06 -.474 2.078 -1.318 2.828c-.844 .75 -1.989 1.172 -3.182 1.172h-2.5a2 2 0 0 0 -1 3.75a1.3 1.3 0 0 1 -1 2.25',
  'M7.5 10.5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M11.5 7.5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M15.5 10.5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
]
const LOCK = [
  'M5 13a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v6a2 2 0 0 1 -2 2h-10a2 2 0 0 1 -2 -2v-6z',
  'M11 16a1 1 0 1 0 2 0a1 1 0 0 0 -2 0',
  'M8 11v-4a4 4 0 1 1 8 0v4',
]
const ALERT_TRIANGLE = [
  'M12 9v4',
  'M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0z',
  'M12 16h.01',
]
const CHEVRON_RIGHT = ['M9 6l6 6l-6 6']
const CHEVRON_DOWN = ['M6 9l6 6l6 -6']
const DOTS = [
  'M4 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M11 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M18 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
]

export function FolderIcon(props: IconProps) {
  return <Icon {...props} paths={FOLDER} />
}

export function FileIcon(props: IconProps) {
  return <Icon {...props} paths={FILE} />
}

export function PaletteIcon(props: IconProps) {
  return <Icon {...props} paths={PALETTE} />
}

export function LockIcon(props: IconProps) {
  return <Icon {...props} paths={LOCK} />
}

export function WarningIcon(props: IconProps) {
  return <Icon {...props} paths={ALERT_TRIANGLE} />
}

export function ChevronRightIcon(props: IconProps) {
  return <Icon {...props} paths={CHEVRON_RIGHT} />
}

export function ChevronDownIcon(props: IconProps) {
  return <Icon {...props} paths={CHEVRON_DOWN} />
}

export function DotsIcon(props: IconProps) {
  return <Icon {...props} paths={DOTS} />
}

const GRIP_VERTICAL = [
  'M9 5m-1 0a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M9 12m-1 0a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M9 19m-1 0a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M15 5m-1 0a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M15 12m-1 0a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M15 19m-1 0a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
]

/** A drag handle's grip (dashboard widgets). */
export function GripIcon(props: IconProps) {
  return <Icon {...props} paths={GRIP_VERTICAL} />
}
