import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { catalogue } from '@optika/i18n/catalogue'
import type {
  ResolvedBrick,
  ResolvedContent,
  ResolvedEditables,
  ResolvedImage,
  ResolvedProductTile,
} from '@optika/domain/cms/resolved-content'
import { I18nProvider } from '../../i18n/i18n-provider.tsx'
import { DocumentContent, NavigationLinks } from './document-content.tsx'

const english = Object.fromEntries(Object.entries(catalogue).map(([key, texts]) => [key, texts.en]))

const picture: ResolvedImage = {
  src: '/media/medium/a.webp',
  srcSet: '/media/thumbnail/a.webp 320w, /media/medium/a.webp 640w',
  width: 640,
  height: 320,
  alt: 'Round frames on a table',
}

const tile: ResolvedProductTile = {
  id: 100,
  name: 'Zofie',
  url: '/en/p/100/zofie',
  type: 'frame',
  statuses: [],
  variants: [{ id: 200, code: 'LU-1001-BK' }],
  colors: [],
}

function content(
  template: string,
  editables: ResolvedEditables,
  signedIn = false,
): ResolvedContent {
  return { template, locale: 'en', editables, signedIn }
}

function area(...bricks: ResolvedBrick[]): ResolvedEditables {
  return { content: { type: 'areablock', bricks } }
}

function render(node: React.ReactNode): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <I18nProvider locale="en" dictionary={english}>
        {node}
      </I18nProvider>
    </MemoryRouter>,
  )
}

describe('DocumentContent (server render)', () => {
  it('draws a content page: its headline as the h1 and each brick in order', () => {
    const html = render(
      <DocumentContent
        content={content('content', {
          headline: { type: 'input', text: 'Terms & conditions' },
          ...area(
            { id: 'a', brick: 'text', html: '<p>Shipping from <strong>Germany</strong>.</p>' },
            {
              id: 'b',
              brick: 'image-text',
              image: picture,
              html: '<p>Beside the picture</p>',
              imagePosition: 'right',
            },
          ),
        })}
      />,
    )
    expect(html).toMatch(/<h1[^>]*>Terms &amp; conditions<\/h1>/)
    expect(html.indexOf('Shipping from')).toBeLessThan(html.indexOf('Beside the picture'))
    expect(html).toContain('<strong>Germany</strong>')
    expect(html).toContain('alt="Round frames on a table"')
    expect(html).toContain('width="640" height="320"')
    expect(html).toContain('md:order-2')
  })

  it('leaves the h1 to a page that draws its own heading around embedded content', () => {
    const landing = render(
      <DocumentContent
        embedded
        content={content('landing', {
          heroTitle: { type: 'input', text: 'Summer' },
          ...area({ id: 'a', brick: 'text', html: '<p>Body</p>' }),
        })}
      />,
    )
    expect(landing).not.toContain('<h1')
    expect(landing).toMatch(/<h2[^>]*>Summer<\/h2>/)
    const page = render(
      <DocumentContent
        embedded
        content={content('content', { headline: { type: 'input', text: 'Terms' }, ...area() })}
      />,
    )
    expect(page).not.toContain('<h1')
  })

  it('falls back to the page title when the headline is empty', () => {
    const html = render(<DocumentContent content={content('content', area())} title="Contact" />)
    expect(html).toMatch(/<h1[^>]*>Contact<\/h1>/)
  })

  it('names a titled brick’s region by its heading and shows tiles without prices to visitors', () => {
    const teaser: ResolvedBrick = {
      id: 't',
      brick: 'product-teaser',
      title: 'New in',
      products: [tile],
    }
    const html = render(<DocumentContent content={content('content', area(teaser))} />)
    const region = /<section aria-labelledby="([^"]+)" data-brick="product-teaser"/.exec(html)
    expect(region).not.toBeNull()
    expect(html).toContain(`<h2 id="${region?.[1]}"`)
    expect(html).toContain('href="/en/p/100/zofie"')
    expect(html).toContain(english['auth.priceAfterLogin'])
    const signedIn = render(<DocumentContent content={content('content', area(teaser), true)} />)
    expect(signedIn).not.toContain(english['auth.priceAfterLogin'])
  })

  it('draws a landing page’s hero with its call to action, and marks new-window links', () => {
    const html = render(
      <DocumentContent
        content={content('landing', {
          heroTitle: { type: 'input', text: 'Summer sunglasses' },
          heroText: { type: 'textarea', text: 'Light frames for long days.' },
          heroImage: { type: 'image', image: picture },
          heroLink: {
            type: 'link',
            link: {
              href: 'https://brand.example/summer',
              text: 'See the brand',
              title: '',
              newWindow: true,
              external: true,
            },
          },
          ...area(),
        })}
      />,
    )
    expect(html).toMatch(/<h1[^>]*>Summer sunglasses<\/h1>/)
    expect(html).toMatch(
      /<a href="https:\/\/brand.example\/summer"[^>]*target="_blank" rel="noopener noreferrer"[^>]*>See the brand<span class="sr-only"> \(opens in a new window\)<\/span><\/a>/,
    )
    expect(html).toContain('fetchPriority="high"')
  })

  it('draws the home page’s benefit tiles and a navigation snippet’s links', () => {
    const home = render(
      <DocumentContent
        content={content('home', {
          benefits: {
            type: 'block',
            items: [
              {
                icon: { type: 'select', text: 'truck' },
                title: { type: 'input', text: 'Fast delivery' },
                text: { type: 'textarea', text: 'From our central warehouse' },
              },
              { icon: { type: 'select', text: 'star' } },
            ],
          },
        })}
      />,
    )
    expect(home).toContain('Fast delivery')
    expect(home.match(/<li /g)).toHaveLength(1)

    const links: ResolvedEditables = {
      links: {
        type: 'block',
        items: [
          {
            link: {
              type: 'link',
              link: {
                href: '/en/terms',
                text: 'Terms',
                title: '',
                newWindow: false,
                external: false,
              },
            },
          },
          { link: { type: 'link', link: null } },
        ],
      },
    }
    const footer = render(<NavigationLinks editables={links} label="Footer" />)
    expect(footer).toMatch(/<nav aria-label="Footer"[^>]*><ul[^>]*><li><a [^>]*href="\/en\/terms"/)
    expect(footer.match(/<li>/g)).toHaveLength(1)
  })

  it('draws a gallery as links to the large pictures and a dealer list with phone links', () => {
    const html = render(
      <DocumentContent
        content={content(
          'content',
          area(
            {
              id: 'g',
              brick: 'gallery',
              title: '',
              images: [{ thumbnail: picture, full: { ...picture, src: '/media/large/a.webp' } }],
            },
            {
              id: 'd',
              brick: 'dealer-map',
              title: '',
              country: 'CZ',
              dealers: [
                {
                  id: 1,
                  name: 'Optika Brno',
                  street: 'Masarykova 1',
                  postcode: '602 00',
                  city: 'Brno',
                  country: 'CZ',
                  phone: '+420 541 000 111',
                  email: '',
                  web: '',
                  lat: null,
                  lng: null,
                },
              ],
            },
          ),
        )}
      />,
    )
    expect(html).toContain('href="/media/large/a.webp"')
    expect(html).toContain('alt="Enlarge the picture: Round frames on a table"')
    // The lightbox (the shop's one picture zoom) is drawn only once a picture is opened.
    expect(html).not.toContain('<dialog')
    expect(html).toContain('href="tel:+420541000111"')
    expect(html).toContain('Czechia')
  })

  it('draws the contact form with labelled fields and the consent, without a captcha for customers', () => {
    const form: ResolvedBrick = { id: 'c', brick: 'contact-form', title: '', intro: 'Ask us.' }
    const visitor = render(<DocumentContent content={content('content', area(form))} />)
    expect(visitor).toContain('Write to us')
    expect(visitor).toMatch(/<label[^>]*for="contact-c-name"/)
    expect(visitor).toContain('href="/en/privacy"')
    expect(visitor).toContain(english['validation.captchaLabel'])
    const customer = render(<DocumentContent content={content('content', area(form), true)} />)
    expect(customer).not.toContain(english['validation.captchaLabel'])
  })

  it('embeds a snippet’s own content and draws unknown templates plainly', () => {
    const html = render(
      <DocumentContent
        content={content('something-else', {
          intro: { type: 'textarea', text: 'Plain text' },
          box: {
            type: 'snippet',
            content: content(
              'content-snippet',
              area({ id: 's', brick: 'text', html: '<p>From the snippet</p>' }),
            ),
          },
        })}
      />,
    )
    expect(html).toContain('Plain text')
    expect(html).toContain('From the snippet')
    expect(html).toContain('data-template="content-snippet"')
  })
})
