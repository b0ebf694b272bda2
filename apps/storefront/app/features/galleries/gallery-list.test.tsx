import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { catalogue } from '@optika/i18n/catalogue'
import type { GalleryAlbum, GalleryPicture } from '@optika/domain/community/gallery-api'
import { I18nProvider } from '../../i18n/i18n-provider.tsx'
import { GalleryList } from './gallery-list.tsx'
import { GalleryPictures } from './gallery-album.tsx'

const english = Object.fromEntries(Object.entries(catalogue).map(([key, texts]) => [key, texts.en]))

const picture = (id: number, caption: string): GalleryPicture => ({
  id,
  caption,
  alt: caption,
  thumbnail: { src: `/media/thumbnail/g/${id}.webp`, width: 320, height: 240 },
  medium: { src: `/media/medium/g/${id}.webp`, width: 640, height: 480 },
  large: { src: `/media/large/g/${id}.webp`, width: 960, height: 720 },
})

const album: GalleryAlbum = {
  id: 7,
  title: 'Summer',
  description: 'Sun and water',
  date: '2026-06-01',
  url: '/en/galleries/7/summer',
  cover: picture(1, 'A boat'),
  pictureCount: 2,
  pictures: [picture(1, 'A boat'), picture(2, '')],
  urls: { cs: '', en: '', hu: '', pl: '', ro: '', sk: '' },
  preview: false,
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

describe('the galleries list and album', () => {
  it('says No galleries found when there is none', () => {
    expect(render(<GalleryList galleries={[]} />)).toContain('No galleries found')
  })

  it('draws each album as a card with its link, date and photograph count', () => {
    const html = render(<GalleryList galleries={[album]} />)
    expect(html).toContain('href="/en/galleries/7/summer"')
    expect(html).toContain('dateTime="2026-06-01"')
    expect(html).toContain('Photographs: 2')
  })

  it('draws the pictures as links to the large size, named by their captions, without a dialog yet', () => {
    const html = render(<GalleryPictures album={album} />)
    expect(html).toContain('href="/media/large/g/1.webp"')
    expect(html).toContain('aria-label="Enlarge photograph 1 of 2: A boat"')
    expect(html).toContain('aria-label="Enlarge photograph 2 of 2"')
    expect(html).toContain('<figcaption')
    expect(html).not.toContain('<dialog')
  })
})
