import { describe, expect, it, vi } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { catalogue } from '@optika/i18n/catalogue'
import type { ActiveFilterEntry, FilterView } from '@optika/domain/catalogue/product-list-api'
import type { FilterState } from '@optika/domain/catalogue/filter-codec'
import { I18nProvider } from '../../../i18n/i18n-provider.tsx'
import { FilterPanel } from './filter-panel.tsx'

const english = Object.fromEntries(Object.entries(catalogue).map(([key, texts]) => [key, texts.en]))

const brand: FilterView = {
  name: 'brand',
  title: 'Brand',
  type: 'multiselect',
  column: 'brand',
  values: [
    { key: 'rayban', name: 'Ray-Ban', icon: null, count: 4 },
    { key: 'oakley', name: 'Oakley', icon: null, count: 0 },
  ],
  selectedValues: [],
  value: '',
}
const model: FilterView = {
  name: 'model',
  title: 'Search by model',
  type: 'text',
  column: 'model',
  values: [],
  selectedValues: [],
  value: '',
  searchType: 'all',
}
const lensWidth: FilterView = {
  name: 'lensWidth',
  title: 'Lens width',
  type: 'range',
  column: 'lensWidth',
  values: [],
  selectedValues: [],
  value: '',
  range: { min: 0, max: 62 },
  unit: 'mm',
}

/** The panel as the server renders it (the first paint, before any script runs). */
function render(
  filters: readonly FilterView[],
  state: FilterState = {},
  activeFilters: readonly ActiveFilterEntry[] = [],
): string {
  return renderToStaticMarkup(
    <I18nProvider locale="en" dictionary={english}>
      <FilterPanel
        filters={filters}
        activeFilters={activeFilters}
        state={state}
        onChange={vi.fn()}
        onRemoveActive={vi.fn()}
      />
    </I18nProvider>,
  )
}

/** The attributes of the section header button titled `title`. */
function header(html: string, title: string): string {
  const match = new RegExp(`<button([^>]*)>${title}<svg`).exec(html)
  if (!match?.[1]) throw new Error(`No section header ${title}`)
  return match[1]
}

/** The attributes of the input the pattern's first group captures. */
function input(html: string, pattern: RegExp): string {
  const match = pattern.exec(html)
  if (!match?.[1]) throw new Error(`No input matching ${pattern}`)
  return match[1]
}

describe('filter panel (server render)', () => {
  it('is a region titled "Filter products" with a collapsed section per filter', () => {
    const html = render([brand, model, lensWidth])
    expect(html).toMatch(
      /<section aria-labelledby="([^"]+)"[^>]*><h2 id="\1"[^>]*>Filter products<\/h2>/,
    )
    for (const title of ['Brand', 'Search by model', 'Lens width']) {
      expect(header(html, title)).toContain('aria-expanded="false"')
    }
    const controls = /aria-controls="([^"]+)"/.exec(header(html, 'Brand'))?.[1]
    expect(html).toContain(`id="${controls}" role="group"`)
    // A closed filter's values are drawn when it is first opened, not before.
    expect(html).not.toContain('Ray-Ban')
    expect(html).not.toContain('Active filters:')
  })

  it('starts with the sections that have a selection open', () => {
    const html = render([brand, model, lensWidth], {
      brand: { type: 'multiselect', keys: ['rayban'] },
      lensWidth: { type: 'range', min: 40, max: 50 },
    })
    expect(header(html, 'Brand')).toContain('aria-expanded="true"')
    expect(header(html, 'Lens width')).toContain('aria-expanded="true"')
    expect(header(html, 'Search by model')).toContain('aria-expanded="false"')
  })

  it('lists values with counts, ticks the selected and disables dead ends', () => {
    const html = render([brand], { brand: { type: 'multiselect', keys: ['rayban'] } })
    const rayban = input(html, /<input([^>]*)\/><span[^>]*>Ray-Ban<\/span><span[^>]*>\(4\)/)
    expect(rayban).toContain('checked=""')
    expect(rayban).not.toContain('disabled')
    const oakley = input(html, /<input([^>]*)\/><span[^>]*>Oakley<\/span><span[^>]*>\(0\)/)
    expect(oakley).toContain('disabled=""')
    expect(oakley).not.toContain('checked')
  })

  it('gives the text search the title as placeholder and the search-everywhere hint', () => {
    const html = render([model], { model: { type: 'text', value: 'aviator' } })
    const search = input(html, /<input([^>]*type="search"[^>]*)\/>/)
    expect(search).toContain('placeholder="Search by model"')
    expect(search).toContain('value="aviator"')
    expect(html).toContain('Search in all categories')
  })

  it('shows the range thumbs with rounded values and the unit', () => {
    const html = render([lensWidth], { lensWidth: { type: 'range', min: 20, max: 50 } })
    const from = input(html, /<input([^>]*aria-label="Lens width, from"[^>]*)\/>/)
    for (const attribute of ['min="0"', 'max="62"', 'step="1"', 'value="20"']) {
      expect(from).toContain(attribute)
    }
    expect(from).toContain('aria-valuetext="20 mm"')
    const to = input(html, /<input([^>]*aria-label="Lens width, to"[^>]*)\/>/)
    expect(to).toContain('value="50"')
    expect(html).toContain('>20 mm</span>')
    expect(html).toContain('>50 mm</span>')
    const close = render([lensWidth], { lensWidth: { type: 'range', min: 45, max: 50 } })
    expect(close).toContain('>45 – 50 mm</span>')
    expect(close).not.toContain('>45 mm</span>')
  })

  it('keeps each range thumb a touch target of its own, on its own side of the track', () => {
    const html = render([lensWidth], { lensWidth: { type: 'range', min: 20, max: 50 } })
    const from = input(html, /<input([^>]*aria-label="Lens width, from"[^>]*)\/>/)
    const to = input(html, /<input([^>]*aria-label="Lens width, to"[^>]*)\/>/)
    // 24 px thumbs, 44 px on a coarse pointer; each input spans the track less one thumb.
    expect(html).toContain('[--thumb:1.5rem] pointer-coarse:[--thumb:2.75rem]')
    for (const slider of [from, to]) {
      expect(slider).toContain('h-(--thumb) w-[calc(100%-var(--thumb))]')
      expect(slider).toContain('[&amp;::-webkit-slider-thumb]:size-(--thumb)')
    }
    expect(from).toContain(' left-0 ')
    expect(to).toContain(' left-(--thumb) ')
  })

  it('lists the active filters as buttons that say what they remove', () => {
    const html = render([brand], { brand: { type: 'multiselect', keys: ['rayban'] } }, [
      {
        title: 'Brand',
        column: 'brand',
        name: 'brand',
        value: 'rayban',
        valueName: 'Ray-Ban',
        type: 'multiselect',
      },
    ])
    expect(html).toContain('Active filters:')
    expect(html).toMatch(
      /<button type="button"[^>]*><span class="sr-only">Remove filter: <\/span>Brand: Ray-Ban<svg/,
    )
  })

  it('shows extra sections after the filters', () => {
    const html = renderToStaticMarkup(
      <I18nProvider locale="en" dictionary={english}>
        <FilterPanel
          filters={[brand]}
          activeFilters={[]}
          state={{}}
          onChange={vi.fn()}
          onRemoveActive={vi.fn()}
        >
          <p>Fits like my glasses</p>
        </FilterPanel>
      </I18nProvider>,
    )
    expect(html.indexOf('Fits like my glasses')).toBeGreaterThan(html.indexOf('Ray-Ban'))
  })

  it('renders nothing for a filter of an unknown type', () => {
    const odd = { ...brand, name: 'mood', title: 'Mood', type: 'slider' } as unknown as FilterView
    const html = render([odd, model])
    expect(html).not.toContain('Mood')
    expect(html).toContain('Search by model')
  })
})
