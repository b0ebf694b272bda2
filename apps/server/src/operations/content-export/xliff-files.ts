import { XLIFF_IMPORT_MAX_UNITS, type XliffVersion } from '@optika/domain/operations/content-export'
import { isLocale, type Locale } from '@optika/i18n/locales'
import { AppError } from '../../platform/http/app-error.ts'

/** One element's texts in an XLIFF file: a `<file>` per element. */
export interface XliffFileInput {
  /** `document:12` / `object:34`. */
  readonly original: string
  /** The element's path, for the translator (a note). */
  readonly path: string
  readonly units: readonly {
    readonly id: string
    readonly name: string
    readonly source: string
    readonly target: string
  }[]
}

/** Escapes text for XML content and attribute values (quotes included). */
export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Characters XML 1.0 does not allow are dropped rather than written as an invalid file.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
  )
}

/** An XLIFF 1.2 or 2.0 document of the elements' units from `source` into `target`. */
export function writeXliff(
  version: XliffVersion,
  source: Locale,
  target: Locale,
  files: readonly XliffFileInput[],
): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>']
  if (version === '1.2') {
    lines.push('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">')
    for (const file of files) {
      lines.push(
        `  <file original="${escapeXml(file.original)}" source-language="${source}" target-language="${target}" datatype="html" tool-id="optika">`,
        `    <header><note>${escapeXml(file.path)}</note></header>`,
        '    <body>',
      )
      for (const unit of file.units) {
        lines.push(
          `      <trans-unit id="${escapeXml(unit.id)}" resname="${escapeXml(unit.name)}">`,
          `        <source xml:lang="${source}">${escapeXml(unit.source)}</source>`,
          `        <target xml:lang="${target}">${escapeXml(unit.target)}</target>`,
          '      </trans-unit>',
        )
      }
      lines.push('    </body>', '  </file>')
    }
  } else {
    lines.push(
      `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="${source}" trgLang="${target}">`,
    )
    for (const file of files) {
      lines.push(
        `  <file id="${escapeXml(file.original)}" original="${escapeXml(file.path)}">`,
        `    <notes><note>${escapeXml(file.path)}</note></notes>`,
      )
      for (const unit of file.units) {
        lines.push(
          `    <unit id="${escapeXml(unit.id)}" name="${escapeXml(unit.name)}">`,
          '      <segment>',
          `        <source>${escapeXml(unit.source)}</source>`,
          `        <target>${escapeXml(unit.target)}</target>`,
          '      </segment>',
          '    </unit>',
        )
      }
      lines.push('  </file>')
    }
  }
  lines.push('</xliff>', '')
  return lines.join('\n')
}

/** One translated unit of an uploaded file. */
export interface XliffUnit {
  readonly id: string
  readonly target: string
}

export interface ParsedXliff {
  readonly version: XliffVersion
  readonly source: Locale
  readonly target: Locale
  readonly units: readonly XliffUnit[]
}

function invalid(reason: string): AppError {
  return new AppError(400, 'XLIFF_INVALID', 'contentExport.xliffInvalid', { reason })
}

/**
 * Decodes XML character references and the five predefined entities in one pass (the parser
 * runs with entities off); CDATA sections are kept as written. Nothing else is expanded.
 */
function decodeXmlText(raw: string): string {
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) => {
      if (part.startsWith('<![CDATA[')) return part.slice(9, -3)
      return part.replace(
        /&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g,
        (all: string, name: string) => {
          switch (name) {
            case 'lt':
              return '<'
            case 'gt':
              return '>'
            case 'amp':
              return '&'
            case 'quot':
              return '"'
            case 'apos':
              return "'"
            default: {
              const code =
                name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
              return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all
            }
          }
        },
      )
    })
    .join('')
}

type Node = Record<string, unknown>
const attribute = (node: Node, name: string): string => {
  const value = node[name]
  return typeof value === 'string' ? value : ''
}
const asArray = (value: unknown): Node[] =>
  value === undefined || value === null
    ? []
    : (Array.isArray(value) ? value : [value]).filter(
        (v): v is Node => typeof v === 'object' && v !== null,
      )
const textOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null && typeof (value as Node)['#text'] === 'string'
      ? ((value as Node)['#text'] as string)
      : null

/**
 * Reads an uploaded XLIFF 1.2 or 2.0 file. Refused with a translated 400, before anything is
 * parsed: bytes that are not UTF-8, a DOCTYPE or an ENTITY declaration (XXE, billion laughs),
 * XML that is not well-formed; after: another root, unknown languages, a file mixing languages,
 * more than XLIFF_IMPORT_MAX_UNITS units. A unit without a target is left out.
 */
export async function parseXliff(bytes: Buffer): Promise<ParsedXliff> {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw new AppError(400, 'XLIFF_ENCODING', 'contentExport.xliffEncoding')
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new AppError(400, 'XLIFF_DOCTYPE', 'contentExport.xliffDoctype')
  }
  const { XMLParser, XMLValidator } = await import('fast-xml-parser')
  const valid = XMLValidator.validate(text)
  if (valid !== true) throw invalid(valid.err.msg)
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    stopNodes: ['*.source', '*.target'],
  })
  const document = parser.parse(text) as Node
  const root = asArray(document.xliff)[0]
  if (!root) throw invalid('no <xliff> root')
  const version = attribute(root, '@_version')
  if (version !== '1.2' && version !== '2.0') throw invalid(`version ${version}`)
  const units: XliffUnit[] = []
  const languages = { source: new Set<string>(), target: new Set<string>() }
  const push = (id: unknown, target: unknown) => {
    const raw = textOf(target)
    if (typeof id !== 'string' || raw === null) return
    units.push({ id, target: decodeXmlText(raw) })
    if (units.length > XLIFF_IMPORT_MAX_UNITS) {
      throw new AppError(400, 'XLIFF_TOO_LARGE', 'contentExport.xliffTooManyUnits', {
        max: XLIFF_IMPORT_MAX_UNITS,
      })
    }
  }
  if (version === '1.2') {
    for (const file of asArray(root.file)) {
      languages.source.add(attribute(file, '@_source-language'))
      languages.target.add(attribute(file, '@_target-language'))
      const walk = (container: Node) => {
        for (const unit of asArray(container['trans-unit'])) push(unit['@_id'], unit.target)
        for (const group of asArray(container.group)) walk(group)
      }
      for (const body of asArray(file.body)) walk(body)
    }
  } else {
    languages.source.add(attribute(root, '@_srcLang'))
    languages.target.add(attribute(root, '@_trgLang'))
    const walk = (container: Node) => {
      for (const unit of asArray(container.unit)) {
        const segments = asArray(unit.segment)
        // A unit split into several segments is joined back in order.
        const targets = segments.map((s) => textOf(s.target))
        if (targets.length > 0 && targets.every((t) => t !== null))
          push(unit['@_id'], targets.join(''))
      }
      for (const group of asArray(container.group)) walk(group)
    }
    for (const file of asArray(root.file)) walk(file)
  }
  // `en-GB` and `EN` stand for the shop's `en`.
  const base = (values: Set<string>) => [
    ...new Set([...values].map((l) => l.split(/[-_]/)[0]!.toLowerCase())),
  ]
  const [source, ...otherSources] = base(languages.source)
  const [target, ...otherTargets] = base(languages.target)
  if (otherSources.length > 0 || otherTargets.length > 0) throw invalid('mixed languages')
  if (!isLocale(source) || !isLocale(target)) {
    throw new AppError(400, 'XLIFF_LANGUAGE', 'contentExport.xliffLanguage', {
      source: source ?? '',
      target: target ?? '',
    })
  }
  return { version, source, target, units }
}
