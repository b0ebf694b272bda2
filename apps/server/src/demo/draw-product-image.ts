import type {
  FRAME_SHAPES,
  FRAME_TYPES,
  SPARE_PART_KINDS,
} from '@optika/domain/catalogue/product-data'
import {
  demoColor,
  lensTint,
  type DemoColor,
  type DemoColorKey,
  type LensTintKey,
} from './demo-colors.ts'

export type FrameShape = (typeof FRAME_SHAPES)[number]
export type FrameType = (typeof FRAME_TYPES)[number]
export type SparePartKind = (typeof SPARE_PART_KINDS)[number]
export const OPTICS_KINDS = ['readingMagnifier', 'loupe', 'binocularMagnifier'] as const
export type OpticsKind = (typeof OPTICS_KINDS)[number]
export type ImageView = 'front' | 'angle'

/** One product picture; products that look alike share it (see productImageFileName). */
export type ProductImageSpec =
  | { kind: 'frame'; shape: FrameShape; frameType: FrameType; color: DemoColorKey; view: ImageView }
  | {
      kind: 'sunglasses'
      shape: FrameShape
      frameType: FrameType
      color: DemoColorKey
      lens: LensTintKey
      view: ImageView
    }
  | { kind: 'optics'; optics: OpticsKind; color: DemoColorKey }
  | { kind: 'sparePart'; part: SparePartKind; color: DemoColorKey }

export const PRODUCT_IMAGE_WIDTH = 960
export const PRODUCT_IMAGE_HEIGHT = 480

function kebab(value: string): string {
  return value.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()
}

/**
 * The file name is the picture's identity: `frame-round-black.webp`, `frame-round-halfrim-gold-angle.webp`,
 * `sunglasses-aviator-gold-green.webp`, `optics-loupe-silver.webp`, `spare-part-screw-silver.webp`.
 * Full rim and the front view are the defaults and are left out of the name.
 */
export function productImageFileName(spec: ProductImageSpec): string {
  const parts: string[] = []
  switch (spec.kind) {
    case 'frame':
    case 'sunglasses':
      parts.push(spec.kind, spec.shape)
      if (spec.frameType !== 'fullRim') parts.push(spec.frameType)
      parts.push(spec.color)
      if (spec.kind === 'sunglasses') parts.push(spec.lens)
      if (spec.view === 'angle') parts.push('angle')
      break
    case 'optics':
      parts.push('optics', spec.optics, spec.color)
      break
    case 'sparePart':
      parts.push('spare-part', spec.part, spec.color)
      break
  }
  return `${parts.map(kebab).join('-')}.webp`
}

// ---------------------------------------------------------------------------------------------
// Paint

/** Mixes a #rrggbb colour towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16)
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) =>
    Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)),
  )
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`
}

/** Gradients and patterns one picture needs; `fill` is what a rim or housing is painted with. */
function paintFor(color: DemoColor, id: string): { defs: string; fill: string; edge: string } {
  switch (color.finish) {
    case 'metal':
      return {
        defs: `<linearGradient id="${id}" x1="0" y1="90" x2="0" y2="390" gradientUnits="userSpaceOnUse">
  <stop offset="0" stop-color="${shade(color.css, 0.3)}"/><stop offset=".25" stop-color="${color.css}"/>
  <stop offset=".5" stop-color="${shade(color.css, -0.3)}"/><stop offset=".75" stop-color="${shade(color.css, 0.15)}"/>
  <stop offset="1" stop-color="${shade(color.css, -0.25)}"/></linearGradient>`,
        fill: `url(#${id})`,
        edge: shade(color.css, -0.45),
      }
    case 'tortoise':
      return {
        // Overlapping translucent blotches of dark and amber read as tortoiseshell, not as spots.
        defs: `<pattern id="${id}" width="96" height="72" patternUnits="userSpaceOnUse" patternTransform="rotate(-24)">
  <rect width="96" height="72" fill="#8a5426"/>
  <ellipse cx="20" cy="16" rx="26" ry="14" fill="#3a1d0a" opacity=".55"/>
  <ellipse cx="66" cy="40" rx="30" ry="16" fill="#4a260e" opacity=".6"/>
  <ellipse cx="28" cy="56" rx="22" ry="10" fill="#2c1607" opacity=".5"/>
  <ellipse cx="80" cy="10" rx="16" ry="9" fill="#c7893e" opacity=".45"/>
  <ellipse cx="46" cy="30" rx="12" ry="7" fill="#d89b4c" opacity=".4"/>
  <ellipse cx="8" cy="40" rx="10" ry="6" fill="#b8783a" opacity=".45"/>
  <ellipse cx="90" cy="62" rx="14" ry="8" fill="#2c1607" opacity=".45"/></pattern>`,
        fill: `url(#${id})`,
        edge: '#3a210f',
      }
    case 'crystal':
      return { defs: '', fill: 'rgba(214,226,234,0.82)', edge: '#9fb1bd' }
    case 'acetate':
      return { defs: '', fill: color.css, edge: shade(color.css, -0.4) }
  }
}

// ---------------------------------------------------------------------------------------------
// Frames

interface LensOutline {
  /** Outline of the viewer's right lens, centred on (0, 0), nose side towards negative x. */
  d: string
  /** Where the bridge meets the rim and where the hinge sits. */
  nasal: readonly [number, number]
  outer: readonly [number, number]
}

const LENS_OUTLINES: Record<FrameShape, LensOutline> = {
  round: {
    d: 'M -128 0 A 128 128 0 1 0 128 0 A 128 128 0 1 0 -128 0 Z',
    nasal: [-121, -42],
    outer: [121, -42],
  },
  oval: {
    d: 'M -150 0 A 150 100 0 1 0 150 0 A 150 100 0 1 0 -150 0 Z',
    nasal: [-140, -36],
    outer: [140, -36],
  },
  rectangle: {
    d: 'M -118 -76 L 118 -76 Q 150 -76 150 -44 L 150 30 Q 150 76 104 76 L -104 76 Q -150 76 -150 30 L -150 -44 Q -150 -76 -118 -76 Z',
    nasal: [-150, -38],
    outer: [150, -40],
  },
  square: {
    d: 'M -92 -108 L 92 -108 Q 138 -108 138 -62 L 138 58 Q 138 108 88 108 L -88 108 Q -138 108 -138 58 L -138 -62 Q -138 -108 -92 -108 Z',
    nasal: [-138, -48],
    outer: [138, -52],
  },
  catEye: {
    d: 'M -142 -46 C -134 -90 -40 -92 40 -92 C 104 -92 140 -106 166 -120 C 170 -60 152 8 112 56 C 72 100 -36 104 -98 80 C -140 62 -150 -8 -142 -46 Z',
    nasal: [-142, -40],
    outer: [160, -92],
  },
  aviator: {
    d: 'M -140 -84 C -70 -98 90 -102 148 -86 C 180 -50 168 30 120 86 C 74 134 -28 140 -92 104 C -146 70 -162 -30 -140 -84 Z',
    nasal: [-150, -50],
    outer: [160, -70],
  },
  browline: {
    d: 'M -146 -72 L 146 -72 C 154 -20 142 40 102 72 C 62 100 -62 100 -104 72 C -142 44 -154 -20 -146 -72 Z',
    nasal: [-148, -50],
    outer: [150, -58],
  },
  geometric: {
    d: 'M -96 -100 L 96 -100 L 150 -44 L 150 38 L 100 100 L -100 100 L -150 38 L -150 -44 Z',
    nasal: [-150, -34],
    outer: [150, -34],
  },
}

const LENS_CENTRE_X = 665
const LENS_CENTRE_Y = 228
/** x of the face's centre line in lens-local coordinates. */
const MID_X = PRODUCT_IMAGE_WIDTH / 2 - LENS_CENTRE_X

interface FrameDrawing {
  shape: FrameShape
  frameType: FrameType
  color: DemoColor
  /** Lens paint: clear glass for frames, a tint for sunglasses. */
  lens: { top: string; bottom: string; opacity: number; mirror: boolean } | null
  /** Binocular magnifiers carry loupe tubes on the lenses. */
  loupes?: boolean
}

/** Draws the whole front (both halves) of a pair of glasses in canvas coordinates. */
function drawFrameFront(frame: FrameDrawing, id: string): { defs: string; body: string } {
  const outline = LENS_OUTLINES[frame.shape]
  const paint = paintFor(frame.color, `${id}-paint`)
  const metal = frame.color.finish === 'metal'
  const rim = metal ? 9 : 20
  const [nx, ny] = outline.nasal
  const [ox, oy] = outline.outer
  const defs: string[] = [paint.defs]
  defs.push(`<clipPath id="${id}-lens"><path d="${outline.d}"/></clipPath>`)
  defs.push(
    `<clipPath id="${id}-top"><rect x="-220" y="-220" width="440" height="${220 - 6}"/></clipPath>`,
  )

  let lensFill: string
  if (frame.lens) {
    defs.push(`<linearGradient id="${id}-tint" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="${frame.lens.top}"/><stop offset="1" stop-color="${frame.lens.bottom}"/></linearGradient>`)
    lensFill = `fill="url(#${id}-tint)" fill-opacity="${frame.lens.opacity}"`
  } else {
    lensFill = 'fill="#eef5f9" fill-opacity=".55"'
  }
  const reflection = frame.lens?.mirror
    ? `<path d="M -200 -40 L 200 -160 L 200 -110 L -200 10 Z" fill="#b9d4ff" opacity=".35"/>
       <path d="M -60 -140 L 10 -140 L -90 140 L -160 140 Z" fill="#fff" opacity=".28"/>`
    : `<path d="M -40 -140 L 30 -140 L -70 140 L -140 140 Z" fill="#fff" opacity="${frame.lens ? 0.16 : 0.5}"/>
       <path d="M 50 -140 L 74 -140 L -26 140 L -50 140 Z" fill="#fff" opacity="${frame.lens ? 0.1 : 0.35}"/>`

  const half: string[] = []
  // Lens with its reflections, clipped to the outline.
  half.push(`<path d="${outline.d}" ${lensFill}/>`)
  half.push(`<g clip-path="url(#${id}-lens)">${reflection}</g>`)
  if (frame.loupes) {
    half.push(`<circle cx="-10" cy="6" r="62" fill="#1b1d21"/><circle cx="-10" cy="6" r="52" fill="#3a4048"/>
      <circle cx="-10" cy="6" r="40" fill="#9fc3dc"/><circle cx="-22" cy="-8" r="12" fill="#fff" opacity=".55"/>`)
  }

  // Bridge (and the aviator's top bar), drawn as half and mirrored with the rest.
  const bridge = `M ${nx} ${ny} C ${nx - 16} ${ny - 30} ${MID_X + 20} ${ny - 36} ${MID_X} ${ny - 36}`
  if (frame.frameType === 'rimless') {
    half.push(
      `<path d="${bridge}" fill="none" stroke="${paint.fill}" stroke-width="7" stroke-linecap="round"/>`,
    )
  } else {
    half.push(`<path d="${bridge}" fill="none" stroke="${paint.edge}" stroke-width="${rim + 3}"/>`)
    half.push(`<path d="${bridge}" fill="none" stroke="${paint.fill}" stroke-width="${rim}"/>`)
  }
  if (frame.shape === 'aviator') {
    const top = `M -120 -92 C -150 -104 ${MID_X + 30} -106 ${MID_X} -106`
    half.push(`<path d="${top}" fill="none" stroke="${paint.fill}" stroke-width="7"/>`)
  }

  // Rim.
  switch (frame.frameType) {
    case 'fullRim':
      half.push(
        `<path d="${outline.d}" fill="none" stroke="${paint.edge}" stroke-width="${rim + 3}"/>`,
      )
      half.push(`<path d="${outline.d}" fill="none" stroke="${paint.fill}" stroke-width="${rim}"/>`)
      break
    case 'halfRim':
      half.push(`<path d="${outline.d}" fill="none" stroke="#aab2b9" stroke-width="2"/>`)
      half.push(
        `<g clip-path="url(#${id}-top)"><path d="${outline.d}" fill="none" stroke="${paint.edge}" stroke-width="${rim + 5}"/>` +
          `<path d="${outline.d}" fill="none" stroke="${paint.fill}" stroke-width="${rim + 2}"/></g>`,
      )
      break
    case 'rimless':
      half.push(`<path d="${outline.d}" fill="none" stroke="#97a3ad" stroke-width="3"/>`)
      half.push(
        `<rect x="${nx - 4}" y="${ny - 8}" width="16" height="16" rx="4" fill="${paint.fill}"/>`,
      )
      break
  }
  if (frame.shape === 'browline' && frame.frameType !== 'rimless') {
    // The brow bar is acetate even on metal rims; that is the point of the style.
    const brow = `M -158 -54 C -160 -102 156 -106 166 -60 L 160 -36 C 100 -50 -100 -48 -154 -30 Z`
    half.push(
      `<path d="${brow}" fill="${metal ? '#1d1d1f' : paint.fill}" stroke="${paint.edge}" stroke-width="2"/>`,
    )
  }
  if (!frame.lens && frame.frameType !== 'rimless') {
    // Sheen on acetate rims: a thin light line along the top edge.
    half.push(
      `<g clip-path="url(#${id}-top)"><path d="${outline.d}" fill="none" stroke="#fff" stroke-opacity="${metal ? 0.25 : 0.18}" stroke-width="3" transform="translate(0 -4)"/></g>`,
    )
  }

  // Nose pads on metal fronts.
  if (metal) {
    half.push(
      `<path d="M ${nx + 2} ${ny + 12} C ${nx + 12} ${ny + 26} ${nx + 14} ${ny + 38} ${nx + 14} ${ny + 48}" fill="none" stroke="${paint.fill}" stroke-width="3"/>`,
    )
    half.push(
      `<ellipse cx="${nx + 14}" cy="${ny + 66}" rx="9" ry="18" fill="#f4f7f9" fill-opacity=".75" stroke="#a9b4bd" stroke-width="1.5"/>`,
    )
  }

  // Endpiece, hinge and the stub of the temple.
  const end = metal || frame.frameType === 'rimless'
  half.push(
    `<path d="M ${ox - 6} ${oy - (end ? 7 : 14)} L ${ox + 30} ${oy - (end ? 8 : 12)} Q ${ox + 38} ${oy} ${ox + 30} ${oy + (end ? 8 : 12)} L ${ox - 6} ${oy + (end ? 7 : 14)} Z" fill="${paint.fill}" stroke="${paint.edge}" stroke-width="1.5"/>`,
  )
  half.push(
    `<rect x="${ox + 28}" y="${oy - 5}" width="18" height="10" rx="3" fill="${shade('#aeb4bb', -0.1)}"/>`,
  )

  const body = `<g id="${id}-half" transform="translate(${LENS_CENTRE_X} ${LENS_CENTRE_Y})">${half.join('')}</g>
<use href="#${id}-half" transform="translate(${PRODUCT_IMAGE_WIDTH} 0) scale(-1 1)"/>`
  return { defs: defs.join(''), body }
}

function drawTemple(frame: FrameDrawing, id: string, from: readonly [number, number]): string {
  const paint = paintFor(frame.color, `${id}-temple-paint`)
  const metal = frame.color.finish === 'metal'
  const [x, y] = from
  const arm = `M ${x} ${y} L ${x + 150} ${y - 34} C ${x + 176} ${y - 40} ${x + 196} ${y - 20} ${x + 200} ${y + 36}`
  return `${paint.defs}
<path d="${arm}" fill="none" stroke="${paint.edge}" stroke-width="${metal ? 8 : 17}" stroke-linecap="round"/>
<path d="${arm}" fill="none" stroke="${paint.fill}" stroke-width="${metal ? 5 : 14}" stroke-linecap="round"/>
${metal ? `<path d="M ${x + 150} ${y - 34} C ${x + 176} ${y - 40} ${x + 196} ${y - 20} ${x + 200} ${y + 36}" fill="none" stroke="#2a2b2e" stroke-width="11" stroke-linecap="round"/>` : ''}`
}

function drawGlasses(
  spec: Extract<ProductImageSpec, { kind: 'frame' | 'sunglasses' }>,
  loupes = false,
): { defs: string; body: string } {
  const color = demoColor(spec.color)
  let lens: FrameDrawing['lens'] = null
  if (spec.kind === 'sunglasses') {
    const tint = lensTint(spec.lens)
    lens = { top: tint.top, bottom: tint.bottom, opacity: 0.94, mirror: tint.mirror }
  }
  const frame: FrameDrawing = { shape: spec.shape, frameType: spec.frameType, color, lens, loupes }
  const front = drawFrameFront(frame, 'f')
  if (spec.view === 'front') return front
  // A three-quarter view: the front squeezed and sheared, the near temple running back from its hinge.
  const [ox, oy] = LENS_OUTLINES[spec.shape].outer
  const hingeX = LENS_CENTRE_X + ox + 40
  const hingeY = LENS_CENTRE_Y + oy
  const a = 0.7
  const b = 0.07
  const tx = 40
  const ty = 10
  const hinge = [tx + a * hingeX, ty + b * hingeX + hingeY] as const
  return {
    defs: front.defs,
    body: `<g transform="matrix(${a} ${b} 0 1 ${tx} ${ty})">${front.body}</g>${drawTemple(frame, 't', hinge)}`,
  }
}

// ---------------------------------------------------------------------------------------------
// Optics

function drawOptics(spec: Extract<ProductImageSpec, { kind: 'optics' }>): {
  defs: string
  body: string
} {
  const color = demoColor(spec.color)
  const paint = paintFor(color, 'housing')
  const glass = `<radialGradient id="glass" cx=".4" cy=".35" r=".75">
  <stop offset="0" stop-color="#ffffff" stop-opacity=".95"/><stop offset=".65" stop-color="#e4f0f7" stop-opacity=".75"/>
  <stop offset="1" stop-color="#b6d2e3" stop-opacity=".85"/></radialGradient>`
  switch (spec.optics) {
    case 'readingMagnifier':
      return {
        defs: paint.defs + glass,
        body: `<g transform="rotate(-28 480 240)">
  <rect x="560" y="214" width="300" height="52" rx="26" fill="${paint.fill}" stroke="${paint.edge}" stroke-width="3"/>
  <rect x="578" y="232" width="250" height="8" rx="4" fill="#fff" opacity=".22"/>
  <rect x="520" y="222" width="60" height="36" rx="8" fill="#8d949b"/>
  <circle cx="380" cy="240" r="170" fill="${paint.fill}" stroke="${paint.edge}" stroke-width="3"/>
  <circle cx="380" cy="240" r="150" fill="url(#glass)"/>
  <path d="M 290 150 A 130 130 0 0 1 420 110" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity=".75"/>
</g>`,
      }
    case 'loupe':
      return {
        defs: paint.defs + glass,
        body: `<rect x="170" y="150" width="360" height="190" rx="60" fill="${paint.fill}" stroke="${paint.edge}" stroke-width="3"/>
  <rect x="200" y="170" width="300" height="14" rx="7" fill="#fff" opacity=".2"/>
  <circle cx="520" cy="245" r="34" fill="#8d949b" stroke="#5d636a" stroke-width="3"/>
  <circle cx="650" cy="245" r="132" fill="#9aa2aa" stroke="#5d636a" stroke-width="4"/>
  <circle cx="650" cy="245" r="112" fill="url(#glass)"/>
  <path d="M 580 190 A 90 90 0 0 1 660 150" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".8"/>
  <circle cx="520" cy="245" r="10" fill="#5d636a"/>`,
      }
    case 'binocularMagnifier':
      return drawGlasses(
        {
          kind: 'frame',
          shape: 'rectangle',
          frameType: 'fullRim',
          color: spec.color,
          view: 'front',
        },
        true,
      )
  }
}

// ---------------------------------------------------------------------------------------------
// Spare parts

function drawSparePart(spec: Extract<ProductImageSpec, { kind: 'sparePart' }>): {
  defs: string
  body: string
} {
  const color = demoColor(spec.color)
  const paint = paintFor(color, 'part')
  const metal = color.finish === 'metal'
  switch (spec.part) {
    case 'temple': {
      const arm = 'M 150 200 L 690 214 C 760 216 820 250 850 330'
      const pair = (dy: number) => `<g transform="translate(0 ${dy})">
  <rect x="96" y="${metal ? 190 : 184}" width="64" height="${metal ? 20 : 32}" rx="6" fill="${paint.fill}" stroke="${paint.edge}" stroke-width="2"/>
  <rect x="80" y="194" width="22" height="12" rx="4" fill="#9aa2aa"/>
  <path d="${arm}" fill="none" stroke="${paint.edge}" stroke-width="${metal ? 10 : 24}" stroke-linecap="round"/>
  <path d="${arm}" fill="none" stroke="${paint.fill}" stroke-width="${metal ? 7 : 20}" stroke-linecap="round"/>
  ${metal ? '<path d="M 690 214 C 760 216 820 250 850 330" fill="none" stroke="#2a2b2e" stroke-width="14" stroke-linecap="round"/>' : ''}
  <path d="M 200 ${metal ? 197 : 194} L 660 ${metal ? 209 : 206}" stroke="#fff" stroke-opacity=".25" stroke-width="3"/></g>`
      return { defs: paint.defs, body: pair(-40) + pair(60) }
    }
    case 'nosePad': {
      const pad = (
        cx: number,
        flip: number,
      ) => `<g transform="translate(${cx} 250) scale(${flip} 1)">
  <path d="M -10 -150 L -10 -110 C -10 -96 6 -90 14 -84" fill="none" stroke="${paint.fill}" stroke-width="8" stroke-linecap="round"/>
  <rect x="-4" y="-96" width="36" height="24" rx="5" fill="${paint.fill}" stroke="${paint.edge}" stroke-width="2"/>
  <path d="M 12 -70 C 64 -70 80 10 60 70 C 44 112 -14 112 -26 60 C -40 0 -28 -70 12 -70 Z" fill="#eef4f7" fill-opacity=".75" stroke="#aeb8c0" stroke-width="3"/>
  <path d="M 6 -50 C 30 -48 44 -10 40 30" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" opacity=".9"/></g>`
      return { defs: paint.defs, body: pad(360, -1) + pad(600, 1) }
    }
    case 'screw': {
      const screw = (x: number, y: number, length: number) => {
        const threads: string[] = []
        for (let i = 0; i < length; i += 16) {
          threads.push(`M ${x + 70 + i} ${y - 20} L ${x + 82 + i} ${y + 20}`)
        }
        return `<rect x="${x + 60}" y="${y - 20}" width="${length + 20}" height="40" rx="8" fill="${paint.fill}" stroke="${paint.edge}" stroke-width="2"/>
  <path d="${threads.join(' ')}" stroke="${paint.edge}" stroke-width="3" opacity=".7"/>
  <path d="M ${x} ${y - 46} Q ${x + 70} ${y - 50} ${x + 70} ${y} Q ${x + 70} ${y + 50} ${x} ${y + 46} Z" fill="${paint.fill}" stroke="${paint.edge}" stroke-width="2"/>
  <rect x="${x + 8}" y="${y - 6}" width="44" height="12" rx="3" fill="${paint.edge}"/>
  <path d="M ${x + 10} ${y - 34} Q ${x + 56} ${y - 34} ${x + 60} ${y - 12}" fill="none" stroke="#fff" stroke-width="5" opacity=".45" stroke-linecap="round"/>`
      }
      return {
        defs: paint.defs,
        body: screw(150, 130, 420) + screw(240, 250, 300) + screw(330, 370, 200),
      }
    }
    case 'case':
      return {
        defs:
          paint.defs +
          `<linearGradient id="gloss" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".18"/></linearGradient>`,
        body: `<rect x="130" y="120" width="700" height="250" rx="125" fill="${paint.fill}" stroke="${paint.edge}" stroke-width="3"/>
  <rect x="130" y="120" width="700" height="250" rx="125" fill="url(#gloss)"/>
  <path d="M 140 240 L 820 240" stroke="${paint.edge}" stroke-width="3" opacity=".8"/>
  <rect x="440" y="228" width="80" height="24" rx="6" fill="#b9bfc6" stroke="#7d848b" stroke-width="2"/>`,
      }
    case 'cloth': {
      const stripes: string[] = []
      for (let i = 0; i < 12; i++) stripes.push(`M ${250 + i * 40} 90 L ${250 + i * 40} 400`)
      return {
        defs:
          paint.defs +
          '<clipPath id="cloth"><path d="M 250 90 L 710 90 L 710 300 L 600 400 L 250 400 Z"/></clipPath>',
        body: `<g transform="rotate(-6 480 245)">
  <path d="M 250 90 L 710 90 L 710 300 L 600 400 L 250 400 Z" fill="${paint.fill}" stroke="${paint.edge}" stroke-width="2"/>
  <g clip-path="url(#cloth)"><path d="${stripes.join(' ')}" stroke="#fff" stroke-opacity=".12" stroke-width="14"/></g>
  <path d="M 710 300 L 620 310 L 600 400 Z" fill="${shade(color.css, 0.3)}" stroke="${paint.edge}" stroke-width="2"/>
  <rect x="290" y="330" width="140" height="28" rx="4" fill="#fff" opacity=".3"/></g>`,
      }
    }
  }
}

/** Draws a product picture as SVG: transparent background, a soft shadow, the item centred. */
export function drawProductImage(spec: ProductImageSpec): string {
  let drawing: { defs: string; body: string }
  switch (spec.kind) {
    case 'frame':
    case 'sunglasses':
      drawing = drawGlasses(spec)
      break
    case 'optics':
      drawing = drawOptics(spec)
      break
    case 'sparePart':
      drawing = drawSparePart(spec)
      break
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${PRODUCT_IMAGE_WIDTH}" height="${PRODUCT_IMAGE_HEIGHT}" viewBox="0 0 ${PRODUCT_IMAGE_WIDTH} ${PRODUCT_IMAGE_HEIGHT}">
<defs><radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity=".16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>${drawing.defs}</defs>
<ellipse cx="480" cy="428" rx="380" ry="22" fill="url(#shadow)"/>
${drawing.body}
</svg>`
}
