import { describe, expect, it, vi } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { catalogue } from '@optika/i18n/catalogue'
import type { ActiveFilterEntry, FilterView } from '@optika/domain/catalogue/product-list-api'
import { I18nProvider } from '../../../i18n/i18n-provider.tsx'
import { FilterDrawer } from './filter-drawer.tsx'

const english = Object.fromEntries(Object.entries(catalogue).map(([key, texts]) => [key, texts.en]))

const brand: FilterView = {
  name: 'brand',
  title: 'Brand',
  type: 'multiselect',
  column: 'brand',
  values: [
    { key: 'rayban', name: 'Ray-Ban', icon: null, count: 4 },
    { key: 'oakley', name: 'Oakley', icon: null, count: 2 },
  ],
  selectedValues: ['rayban', 'oakley'],
  value: '',
}

function entry(value: string, valueName: string): ActiveFilterEntry {
  return { title: 'Brand', column: 'brand', name: 'brand', value, valueName, type: 'multiselect' }
}

function render(activeFilters: readonly ActiveFilterEntry[]): string {
  return renderToStaticMarkup(
    <I18nProvider locale="en" dictionary={english}>
      <FilterDrawer
        filters={[brand]}
        activeFilters={activeFilters}
        state={{ brand: { type: 'multiselect', keys: activeFilters.map((e) => e.value) } }}
        totalCount={6}
        onApply={vi.fn()}
        preview={vi.fn()}
      >
        <p>Fits like my glasses</p>
      </FilterDrawer>
    </I18nProvider>,
  )
}

describe('filter drawer (server render)', () => {
  it('starts as a button that counts the active filter entries and opens a dialog', () => {
    const html = render([entry('rayban', 'Ray-Ban'), entry('oakley', 'Oakley')])
    expect(html).toMatch(
      /<button type="button" aria-haspopup="dialog" aria-expanded="false"[^>]*>.*Filter \(2\)<\/button>/,
    )
    expect(render([])).toMatch(/<svg[^>]*>.*<\/svg>Filter<\/button>/)
  })

  it('renders the closed dialog empty: its panel mounts when it opens', () => {
    const html = render([entry('rayban', 'Ray-Ban')])
    expect(html).toMatch(/<dialog aria-labelledby="[^"]+"[^>]*><\/dialog>/)
    expect(html).not.toContain('Fits like my glasses')
    expect(html).not.toContain('Ray-Ban')
  })
})
