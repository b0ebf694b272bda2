// @vitest-environment happy-dom
import { act, useEffect } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { createMemoryRouter, Router, RouterProvider, type To } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { useUrlFilters } from './use-url-filters.ts'

interface ListFilters {
  type: string
  search: string
  page: number
}

function readFilters(params: URLSearchParams): ListFilters {
  return {
    type: params.get('type') ?? '',
    search: params.get('search') ?? '',
    page: Number(params.get('page') ?? '1'),
  }
}

function writeFilters(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.type) params.set('type', filters.type)
  if (filters.search) params.set('search', filters.search)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

let hook: ReturnType<typeof useUrlFilters<ListFilters>> | undefined
let root: Root | undefined

function ListScreen() {
  const urlFilters = useUrlFilters(readFilters, writeFilters)
  useEffect(() => {
    hook = urlFilters
  })
  return null
}

/** Shows the list screen at the last of `entries`, the others behind it in the history. */
async function openList(...entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/list', Component: ListScreen },
      { path: '/elsewhere', Component: () => null },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  )
  root = createRoot(document.createElement('div'))
  await settle(() => root?.render(<RouterProvider router={router} />))
  return router
}

/** Runs `changes` at once, without a render between them, then lets the router finish. */
async function settle(changes: () => void) {
  await act(async () => {
    changes()
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

function screen() {
  if (!hook) throw new Error('the list screen has not rendered')
  return hook
}

afterEach(() => {
  act(() => root?.unmount())
  hook = undefined
})

describe('filters kept in the address', () => {
  it('keeps both of two changes made before the screen draws again', async () => {
    const router = await openList('/list?page=3')
    await settle(() => {
      screen().setFilters({ type: 'x', page: 1 })
      screen().setFilters({ search: 'y', page: 1 })
    })
    expect(router.state.location.search).toBe('?type=x&search=y')
    expect(screen().filters).toEqual({ type: 'x', search: 'y', page: 1 })
  })

  it('builds on the address gone back to, not on what it wrote before', async () => {
    const router = await openList('/list?type=a', '/list?type=b')
    await settle(() => screen().setFilters({ search: 'y' }))
    expect(router.state.location.search).toBe('?type=b&search=y')
    await settle(() => void router.navigate(-1))
    expect(router.state.location.search).toBe('?type=a')
    await settle(() => screen().setFilters({ page: 2 }))
    expect(router.state.location.search).toBe('?type=a&page=2')
  })

  it('builds on an address a link opened', async () => {
    const router = await openList('/list?type=a')
    await settle(() => screen().setFilters({ search: 'y' }))
    await settle(() => void router.navigate('/list?search=z'))
    await settle(() => screen().setFilters({ type: 'c' }))
    expect(router.state.location.search).toBe('?type=c&search=z')
  })

  it('replaces the address, so Back leaves the list, and passes the state given', async () => {
    const router = await openList('/elsewhere', '/list')
    await settle(() => screen().setFilters({ type: 'x' }, { state: { kept: 1 } }))
    await settle(() => screen().setFilters({ search: 'y' }, { state: { kept: 2 } }))
    expect(router.state.location.state).toEqual({ kept: 2 })
    await settle(() => void router.navigate(-1))
    expect(router.state.location.pathname).toBe('/elsewhere')
  })

  it('keeps a later change when an earlier one reaches the address after it was made', async () => {
    // A router that shows the address it is told to, so that the first change can arrive late.
    const written: To[] = []
    const navigator = {
      createHref: () => '',
      go: () => undefined,
      push: (to: To) => void written.push(to),
      replace: (to: To) => void written.push(to),
    }
    const show = (address: string) =>
      root?.render(
        <Router location={address} navigator={navigator}>
          <ListScreen />
        </Router>,
      )
    root = createRoot(document.createElement('div'))
    await settle(() => show('/list'))
    screen().setFilters({ type: 'x' })
    screen().setFilters({ search: 'y' })
    await settle(() => show('/list?type=x'))
    screen().setFilters({ page: 2 })
    expect(written.at(-1)).toMatchObject({ search: '?type=x&search=y&page=2' })
  })
})
