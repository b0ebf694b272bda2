import type sharp from 'sharp'

let loading: Promise<typeof sharp> | null = null

/**
 * sharp, loaded by the first picture that needs it: the server starts without libvips and the
 * modules its loading resolves (decision 071). Node keeps the module, so later calls are cheap.
 * libvips' operation cache stays off, as the picture routes have always set it.
 */
export function loadSharp(): Promise<typeof sharp> {
  loading ??= import('sharp').then(({ default: loaded }) => {
    loaded.cache(false)
    return loaded
  })
  return loading
}
