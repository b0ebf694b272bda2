import { createContext, useContext, useState } from 'react'

/**
 * The shop's whole stylesheet as a `<style>` element's text (`</` escaped), which the server gives
 * the page it renders (entry.server).
 */
export const StylesheetContext = createContext<string | null>(null)

const ID = 'shop-css'

/**
 * The stylesheet inside the page instead of a render-blocking request: a phone on a slow network
 * paints the first screen one round trip earlier (decision 019). The browser keeps the element
 * the server wrote; while hydrating it reads its text back from the page, so the client's bundle
 * does not carry the stylesheet a second time.
 */
export function InlineStylesheet() {
  const fromServer = useContext(StylesheetContext)
  const [css] = useState(
    () => fromServer ?? globalThis.document?.getElementById(ID)?.textContent ?? '',
  )
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />
}
