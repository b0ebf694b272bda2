import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from 'react-router'
import css from './app.css?inline'
import { StylesheetContext } from './components/inline-stylesheet.tsx'
import { getStorefront } from './get-storefront.server.ts'
import { htmlStream } from './html-stream.server.ts'

export const streamTimeout = 5_000

/** The stylesheet as a `<style>` element's text, escaped once: every page carries it. */
const styleText = css.replaceAll('</', '<\\/')
/** …and its bytes, encoded once. */
const encodedOnce: ReadonlyMap<string, Uint8Array> = new Map([[styleText, Buffer.from(styleText)]])

/**
 * Failures of loaders, actions and rendering go to the server's log with the request id. A
 * request the client cancelled, or a client error (a POST to a page without an action), is no
 * failure of ours and is not logged.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  getStorefront(context).log.error({ err: error, url: request.url }, 'storefront page failed')
}

/**
 * Renders a page to HTML. Differs from React Router's default entry in one point: every script
 * it writes carries this request's CSP nonce (the policy allows no other scripts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return Promise.resolve(
      new Response(null, { status: responseStatusCode, headers: responseHeaders }),
    )
  }
  const nonce = getStorefront(loadContext).cspNonce

  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    // Abort after the stream timeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    )

    const { pipe, abort } = renderToPipeableStream(
      <StylesheetContext value={styleText}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = htmlStream({
            encoded: encodedOnce,
            onEnd() {
              clearTimeout(timeoutId)
              timeoutId = undefined
            },
          })
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body.destination)
          resolve(
            new Response(body.stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)))
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors before the shell is ready reject above and are logged by handleError.
          if (shellRendered)
            getStorefront(loadContext).log.error(
              { err: error, url: request.url },
              'storefront render failed',
            )
        },
      },
    )
  })
}
