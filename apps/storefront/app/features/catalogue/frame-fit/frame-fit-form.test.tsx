import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { catalogue } from '@optika/i18n/catalogue'
import type { ListFit } from '@optika/domain/catalogue/product-list-api'
import { I18nProvider } from '../../../i18n/i18n-provider.tsx'
import { FrameFitForm } from './frame-fit-form.tsx'

const english = Object.fromEntries(Object.entries(catalogue).map(([key, texts]) => [key, texts.en]))

const fit: ListFit = {
  selected: null,
  ranked: false,
  ranges: {
    lensWidth: { min: 44, max: 58 },
    bridgeWidth: { min: 14, max: 22 },
    templeLength: { min: 130, max: 150 },
  },
}

function render(props: Partial<Parameters<typeof FrameFitForm>[0]> = {}): string {
  return renderToStaticMarkup(
    <I18nProvider locale="en" dictionary={english}>
      <FrameFitForm
        fit={fit}
        selected={null}
        signedIn={false}
        onApply={() => {}}
        onRemove={() => {}}
        {...props}
      />
    </I18nProvider>,
  )
}

describe('fits like my glasses form', () => {
  it('labels the three sizes and gives each its bounds in millimetres', () => {
    const html = render()
    // A heading whose button opens the closed body.
    expect(html).toMatch(
      /<h2[^>]*><button type="button" aria-expanded="false" aria-controls="([^"]+)"[^>]*>Fits like my glasses<svg.*<div id="\1" hidden="">/,
    )
    for (const [label, hint] of [
      ['Lens width', '30–70 mm'],
      ['Bridge width', '10–30 mm'],
      ['Temple length', '100–170 mm'],
    ]) {
      const input = new RegExp(
        `<label for="([^"]+)"[^>]*>${label}</label>.*?<input[^>]*id="\\1"[^>]*aria-describedby="\\1-hint"`,
      )
      expect(html).toMatch(input)
      expect(html).toContain(`>${hint}</p>`)
    }
    expect(html).toContain('inputMode="numeric"')
    expect(html).toContain('Show frames that fit</button>')
    // No active entry and no bought frames for an anonymous visitor without a fit.
    expect(html).not.toContain('Remove filter')
    expect(html).not.toContain('Use a frame I bought')
  })

  it('shows the chosen pair as a removable active entry and in the inputs', () => {
    const html = render({
      selected: { lensWidth: 52, bridgeWidth: 18, templeLength: 140 },
      fit: { ...fit, ranked: true },
    })
    expect(html).toContain(
      '<span class="sr-only">Remove filter: </span>Fits like my glasses: 52□18 140',
    )
    expect(html).toContain('The closest sizes come first.')
    expect(html).toContain('value="52"')
    expect(html).toContain('value="18"')
    expect(html).toContain('value="140"')
  })

  it('offers a signed-in customer the frames they bought', () => {
    expect(render({ signedIn: true })).toContain('Use a frame I bought</button>')
  })
})
