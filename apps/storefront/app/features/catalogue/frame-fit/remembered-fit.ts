import { formatFitParam, parseFitParam, type FrameSize } from '@optika/domain/catalogue/frame-fit'

/** The shopper's pair, kept on this device (decision 025): the `fit` parameter's encoding. */
const STORAGE_KEY = 'optika.frameFit'

/** The pair remembered on this device; null when none (or storage is blocked). */
export function readRememberedFit(): FrameSize | null {
  try {
    return parseFitParam(window.localStorage.getItem(STORAGE_KEY))
  } catch {
    return null
  }
}

/** Remembers the pair (null forgets it); a browser that refuses storage just does not remember. */
export function rememberFit(size: FrameSize | null): void {
  try {
    if (size) window.localStorage.setItem(STORAGE_KEY, formatFitParam(size))
    else window.localStorage.removeItem(STORAGE_KEY)
  } catch {
    // Private modes and full storage: the choice lasts for this page only.
  }
}
