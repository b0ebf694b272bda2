import sanitizeHtml from 'sanitize-html'
import { AppError } from '../../platform/http/app-error.ts'

/** Why an SVG is refused: each is a way for a picture to run code or reach outside itself. */
export type SvgHazard =
  'script' | 'eventHandler' | 'externalReference' | 'foreignContent' | 'entity'

/** Elements that run code or embed other documents. */
const ACTIVE_ELEMENTS = new Set(['script', 'handler', 'listener'])
const FOREIGN_ELEMENTS = new Set(['foreignobject', 'iframe', 'embed', 'object', 'audio', 'video'])
/** A reference that stays inside the picture: a fragment, or an inline raster image. */
const LOCAL_REFERENCE = /^\s*(?:#|data:image\/(?:png|jpeg|gif|webp);base64,)/i
const URL_FUNCTION = /url\s*\(\s*(['"]?)\s*([^'")\s]*)/gi

function hasExternalUrl(css: string): boolean {
  for (const match of css.matchAll(URL_FUNCTION)) {
    if (!LOCAL_REFERENCE.test(match[2] ?? '')) return true
  }
  return /@import/i.test(css)
}

/**
 * Every hazard in an SVG document: scripts, event handlers, `javascript:` links, references
 * to anything outside the file (links, `url(…)`, `@import`, stylesheets), embedded HTML and
 * entity declarations (XXE, "billion laughs"). Read both from the raw text and from the parsed
 * elements, so neither entity-encoding nor odd spacing hides one.
 */
export function findSvgHazards(svg: string): Set<SvgHazard> {
  const hazards = new Set<SvgHazard>()
  if (/<!ENTITY/i.test(svg) || /<!DOCTYPE[^>]*\[/i.test(svg)) hazards.add('entity')
  if (/<\s*script/i.test(svg) || /javascript\s*:/i.test(svg)) hazards.add('script')
  if (/<\?xml-stylesheet/i.test(svg)) hazards.add('externalReference')
  if (/<\s*foreignObject/i.test(svg)) hazards.add('foreignContent')
  sanitizeHtml(svg, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    parser: { xmlMode: true, decodeEntities: true },
    // The raw attributes, before sanitize-html drops any it deems unsafe.
    onOpenTag(name, attribs) {
      const tag = name.toLowerCase().replace(/^.*:/, '')
      if (ACTIVE_ELEMENTS.has(tag)) hazards.add('script')
      if (FOREIGN_ELEMENTS.has(tag)) hazards.add('foreignContent')
      for (const [rawName, rawValue] of Object.entries(attribs)) {
        const attribute = rawName.toLowerCase()
        const value = String(rawValue)
        if (attribute.startsWith('on')) hazards.add('eventHandler')
        if (/^(?:javascript|vbscript):/i.test(value.replace(/[\s\p{Cc}]/gu, ''))) {
          hazards.add('script')
        }
        const local = attribute.replace(/^.*:/, '')
        if ((local === 'href' || local === 'src') && !LOCAL_REFERENCE.test(value)) {
          hazards.add('externalReference')
        }
        if (hasExternalUrl(value)) hazards.add('externalReference')
      }
    },
    exclusiveFilter(frame) {
      if (frame.tag.toLowerCase() === 'style' && hasExternalUrl(frame.text)) {
        hazards.add('externalReference')
      }
      return false
    },
  })
  return hazards
}

/** Refuses an SVG with any hazard (422, naming the first), so only inert pictures are stored. */
export function assertSafeSvg(svg: string): void {
  const [hazard] = findSvgHazards(svg)
  if (hazard) {
    throw new AppError(422, 'SVG_UNSAFE', `assetUpload.svgUnsafe.${hazard}`)
  }
}
